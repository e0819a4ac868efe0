import { transactionTypeWords } from '../../../shared/transactions/type-words';
import { officialTransaction, PriceAt } from '../../../electron/demo/service/official';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceClient } from '../../../electron/services/service-client';
import {
  PositionRecordCache,
  POSITION_CONCURRENCY,
  POSITION_TTL_MS,
  type PositionPair,
} from '../../../electron/services/portfolio/position-records';
import { TransactionHistory, WALLETS_PER_REQUEST } from '../../../electron/services/transactions/history';
import { ServiceCatalog } from '../../../electron/services/catalog/catalog';
import { startSimService, type SimService } from '../../../electron/demo/service';

// The position records and the transaction history against the simulated service over real HTTP,
// with a latency so that requests overlap: what they ask, how often, how many at once, and what a
// failed request leaves on screen.
let sim: SimService;
let client: ServiceClient;
const flight = { now: 0, max: 0 };
const POSITION_PATH = /\/v1\/vaults\/[^/]+\/position/;

beforeAll(async () => {
  sim = await startSimService({ seed: 5, wallets: 120, latencyMs: 5, now: Date.UTC(2026, 10, 1) });
  const counting: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const tracked = POSITION_PATH.test(url);
    if (tracked) flight.max = Math.max(flight.max, ++flight.now);
    try {
      return await fetch(input, init);
    } finally {
      if (tracked) flight.now--;
    }
  };
  // No retries: a scripted fault is the answer the test sees.
  client = createServiceClient({ baseUrl: sim.url, getApiKey: async () => sim.apiKey, fetch: counting, retry: { retries: 0 } });
});
afterAll(() => sim.close());
afterEach(() => {
  sim.faults.reset();
  flight.max = 0;
});

/** Every wallet × epoch vault of the dataset; active where the service holds a position. */
function pairs(): PositionPair[] {
  const held = new Set(sim.store.positions.all().map((p) => `${p.vaultId}:${p.walletAddress.toLowerCase()}`));
  const vaults = sim.store.vaults.all().filter((v) => v.contractType === 'CDO_EPOCH');
  return vaults.flatMap((v) =>
    sim.store.wallets.all().map((w) => {
      const active = held.has(`${v._id}:${w.address.toLowerCase()}`);
      const balance = sim.store.position(v._id, w.address)?.balance ?? '0';
      return { wallet: w.address, vaultId: v._id, active, fingerprint: `fp-${balance}`, chainBalance: balance };
    }),
  );
}

