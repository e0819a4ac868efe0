import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { readVaultState, type LocalNetwork, type SeedResult, type SeededVault } from '../../../electron/demo/chain';
import { createChainIndexer, type ChainIndexer, type IndexStats } from '../../../electron/demo/indexer';
import { startSimService, type SimService } from '../../../electron/demo/service';
import { SimStore } from '../../../electron/demo/service/store';
import { erc20Abi } from 'viem';
import { queueWithdrawAbi, simQueueAbi, simStrategyAbi, simVaultAbi, strategy2026Abi } from '../../../electron/demo/chain/simAbi';

const epochVaultAbi = simVaultAbi;
const epochQueueAbi = [...simQueueAbi, ...queueWithdrawAbi];
const strategyAbi = simStrategyAbi;
import {
  ChainSchema,
  PositionSchema,
  TokenBlockSchema,
  TokenSchema,
  TransactionSchema,
  VaultBlockSchema,
  VaultEpochSchema,
  VaultPerformanceSchema,
  VaultRequestSchema,
  VaultSchema,
  type VaultBlock,
} from '../../../shared/service';
import { startSeededNetwork, type SeededNetwork, type SeededTarget } from './helpers';

let network: LocalNetwork;
let seeded: SeedResult;
let find: SeededNetwork['find'];
let store: SimStore;
let indexer: ChainIndexer;
let stats: IndexStats;
let service: SimService;

beforeAll(async () => {
  const started = await startSeededNetwork({ seed: 3, wallets: 20 });
  ({ network, seeded, find } = started);
  const chains = started.chains;
  store = new SimStore();
  indexer = await createChainIndexer(store, chains);
  stats = await indexer.refresh();
  service = await startSimService({ store, apiKey: 'test-key' });
});

afterAll(async () => {
  await service?.close();
  await network?.stop();
});

interface Target extends SeededTarget {
  vaultId: string;
}

function target(key: string): Target {
  const found = find(key);
  const vaultId = indexer.vaults.find((v) => v.deployment.epochVault === found.vault.epochVault)!.vaultId;
  return { ...found, vaultId };
}

const allTargets = (): Target[] => network.chains.flatMap(({ deployment }) => deployment.vaults.map((v) => target(v.key)));

