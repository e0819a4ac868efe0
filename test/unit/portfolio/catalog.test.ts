import { describe, expect, it } from 'vitest';
import { publicVaults, ServiceCatalog, VAULTS_TOKENS_CHAINS } from '../../../electron/services/catalog/catalog';
import { epochVaultEntries } from '../../../electron/services/portfolio/vault-entries';
import type { ServiceClient } from '../../../electron/services/service-client';

// The catalog a portfolio is built from: only PUBLIC vaults reach the console's screens, and an
// epoch vault is read wherever the service put its queue (under cdoEpoch, or at the top level).
const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const token = { _id: 't1', symbol: 'USDC', decimals: 6, address: address(1) };
const chain = { _id: 'c1', name: 'Local', chainID: 31337, RPCs: [{ https: 'http://127.0.0.1:8545' }] };
const vault = (id: string, visibility: string, extra: Record<string, unknown> = {}) => ({
  _id: id,
  name: `Vault ${id}`,
  visibility,
  contractType: 'CDO_EPOCH',
  tokenId: 't1',
  chainId: 'c1',
  address: address(100 + id.length),
  cdoEpoch: { address: address(200 + id.length), depositQueue: { address: address(300) } },
  ...extra,
});

function clientWith(vaults: unknown[]): { client: ServiceClient; calls: string[] } {
  const calls: string[] = [];
  const lists: Record<string, unknown[]> = { vaults, tokens: [token], chains: [chain] };
  const client = {
    listAll: async (resource: string) => {
      calls.push(resource);
      return lists[resource] ?? [];
    },
  } as unknown as ServiceClient;
  return { client, calls };
}

const read = (client: ServiceClient, catalog = new ServiceCatalog(), now = 1_000) => catalog.read(client, VAULTS_TOKENS_CHAINS, { now });

describe('the portfolio catalog', () => {
  it('keeps PUBLIC vaults and those of a visibility it does not know, for the screens and the epoch vaults alike', async () => {
    const { client } = clientWith([
      vault('a', 'PUBLIC'),
      vault('bb', 'RESTRICTED'),
      vault('ccc', 'HIDDEN'),
      vault('dddd', 'PUBLIC', { contractType: 'BestYield' }),
      vault('eeeee', 'PRIVATE'),
    ]);
    const catalog = await read(client);
    const epochVaults = epochVaultEntries(catalog);
    expect(publicVaults(catalog.vaults).map((v) => v._id)).toEqual(['a', 'dddd', 'eeeee']);
    expect(epochVaults.map((e) => e.vault._id)).toEqual(['a', 'eeeee']);
    expect(epochVaults[0]).toMatchObject({ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545', queue: address(300) });
  });

  it('finds the queue at the top level too (the spec’s wording)', async () => {
    const { client } = clientWith([vault('a', 'PUBLIC', { cdoEpoch: { address: address(201) }, withdrawQueue: { address: address(301) } })]);
    expect(epochVaultEntries(await read(client))[0]!.queue).toBe(address(301));
  });

  it('is read again only after five minutes', async () => {
    const { client, calls } = clientWith([vault('a', 'PUBLIC')]);
    const cache = new ServiceCatalog();
    await read(client, cache, 0);
    await read(client, cache, 5 * 60_000 - 1);
    expect(calls).toHaveLength(3);
    await read(client, cache, 5 * 60_000);
    expect(calls).toHaveLength(6);
  });
});
