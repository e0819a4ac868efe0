import { describe, expect, it } from 'vitest';
import { ServiceCatalog, VAULTS_TOKENS_CHAINS, WHOLE_CATALOG } from '../../../electron/services/catalog/catalog';
import { loadVaultList } from '../../../electron/services/catalog/vault-views';
import { ReferenceDataCache } from '../../../electron/services/insights/reference-data';
import { createServiceGraph } from '../../../electron/runtime/service-graph';
import { PortfolioService } from '../../../electron/services/portfolio/portfolio';
import { TransactionHistory } from '../../../electron/services/transactions/history';
import type { ServiceClient } from '../../../electron/services/service-client';

// The one catalog owner: every reader of vaults, tokens and chains asks it, and within its five
// minutes one read of each list serves them all.
const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const lists: Record<string, unknown[]> = {
  vaults: [
    {
      _id: 'v1',
      name: 'Vault one',
      visibility: 'PUBLIC',
      contractType: 'CDO_EPOCH',
      tokenId: 't1',
      chainId: 'c1',
      address: address(100),
      cdoEpoch: { address: address(200) },
    },
  ],
  tokens: [{ _id: 't1', symbol: 'USDC', decimals: 6, address: address(1) }],
  chains: [{ _id: 'c1', name: 'Local', chainID: 31337, RPCs: [{ https: 'http://127.0.0.1:1' }] }],
  vaultCategories: [],
  vaultTypes: [],
  operators: [],
  campaigns: [],
  transactions: [],
};

function countingClient(): { client: ServiceClient; reads: Record<string, number> } {
  const reads: Record<string, number> = {};
  const client = {
    listAll: async (resource: string) => {
      reads[resource] = (reads[resource] ?? 0) + 1;
      return lists[resource] ?? [];
    },
    listAllVaultLatestBlocks: async () => [],
    requestCounts: () => ({}),
  } as unknown as ServiceClient;
  return { client, reads };
}

const catalogReads = (reads: Record<string, number>) => ({
  vaults: reads.vaults,
  tokens: reads.tokens,
  chains: reads.chains,
  vaultCategories: reads.vaultCategories,
  vaultTypes: reads.vaultTypes,
});

describe('the service catalog', () => {
  it('serves the portfolio, the transaction history, the insight screens and the vault list from one read of each list', async () => {
    const { client, reads } = countingClient();
    const catalog = new ServiceCatalog();
    const portfolio = createServiceGraph({ service: async () => client, rpcUrls: () => [], catalog, includeVault: () => false }).portfolio;
    await portfolio.load([], null);
    await new TransactionHistory({ catalog }).load(client, null, [{ address: address(9), label: 'W' }]);
    await new ReferenceDataCache(catalog).get(client);
    const { list } = await loadVaultList(catalog, client);
    expect(list.vaults.map((v) => v.id)).toEqual(['v1']);
    expect(catalogReads(reads)).toEqual({ vaults: 1, tokens: 1, chains: 1, vaultCategories: 1, vaultTypes: 1 });
  });

  it('is handed to every reader by the service graph: no reader builds a catalog or chain pool of its own', async () => {
    const { client, reads } = countingClient();
    const graph = createServiceGraph({ service: async () => client, rpcUrls: () => [], includeVault: () => false });
    await graph.portfolio.load([], null);
    await new TransactionHistory({ catalog: graph.catalog }).load(client, null, [{ address: address(9), label: 'W' }]);
    await new ReferenceDataCache(graph.catalog).get(client);
    expect(catalogReads(reads)).toEqual({ vaults: 1, tokens: 1, chains: 1, vaultCategories: 1, vaultTypes: 1 });
    // Required, not defaulted: a reader left without the graph's catalog or pool does not compile
    // (a reader of its own catalog would read every list again and keep its own five minutes).
    const unwired = () => [
      // @ts-expect-error the catalog is required
      new TransactionHistory({}),
      // @ts-expect-error the catalog is required
      new ReferenceDataCache(),
      // @ts-expect-error the catalog and the chain pool are required
      new PortfolioService({ service: async () => client }),
    ];
    expect(typeof unwired).toBe('function');
  });

  it('shares one read between readers that ask at the same time', async () => {
    const { client, reads } = countingClient();
    const catalog = new ServiceCatalog();
    await Promise.all([catalog.read(client, VAULTS_TOKENS_CHAINS), catalog.read(client, WHOLE_CATALOG), catalog.read(client, ['chains'])]);
    expect(catalogReads(reads)).toEqual({ vaults: 1, tokens: 1, chains: 1, vaultCategories: 1, vaultTypes: 1 });
  });

  it('reads again when asked to refresh, when its five minutes are over, and after it was invalidated', async () => {
    const { client, reads } = countingClient();
    const catalog = new ServiceCatalog();
    await catalog.read(client, ['vaults'], { now: 0 });
    await catalog.read(client, ['vaults'], { now: 5 * 60_000 - 1 });
    expect(reads.vaults).toBe(1);
    await catalog.read(client, ['vaults'], { now: 1_000, force: true });
    expect(reads.vaults).toBe(2);
    await catalog.read(client, ['vaults'], { now: 1_000 + 5 * 60_000 });
    expect(reads.vaults).toBe(3);
    catalog.invalidate();
    await catalog.read(client, ['vaults'], { now: 1_000 + 5 * 60_000 });
    expect(reads.vaults).toBe(4);
  });

  it('never serves a list read from another service', async () => {
    const first = countingClient();
    const second = countingClient();
    const catalog = new ServiceCatalog();
    await catalog.read(first.client, ['chains'], { now: 0 });
    await catalog.read(second.client, ['chains'], { now: 1 });
    expect([first.reads.chains, second.reads.chains]).toEqual([1, 1]);
  });

  it('keeps no failed read: the next reader asks again', async () => {
    const { client, reads } = countingClient();
    let fail = true;
    const flaky = {
      ...client,
      listAll: async (resource: string) => {
        if (fail) throw new Error('unavailable');
        return client.listAll(resource as 'vaults');
      },
    } as unknown as ServiceClient;
    const catalog = new ServiceCatalog();
    await expect(catalog.read(flaky, ['vaults'])).rejects.toThrow('unavailable');
    fail = false;
    expect((await catalog.read(flaky, ['vaults'])).vaults).toHaveLength(1);
    expect(reads.vaults).toBe(1);
  });
});