function request(key: string, type: string, role: keyof SeededVault['lenders'], epochNumber?: number) {
  const t = target(key);
  const wallet = t.story.lenders[role].toLowerCase();
  return store.vaultRequests
    .all()
    .filter(
      (r) =>
        r.vaultId === t.vaultId &&
        r.type === type &&
        r.walletAddress.toLowerCase() === wallet &&
        (epochNumber === undefined || r.epochNumber === epochNumber),
    );
}

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${service.url}${path}`, { headers: { authorization: 'Bearer test-key' } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

describe('indexer: the service records of the local chains', () => {
  it('indexes every vault within a few seconds and every record satisfies the service schemas', () => {
    expect(stats.vaults).toBe(5);
    expect(stats.requests).toBeGreaterThan(30);
    expect(stats.ms).toBeLessThan(10_000);
    for (const r of store.chains.all()) ChainSchema.parse(r);
    for (const r of store.tokens.all()) TokenSchema.parse(r);
    for (const r of store.vaults.all()) VaultSchema.parse(r);
    for (const r of store.vaultBlocks.all()) VaultBlockSchema.parse(r);
    for (const r of store.vaultEpochs.all()) VaultEpochSchema.parse(r);
    for (const r of store.vaultRequests.all()) VaultRequestSchema.parse(r);
    for (const r of store.positions.all()) PositionSchema.parse(r);
    for (const r of store.transactions.all()) TransactionSchema.parse(r);
    for (const r of store.vaultPerformances.all()) VaultPerformanceSchema.parse(r);
    for (const r of store.tokenBlocks.all()) TokenBlockSchema.parse(r);
    expect(store.tokenBlocks.size).toBe(6); // three stablecoins on each chain
    const chainRecords = store.chains.all();
    expect(chainRecords.map((c) => c.chainID)).toEqual([31337, 31338]);
    expect(chainRecords.map((c) => c.RPCs?.[0]?.https)).toEqual(network.chains.map((c) => c.chain.rpcUrl));
  });

  it('describes each vault with its contracts as the console expects them', () => {
    for (const t of allTargets()) {
      const record = store.vaults.get(t.vaultId)!;
      expect(record.address).toBe(t.vault.tranche);
      expect(record.cdoEpoch?.address).toBe(t.vault.epochVault);
      expect(record.cdoEpoch?.depositQueue?.address).toBe(t.vault.depositQueue ?? undefined);
      expect(record.cdoEpoch?.withdrawQueue?.address).toBe(t.vault.withdrawQueue ?? undefined);
      expect(record.strategy?.address).toBe(t.vault.strategy);
      // The official shapes: the tranche's code at the top, each contract's code beside it.
      expect(record.abiCode).toBe('CDO_EPOCH_MAIN_V2');
      expect(record.cdoEpoch?.abiCode).toMatch(/^CDO_EPOCH_MAIN_V[134]$/);
      expect(store.tokens.get(record.tokenId)?.address).toBe(t.vault.token.address);
    }
  });

  it('the latest vault block agrees with direct contract reads', async () => {
    for (const t of allTargets()) {
      const block = store.latestVaultBlock(t.vaultId)!;
      const state = await readVaultState(t.client, t.vault);
      const read = t.client.publicClient;
      expect(block.cdoEpoch?.status, t.vault.key).toBe(state.state);
      expect(block.cdoEpoch?.status).toBe(t.story.expectedState);
      expect(BigInt(block.cdoEpoch?.epochNumber ?? -1)).toBe(state.epochNumber);
      expect(block.price).toBe(
        String(
          await read.readContract({
            address: t.vault.epochVault,
            abi: epochVaultAbi,
            functionName: 'virtualPrice',
            args: [t.vault.tranche],
          }),
        ),
      );
      expect(block.totalSupply).toBe(
        String(await read.readContract({ address: t.vault.tranche, abi: erc20Abi, functionName: 'totalSupply' })),
      );
      expect(block.TVL?.token).toBe(
        String(await read.readContract({ address: t.vault.epochVault, abi: epochVaultAbi, functionName: 'getContractValue' })),
      );
      expect(block.cdoEpoch?.instantWithdraws?.allowed).toBe(state.allowInstantWithdraw);
      // An apr0 vault's rate is set at each stop: the service shows the rate it is paid.
      const rate = t.vault.spec.rateAtStop ? t.vault.spec.aprPercent : Number(state.unscaledApr) / 1e18;
      expect(block.APRs?.BASE).toBeCloseTo(rate, 6);
    }
  });

  it('every seeded wallet position agrees with its balances and open requests on chain', async () => {
    for (const t of allTargets()) {
      const read = t.client.publicClient;
      const epochNumber = await read.readContract({ address: t.vault.strategy, abi: strategyAbi, functionName: 'epochNumber' });
      for (const wallet of seeded.wallets) {
        const address = wallet.address as Address;
        const position = store.position(t.vaultId, address);
        const balance = await read.readContract({ address: t.vault.tranche, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
        let queuedDeposits = 0n;
        let queuedWithdrawals = 0n;
        for (let e = 1n; e <= epochNumber + 1n; e++) {
          queuedDeposits += await read.readContract({
            address: t.vault.depositQueue!,
            abi: epochQueueAbi,
            functionName: 'userDepositsEpochs',
            args: [address, e],
          });
          queuedWithdrawals += await read.readContract({
            address: t.vault.withdrawQueue!,
            abi: epochQueueAbi,
            functionName: 'userWithdrawalsEpochs',
            args: [address, e],
          });
        }
        const receipts = await read.readContract({
          address: t.vault.strategy,
          abi: strategyAbi,
          functionName: 'balanceOf',
          args: [address],
        });
        // An apr0 redeem is worth its receipt plus its share of the stop's interest (apr0Users).
        let apr0Interest = 0n;
        if (t.vault.generations.strategy === 'CDO_EPOCH_STRATEGY_2026') {
          const [principal, principalEpoch, , settledInterest] = await read.readContract({
            address: t.vault.strategy,
            abi: strategy2026Abi,
            functionName: 'apr0Users',
            args: [address],
          });
          const rate = await read.readContract({ address: t.vault.strategy, abi: strategy2026Abi, functionName: 'apr0RateByEpoch', args: [principalEpoch] });
          apr0Interest = settledInterest + (principal * rate) / 10n ** 18n;
        }
        const open = store.vaultRequests
          .all()
          .filter((r) => r.vaultId === t.vaultId && r.walletAddress === address && r.status !== 'CLAIMED');
        const sum = (type: string, field: 'amount' | 'lpAmount') =>
          open.filter((r) => r.type === type).reduce((s, r) => s + BigInt(r[field] ?? '0'), 0n);

        if (!position) {
          expect(balance, `${t.vault.key} ${address}`).toBe(0n);
          expect(open).toEqual([]);
          continue;
        }
        expect(position.balance, `${t.vault.key} ${address}`).toBe(balance.toString());
        expect(BigInt(position.redeemable!.token!)).toBe((balance * BigInt(position.vaultPrice!)) / 10n ** 18n);
        expect(BigInt(position.pendingDeposits!.token!)).toBe(queuedDeposits);
        expect(sum('DEPOSIT', 'amount')).toBe(queuedDeposits);
        expect(sum('WITHDRAW', 'lpAmount')).toBe(queuedWithdrawals);
        expect(sum('REDEEM', 'amount')).toBe(receipts + apr0Interest);
      }
    }
  });

  it('counts as holders exactly the wallets holding tranche tokens', async () => {
    for (const t of allTargets()) {
      const performance = store.latestPerformance(t.vaultId)!;
      let holders = 0;
      for (const wallet of seeded.wallets) {
        const balance = await t.client.publicClient.readContract({
          address: t.vault.tranche,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [wallet.address],
        });
        if (balance > 0n) holders += 1;
      }
      expect(performance.holders, t.vault.key).toBe(holders);
      expect(performance.vaultBlockId).toBe(store.latestVaultBlock(t.vaultId)!._id);
    }
  });

  it('gives each story request the status a lender would see', () => {
    const statusOf = (key: string, type: string, role: keyof SeededVault['lenders'], e?: number) =>
      request(key, type, role, e).map((r) => r.status);
    expect(statusOf('alpha', 'DEPOSIT', 'L6', 3)).toEqual(['PENDING']);
    expect(statusOf('alpha', 'WITHDRAW', 'L2', 3)).toEqual(['PENDING']);
    expect(statusOf('alpha', 'DEPOSIT', 'L7', 1)).toEqual(['CLAIMABLE']);
    expect(statusOf('alpha', 'DEPOSIT', 'L6', 1)).toEqual(['CLAIMED']);
    expect(statusOf('alpha', 'DEPOSIT', 'L8', 2)).toEqual([]); // cancelled
    expect(statusOf('alpha', 'WITHDRAW', 'L2', 1)).toEqual([]); // cancelled
    expect(statusOf('alpha', 'WITHDRAW', 'L4', 2)).toEqual(['INSTANT_CLAIMABLE']);
    expect(statusOf('alpha', 'WITHDRAW', 'L1', 1)).toEqual(['CLAIMED']);
    expect(statusOf('alpha', 'REDEEM', 'L5')).toEqual(['INSTANT_CLAIMABLE']);
    expect(statusOf('alpha', 'REDEEM', 'L3')).toEqual(['CLAIMABLE']);
    expect(statusOf('beta', 'REDEEM', 'L3')).toEqual(['CLAIMABLE']);
    expect(statusOf('gamma', 'WRITEOFF', 'L7')).toEqual(['PENDING']);
    // Beta's redeem was filed at a zero rate: it is paid its share of the stop's interest.
    const apr0 = request('beta', 'REDEEM', 'L3')[0]!;
    expect(BigInt(apr0.amount)).toBeGreaterThan((BigInt(apr0.lpAmount!) * 10n ** 6n) / 10n ** 18n);
    expect(statusOf('delta', 'WITHDRAW', 'L4', 2)).toEqual(['PROCESSED']);
    expect(statusOf('delta', 'WITHDRAW', 'L1', 1)).toEqual(['CLAIMABLE']);
    expect(statusOf('delta', 'REDEEM', 'L5')).toEqual(['PENDING']);
    expect(statusOf('beta', 'DEPOSIT', 'L0', 2)).toEqual(['PENDING']);
    expect(statusOf('epsilon', 'REDEEM', 'L5')).toEqual(['PENDING']);
    expect(request('alpha', 'REDEEM', 'L5')[0]?.isInstant).toBe(true);
    expect(request('delta', 'REDEEM', 'L5')[0]?.isInstant).toBe(false);
  });

  it("delays a wallet's unclaimed redeem when it redeems again, as the strategy's one last redeem epoch does", async () => {
    const beta = target('beta');
    const l3 = beta.story.lenders.L3;
    expect(request('beta', 'REDEEM', 'L3').map((r) => r.status)).toEqual(['CLAIMABLE']);
    const before = await beta.client.snapshot();
    const balance = await beta.client.publicClient.readContract({ address: beta.vault.tranche, abi: erc20Abi, functionName: 'balanceOf', args: [l3] });
    expect(balance).toBeGreaterThan(0n);
    await beta.client.write({ from: l3, to: beta.vault.epochVault, abi: epochVaultAbi, functionName: 'requestWithdraw', args: [balance / 10n, beta.vault.tranche] });
    await indexer.refresh();
    // The contract now pays neither until the epoch after the new one: both records say so.
    const read = beta.client.publicClient;
    const [epochNumber, last] = await Promise.all([
      read.readContract({ address: beta.vault.strategy, abi: strategyAbi, functionName: 'epochNumber' }),
      read.readContract({ address: beta.vault.strategy, abi: strategyAbi, functionName: 'lastWithdrawRequest', args: [l3] }),
    ]);
    expect(epochNumber > last).toBe(false);
    expect(request('beta', 'REDEEM', 'L3').map((r) => r.status)).toEqual(['PENDING', 'PENDING']);
    await beta.client.revert(before);
    await beta.client.increaseTime(1n);
    await indexer.refresh();
    expect(request('beta', 'REDEEM', 'L3').map((r) => r.status)).toEqual(['CLAIMABLE']);
  });

  it('records epochs as they ran: closed, running and defaulted', () => {
    const epochs = (key: string) =>
      store.vaultEpochs
        .all()
        .filter((e) => e.vaultId === target(key).vaultId)
        .sort((a, b) => a.count - b.count)
        .map((e) => `${e.count}:${e.status}`);
    expect(epochs('alpha')).toEqual(['1:CLOSED', '2:CLOSED', '3:RUNNING']);
    expect(epochs('beta')).toEqual(['1:CLOSED', '2:CLOSED']);
    expect(epochs('gamma')).toEqual(['1:CLOSED', '2:DEFAULTED']);
    const alpha3 = store.vaultEpochs.all().find((e) => e.vaultId === target('alpha').vaultId && e.count === 3)!;
    expect(alpha3.withdrawType).toBe('INSTANT');
    expect(alpha3.apr).toBe(7);
    expect(alpha3.lastApr).toBe(10);
  });

  it('serves the indexed records through the simulated service', async () => {
    const ids = allTargets().map((t) => t.vaultId);
    const page = await get<{ data: VaultBlock[] }>(`/v1/vault-latest-blocks?vaultId=${ids.join(',')}`);
    expect(page.data.map((b) => b.vaultId).sort()).toEqual([...ids].sort());
    const alpha = target('alpha');
    const l7 = alpha.story.lenders.L7;
    const position = await get<{ balance: string; pendingDeposits: { token: string } }>(
      `/v1/vaults/${alpha.vaultId}/position?walletAddress=${l7}`,
    );
    const balance = await alpha.client.publicClient.readContract({
      address: alpha.vault.tranche,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [l7],
    });
    expect(position.balance).toBe(balance.toString());
    expect(BigInt(position.pendingDeposits.token)).toBeGreaterThan(0n);
  });

  it('follows the chain: a claim shows as CLAIMED after the next refresh', async () => {
    const alpha = target('alpha');
    const l7 = alpha.story.lenders.L7;
    const before = await alpha.client.snapshot();
    await alpha.client.write({ from: l7, to: alpha.vault.depositQueue!, abi: epochQueueAbi, functionName: 'claimDepositRequest', args: [1n] });
    await indexer.refresh();
    expect(request('alpha', 'DEPOSIT', 'L7', 1).map((r) => r.status)).toEqual(['CLAIMED']);
    expect(store.position(alpha.vaultId, l7)?.pendingDeposits?.token).toBe('0');
    const claims = store.transactions.all().filter((t) => t.walletAddress === l7 && t.vaultId === alpha.vaultId && t.type === 'CLAIM');
    expect(claims.length).toBe(1);

    // A chain put back to an earlier state (evm_revert) is re-read, not served from stale caches.
    await alpha.client.revert(before);
    await alpha.client.increaseTime(1n);
    await indexer.refresh();
    expect(request('alpha', 'DEPOSIT', 'L7', 1).map((r) => r.status)).toEqual(['CLAIMABLE']);
    expect(store.transactions.all().filter((t) => t.walletAddress === l7 && t.vaultId === alpha.vaultId && t.type === 'CLAIM')).toEqual([]);
  });
});