describe('position records', () => {
  it('asks only for pairs with something in them, at most 8 at once, and returns the service figures', async () => {
    const all = pairs();
    const active = all.filter((p) => p.active);
    expect(active.length).toBeGreaterThan(POSITION_CONCURRENCY * 2);
    const cache = new PositionRecordCache();
    const view = await cache.load(client, null, all, { now: 1_000 });
    expect(view.cost.http).toBe(active.length);
    expect(view.rows).toHaveLength(active.length);
    expect(view.skippedPairs).toBe(all.length - active.length);
    expect(flight.max).toBeLessThanOrEqual(POSITION_CONCURRENCY);
    expect(flight.max).toBeGreaterThan(1);
    expect(view.source).toMatchObject({ id: 'service:positions', ok: true, error: null, fetchedAtMs: 1_000 });

    const row = view.rows[0]!;
    const stored = sim.store.position(row.vaultId, row.wallet)!;
    expect(row.record).toEqual({
      deposits: { token: stored.deposits!.token, usd: stored.deposits!.USD },
      redeemable: { token: stored.redeemable!.token, usd: stored.redeemable!.USD },
      pendingDeposits: { token: stored.pendingDeposits!.token, usd: stored.pendingDeposits!.USD },
      pendingWithdraws: { token: stored.pendingWithdraws!.token, usd: stored.pendingWithdraws!.USD },
      earnings: { token: stored.earnings!.token, usd: stored.earnings!.USD, percentage: stored.earnings!.percentage },
      realizedApy: stored.realizedAPY,
      poolSharePercent: stored.poolSharePercentage,
      balance: stored.balance,
    });
    expect(view.rows.every((r) => !r.stale && !r.behindChain && r.error === null)).toBe(true);
  });

  it("hands on each vault's records as soon as they are in, and halves its concurrency while the service rate-limits", async () => {
    const all = pairs();
    const vaultIds = [...new Set(all.filter((p) => p.active).map((p) => p.vaultId))];
    // With retries, as the console runs: a 429 pauses every call of the client, then they go on.
    const retrying = createServiceClient({ baseUrl: sim.url, getApiKey: async () => sim.apiKey });
    sim.faults.enqueue({ kind: 'rateLimit', path: `/v1/vaults/${vaultIds[0]}/position`, retryAfterSeconds: 1 });
    const cache = new PositionRecordCache();
    const progress: { done: number; total: number; vaultId: string; rows: number }[] = [];
    const result = await cache.load(retrying, null, all, {
      onVault: (p) => progress.push({ done: p.vaultsDone, total: p.vaultsTotal, vaultId: p.vaultId, rows: p.rows.length }),
    });
    expect(result.rows.every((r) => r.error === null && r.record !== null)).toBe(true);
    // "Position records: 1 of N vaults", then 2 of N, …: every vault once, in the portfolio's order.
    expect(progress.map((p) => p.done)).toEqual(vaultIds.map((_, i) => i + 1));
    expect(progress.every((p) => p.total === vaultIds.length)).toBe(true);
    expect(progress.map((p) => p.vaultId)).toEqual(vaultIds);
    for (const p of progress) expect(p.rows).toBe(result.rows.filter((r) => r.vaultId === p.vaultId).length);
    // The 429 halved the requests in flight; answers in a row grew them back.
    const concurrency = cache.lastConcurrency!;
    expect(concurrency.halvings).toBeGreaterThanOrEqual(1);
    expect(concurrency.lowest).toBeLessThanOrEqual(POSITION_CONCURRENCY / 2);
    expect(concurrency.current).toBeGreaterThan(concurrency.lowest);
  }, 60_000);

  it('reuses records within the TTL, asks again for a pair the chain shows changed, and for all when forced or expired', async () => {
    const all = pairs();
    const active = all.filter((p) => p.active);
    const cache = new PositionRecordCache();
    await cache.load(client, null, all, { now: 0 });

    expect((await cache.load(client, null, all, { now: 60_000 })).cost.http).toBe(0);

    const moved = all.map((p) => (p === active[3] ? { ...p, fingerprint: 'claimed since' } : p));
    expect((await cache.load(client, null, moved, { now: 61_000 })).cost.http).toBe(1);

    cache.invalidate(active[5]!.wallet, active[5]!.vaultId);
    expect((await cache.load(client, null, moved, { now: 62_000 })).cost.http).toBe(1);

    expect((await cache.load(client, null, moved, { now: 63_000, force: true })).cost.http).toBe(active.length);
    expect((await cache.load(client, null, moved, { now: 63_000 + POSITION_TTL_MS })).cost.http).toBe(active.length);
  });

  it('marks a record whose balance differs from the chain as behind it, and asks again on a later refresh', async () => {
    const all = pairs();
    const target = all.find((p) => p.active && p.chainBalance !== '0')!;
    const ahead = all.map((p) => (p === target ? { ...p, chainBalance: `${BigInt(p.chainBalance!) + 1n}` } : p));
    const cache = new PositionRecordCache();
    const first = await cache.load(client, null, ahead, { now: 0 });
    const row = first.rows.find((r) => r.vaultId === target.vaultId && r.wallet === target.wallet)!;
    expect(row.behindChain).toBe(true);
    expect(first.rows.filter((r) => r.behindChain)).toHaveLength(1);
    // Within the retry delay nothing is asked; after it, only the pair behind.
    expect((await cache.load(client, null, ahead, { now: 5_000 })).cost.http).toBe(0);
    expect((await cache.load(client, null, ahead, { now: 30_000 })).cost.http).toBe(1);
  });

  it('keeps the last record of a pair whose request fails, marked not current, and still shows the others', async () => {
    const all = pairs();
    const active = all.filter((p) => p.active);
    const cache = new PositionRecordCache();
    await cache.load(client, null, all, { now: 0 });
    const victim = active[2]!;
    sim.faults.enqueue({ kind: 'serverError', path: `/v1/vaults/${victim.vaultId}/position` });
    const after = await cache.load(client, null, all, { now: 1_000, force: true });
    const failed = after.rows.filter((r) => r.error);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ vaultId: victim.vaultId, stale: true, fetchedAtMs: 0 });
    expect(failed[0]!.record).not.toBeNull();
    expect(after.rows.filter((r) => !r.error).every((r) => r.fetchedAtMs === 1_000)).toBe(true);
    expect(after.source.ok).toBe(false);
    expect(after.source.stale).toBe(true);
    expect(after.source.error?.message).toMatch(new RegExp(`^1 of ${active.length} position records could not be loaded: `));
    expect(after.source.error?.action).toContain('marked not current');

    // A pair that never answered has no figures at all, and says so.
    const fresh = new PositionRecordCache();
    sim.faults.enqueue({ kind: 'serverError', path: `/v1/vaults/${victim.vaultId}/position` });
    const never = await fresh.load(client, null, [victim], { now: 0 });
    expect(never.rows[0]).toMatchObject({ record: null, stale: false, fetchedAtMs: null });
    expect(never.rows[0]!.error?.message.length).toBeGreaterThan(10);
    // The next load asks again, and the record is back.
    const retried = await fresh.load(client, null, [victim], { now: 1 });
    expect(retried.rows[0]).toMatchObject({ error: null, stale: false });
    expect(retried.rows[0]!.record).not.toBeNull();
  });
});

