import { createServer } from 'node:net';
import type { PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainPool, displayRpcUrls, serviceRpcUrl, serviceRpcUrls } from '../../../electron/services/chain/pool';
import { ethCallBatchOf } from '../../../electron/services/chain/rpc-client';
import { startAnvil, type AnvilHandle } from '../../../electron/demo/chain/anvil';
import { MULTICALL3_ADDRESS } from '../../../shared/abi';
import type { ResourceItem } from '../../../shared/service';

// The one chain-client pool: a chain is reached only through the addresses its owner gives (the
// operator's own RPCs), in order, with viem's fallback; the service's RPCs are never taken by it.
type Chain = ResourceItem<'chains'>;
const chain = (chainID: number, RPCs: unknown[]) => ({ _id: `c${chainID}`, name: `Chain ${chainID}`, chainID, RPCs }) as unknown as Chain;
const records = [
  chain(1, [{ wss: 'wss://one.example' }, { https: '' }, { https: 'https://one.example/rpc' }, { https: 'https://two.example/rpc' }]),
  chain(2, [{ wss: 'wss://only.example' }]),
];

const urlOf = (client: PublicClient) => (client.transport as { url?: string }).url;

/** A loopback port nothing listens on: connections to it are refused at once, as a dead RPC's are. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let anvil: AnvilHandle;
let dead: string;
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 });
  dead = `http://127.0.0.1:${await deadPort()}`;
}, 60_000);
afterAll(async () => {
  await anvil?.stop();
});

describe('the service’s RPCs', () => {
  it('are read from its chain record (https ones, in order) for suggestions and display only', () => {
    expect(serviceRpcUrls(records[0])).toEqual(['https://one.example/rpc', 'https://two.example/rpc']);
    expect(serviceRpcUrl(records[0])).toBe('https://one.example/rpc');
    expect(serviceRpcUrl(records[1])).toBeNull();
    expect(serviceRpcUrl(undefined)).toBeNull();
    // The display-only readers (status): --rpc first, else the service's.
    const display = displayRpcUrls(new Map([[1, 'http://127.0.0.1:8545']]));
    expect(display(1, records[0]!)).toEqual(['http://127.0.0.1:8545']);
    expect(display(3, chain(3, [{ https: 'https://three.example' }]))).toEqual(['https://three.example']);
  });
});

describe('the chain pool', () => {
  it('never takes the service’s RPC: a chain without an operator RPC is refused, saying where to add one', async () => {
    const pool = new ChainPool({ chainRecords: async () => records, rpcUrls: () => [] });
    const refused = pool.client(1);
    await expect(refused).rejects.toMatchObject({ code: 'CHAIN_NO_RPC' });
    await expect(refused).rejects.toMatchObject({
      message: expect.stringContaining('No RPC of yours is set for Chain 1: its vaults are shown from the service only'),
      action: 'Add an RPC for chain 1 in Settings → Chains.',
    });
    // A headless command names its flag instead.
    const headless = new ChainPool({ rpcUrls: () => [], noRpcAction: (id) => `Give this chain's RPC with --rpc ${id}=URL.` });
    await expect(headless.client(7)).rejects.toMatchObject({ code: 'CHAIN_NO_RPC', action: "Give this chain's RPC with --rpc 7=URL." });
  });

  it('serves a chain on the operator’s address, named from the service’s record', async () => {
    const pool = new ChainPool({ chainRecords: async () => records, rpcUrls: (id) => (id === 1 ? ['http://127.0.0.1:8545'] : []) });
    const client = await pool.client(1);
    expect(urlOf(client)).toBe('http://127.0.0.1:8545');
    expect(client.chain?.id).toBe(1);
    expect(client.chain?.name).toBe('Chain 1');
  });

  it('makes one client per chain and list of addresses and keeps it', async () => {
    let urls = ['https://one.example/rpc'];
    const pool = new ChainPool({ chainRecords: async () => records, rpcUrls: () => urls });
    const first = await pool.client(1);
    expect(await pool.client(1)).toBe(first);
    expect(pool.clientFor(1, ['https://one.example/rpc'], 'Chain 1')).toBe(first);
    urls = ['http://127.0.0.1:8545', 'https://one.example/rpc'];
    const moved = await pool.client(1);
    expect(moved).not.toBe(first);
    expect(pool.clientFor(1, urls)).toBe(moved);
    expect(pool.clientFor(5, urls)).not.toBe(moved);
  });

  it('reads through the next address in order when the first is dead (viem’s fallback, real HTTP)', async () => {
    const pool = new ChainPool({ rpcUrls: () => [dead, anvil.rpcUrl] });
    const client = await pool.client(31337);
    expect(await client.getChainId()).toBe(31337);
    expect(await client.getBlockNumber()).toBeGreaterThanOrEqual(0n);
    // The large read rounds (multicall chunks) bypass viem's transport and fall back the same way.
    const batch = ethCallBatchOf(client)!;
    const [code] = await batch([{ to: MULTICALL3_ADDRESS, data: '0x' }]);
    expect(code).toMatch(/^0x/);
  });

  it('fails with both addresses dead, and a single address is still asked twice', async () => {
    const pool = new ChainPool({ rpcUrls: () => [dead, dead.replace(/:\d+$/, ':1')] });
    await expect((await pool.client(31337)).getChainId()).rejects.toThrow();
    let asked = 0;
    const counting = new ChainPool({
      rpcUrls: () => [dead],
      fetchFn: (async (input: RequestInfo | URL, init?: RequestInit) => {
        asked++;
        return fetch(input, init);
      }) as typeof fetch,
    });
    await expect(ethCallBatchOf(await counting.client(31337))!([{ to: MULTICALL3_ADDRESS, data: '0x' }])).rejects.toThrow();
    expect(asked).toBe(2);
  });
});
