import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erc20Abi, type Address } from 'viem';
import { createCycleDriver, lenderActions, type LocalNetwork } from '../../../electron/demo/chain';
import { createChainIndexer, parseServiceLag, type ChainIndexer } from '../../../electron/demo/indexer';
import { SimStore } from '../../../electron/demo/service/store';
import { startSeededNetwork, type SeededNetwork, type SeededTarget } from './helpers';

// The demo's service lags the chain as the real one does: by default it snapshots a vault on
// activity and about daily in the chain's clock; with a delay, every record shows that many
// seconds after the indexer read the chain.
let network: LocalNetwork;
let find: SeededNetwork['find'];
let chains: SeededNetwork['chains'];
const opened: ChainIndexer[] = [];

beforeAll(async () => {
  const started = await startSeededNetwork({ seed: 5, wallets: 14 });
  ({ network, find, chains } = started);
}, 240_000);

afterAll(async () => {
  for (const i of opened) i.close();
  await network?.stop();
});

async function indexed(lag: string): Promise<{ store: SimStore; indexer: ChainIndexer }> {
  const store = new SimStore();
  const indexer = await createChainIndexer(store, chains, { serviceLag: parseServiceLag(lag) });
  opened.push(indexer);
  await indexer.refresh();
  return { store, indexer };
}

const vaultIdOf = (indexer: ChainIndexer, t: SeededTarget) => indexer.vaults.find((v) => v.deployment.epochVault === t.vault.epochVault)!.vaultId;
const depositsOf = (store: SimStore, vaultId: string, wallet: Address) =>
  store.vaultRequests.filter((r) => r.vaultId === vaultId && r.type === 'DEPOSIT' && r.status === 'PENDING' && r.walletAddress.toLowerCase() === wallet.toLowerCase());

describe('--service-lag snapshots (the default)', () => {
  it('records a deposit request at the next read: a request is activity', async () => {
    const { store, indexer } = await indexed('snapshots');
    const alpha = find('alpha');
    const vaultId = vaultIdOf(indexer, alpha);
    const lender = alpha.story.lenders.L8;
    const before = depositsOf(store, vaultId, lender).length;
    await lenderActions(alpha.client, alpha.vault, lender).queueDeposit(250n * 10n ** 6n);
    await indexer.refresh();
    expect(depositsOf(store, vaultId, lender)).toHaveLength(before + 1);
    expect(store.latestVaultBlock(vaultId)!.block.number).toBe(Number(await alpha.client.publicClient.getBlockNumber()));
  });

  it('keeps the last snapshot while nothing happens to the vault, and takes the next one a chain day later', async () => {
    const { store, indexer } = await indexed('snapshots');
    const delta = find('delta');
    const vaultId = vaultIdOf(indexer, delta);
    const snapshot = store.latestVaultBlock(vaultId)!;
    // A transfer of tranche tokens between wallets is no activity of the vault's.
    const holders = Object.values(delta.story.lenders);
    const balances = await Promise.all(holders.map((h) => lenderActions(delta.client, delta.vault, h).trancheBalance()));
    const from = holders[balances.findIndex((b) => b > 0n)]!;
    const to = holders.find((h) => h !== from)!;
    await delta.client.write({ from, to: delta.vault.tranche, abi: erc20Abi, functionName: 'transfer', args: [to, 1n] });
    await indexer.refresh();
    expect(store.latestVaultBlock(vaultId)!.block.number).toBe(snapshot.block.number);

    await delta.client.increaseTime(86_400n);
    await indexer.refresh();
    const next = store.latestVaultBlock(vaultId)!;
    expect(next.block.number).toBe(Number(await delta.client.publicClient.getBlockNumber()));
    expect(next.block.timestamp - snapshot.block.timestamp).toBeGreaterThanOrEqual(86_400);
  });

  it('takes a snapshot when an epoch starts, within the same chain day', async () => {
    const { store, indexer } = await indexed('snapshots');
    const beta = find('beta');
    const vaultId = vaultIdOf(indexer, beta);
    const snapshot = store.latestVaultBlock(vaultId)!;
    expect(snapshot.cdoEpoch?.status).toBe('WAITING');
    const driver = createCycleDriver(beta.client, chains.find((c) => c.client === beta.client)!.deployment);
    await driver.vault('beta').startEpoch();
    await indexer.refresh();
    const next = store.latestVaultBlock(vaultId)!;
    // Less than a day of the chain's clock went by: the start itself made the snapshot.
    expect(next.block.timestamp - snapshot.block.timestamp).toBeLessThan(86_400);
    expect(next.cdoEpoch?.status).toBe('RUNNING');
    expect(store.vaultEpochs.filter((e) => e.vaultId === vaultId && e.status === 'RUNNING')).toHaveLength(1);
  });
});

describe('--service-lag SECONDS', () => {
  it('shows a deposit request only that many seconds after the chain held it', async () => {
    const { store, indexer } = await indexed('4');
    const alpha = find('alpha');
    const vaultId = vaultIdOf(indexer, alpha);
    const lender = alpha.story.lenders.L7;
    const before = depositsOf(store, vaultId, lender).length;
    const headBefore = store.latestVaultBlock(vaultId)!.block.number;
    await lenderActions(alpha.client, alpha.vault, lender).queueDeposit(300n * 10n ** 6n);
    const read = Date.now();
    await indexer.refresh();
    // Read, not yet recorded: the service still shows the chain as it was.
    expect(indexer.publisher.pending()).toBe(1);
    expect(depositsOf(store, vaultId, lender)).toHaveLength(before);
    expect(store.latestVaultBlock(vaultId)!.block.number).toBe(headBefore);
    await expect.poll(() => depositsOf(store, vaultId, lender).length, { timeout: 30_000, interval: 100 }).toBe(before + 1);
    expect(Date.now() - read).toBeGreaterThanOrEqual(4_000);
    expect(indexer.publisher.pending()).toBe(0);
  });

  it('refuses a lag that is neither "snapshots" nor whole seconds, saying what it takes', () => {
    expect(() => parseServiceLag('soon')).toThrow(/--service-lag must be "snapshots" or a whole number of seconds/);
    expect(() => parseServiceLag('1.5')).toThrow(/whole number/);
    expect(parseServiceLag('0')).toEqual({ kind: 'delay', seconds: 0 });
    expect(parseServiceLag(undefined)).toEqual({ kind: 'snapshots' });
  });
});