describe('transaction history', () => {
  const wallets = () => sim.store.wallets.all().map((w, i) => ({ address: w.address, label: `W${i}` }));

  it('loads every transaction of the batch in a few list requests, joined with vault, token and explorer', async () => {
    const batch = wallets();
    const history = new TransactionHistory({ catalog: new ServiceCatalog() });
    const view = await history.load(client, 'g1', batch, { now: 0 });
    const expected = sim.store.transactions.all();
    expect(view.rows).toHaveLength(expected.length);
    expect(view.error).toBeNull();
    // Catalog (vaults, tokens, chains) and the transactions, WALLETS_PER_REQUEST wallets per request, every page of 200.
    const chunks = Math.ceil(batch.length / WALLETS_PER_REQUEST);
    expect(view.cost.http).toBeGreaterThanOrEqual(3 + chunks);
    expect(view.cost.http).toBeLessThanOrEqual(3 + chunks + Math.ceil(expected.length / 200) + chunks);

    const stored = expected[0]!;
    const row = view.rows.find((r) => r.id === stored._id)!;
    // As the service writes it: the protocol's type word, no status, the underlying's amount as tokenAmount.
    const tx = officialTransaction(stored, sim.store, new PriceAt(sim.store)) as typeof stored & { tokenAmount: string };
    const vault = sim.store.vaults.get(tx.vaultId!)!;
    // The protocol's records name no chain: the vault's.
    const chain = sim.store.chains.get(String(vault.chainId))!;
    // In the Requests screen's unit: tranche tokens for a withdraw request and its cancel, the underlying otherwise.
    const inTranche = transactionTypeWords(tx.type).moves === 'tranche';
    const token = inTranche ? { symbol: vault.symbol, decimals: 18 } : sim.store.tokens.get(tx.tokenId!)!;
    expect(row).toMatchObject({
      wallet: tx.walletAddress,
      vaultName: vault.name,
      type: tx.type,
      status: null,
      amount: inTranche ? tx.amount : tx.tokenAmount,
      token: { symbol: token.symbol, decimals: token.decimals },
      timestamp: tx.block!.timestamp,
      explorer: { url: `${chain.explorerUrl}/tx/${tx.hash}` },
    });
  });

  it('answers from its cache within the TTL and asks again when forced; a failure keeps the last history, not current', async () => {
    const batch = wallets().slice(0, 30);
    const history = new TransactionHistory({ catalog: new ServiceCatalog() });
    const first = await history.load(client, null, batch, { now: 0 });
    expect(first.rows.length).toBeGreaterThan(0);
    expect((await history.load(client, null, batch, { now: 30_000 })).cost.http).toBe(0);

    sim.faults.enqueue({ kind: 'unavailable', path: '/v1/transactions' });
    const failed = await history.load(client, null, batch, { now: 31_000, force: true });
    expect(failed.stale).toBe(true);
    expect(failed.fetchedAtMs).toBe(0);
    expect(failed.rows).toEqual(first.rows);
    expect(failed.error?.message).toMatch(/^The service did not give the transactions: /);

    // Another batch never gets this one's history as a stand-in.
    sim.faults.enqueue({ kind: 'unavailable', path: '/v1/transactions' });
    const other = await history.load(client, null, batch.slice(0, 10), { now: 32_000, force: true });
    expect(other.rows).toEqual([]);
    expect(other.stale).toBe(false);
    expect(other.error).not.toBeNull();
  });
});
