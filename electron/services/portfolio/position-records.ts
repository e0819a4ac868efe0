import type { AppErrorData } from '../../../shared/errors';
import { toAppErrorData } from '../../../shared/errors';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import type { PositionRecord, PositionRecordRow, PositionRecords } from '../../../shared/positions/schemas';
import { pairKey } from '../../../shared/positions/totals';
import type { Position } from '../../../shared/service';
import type { ServiceClient } from '../service-client';

/**
 * The service's position record of each wallet × vault of a batch (deposits, redeemable, pending
 * deposits and withdraws, earnings, realized APY, pool share).
 *
 * The service answers one wallet in one vault per request and has no list form, so the records are
 * a step of their own beside the portfolio refresh (which stays a handful of list requests), with
 * this policy:
 * - only pairs with something in them are asked for: a tranche balance, a pending amount, a claim
 *   or an open request on chain or at the service, or a record that showed deposits before (a
 *   position that was closed keeps its history). A pair with nothing has an empty record;
 * - at most POSITION_CONCURRENCY requests at once, fewer while the service rate-limits: the
 *   concurrency halves whenever the service answers 429 (and its shared pause starts) and grows
 *   back by one after every few answers in a row;
 * - the pairs are asked vault by vault, and each vault's records are handed on (`onVault`) as soon
 *   as its last pair is answered, so the screens fill in while the rest load;
 * - a record is reused for POSITION_TTL_MS, unless the chain shows the pair changed since it was
 *   fetched (a deposit, a withdrawal, a claim, a request processed), the operator refreshes
 *   explicitly, or a signed transaction for that wallet and vault was confirmed;
 * - a record whose tranche balance differs from the chain's is behind the chain (the service
 *   indexes blocks after they land): it is shown marked so and asked again after BEHIND_RETRY_MS;
 * - a pair whose request fails keeps its last record, marked not current, and is asked again on
 *   the next load; the other pairs are unaffected.
 */

export const POSITION_CONCURRENCY = 8;
/** Answers in a row, per request in flight, before the concurrency grows back by one. */
const GROW_AFTER = 2;
export const POSITION_TTL_MS = 5 * 60_000;
const BEHIND_RETRY_MS = 20_000;
const ENDPOINT = 'GET /v1/vaults/:id/position';

/** What the portfolio says of one pair, to decide whether and when to ask the service. */
export interface PositionPair {
  wallet: string;
  vaultId: string;
  /** A balance, a pending amount, a claim or a request. */
  active: boolean;
  /** Changes whenever the chain or the requests show the pair moved. */
  fingerprint: string;
  /** The chain's tranche balance now (null when the chain did not answer). */
  chainBalance: string | null;
}

const nonZero = (v: string | null) => v !== null && v !== '0';

/**
 * Requests in flight, adapting to the service's rate limit: halved when a pause starts (the
 * service answered 429), back up by one after `GROW_AFTER` × the current number of answers in a
 * row, never above `max`. The lowest it went is kept, for the figures.
 */
class AdaptiveConcurrency {
  current: number;
  lowest: number;
  halvings = 0;
  private streak = 0;

  constructor(readonly max: number) {
    this.current = max;
    this.lowest = max;
  }

  rateLimited(): void {
    this.current = Math.max(1, Math.floor(this.current / 2));
    this.lowest = Math.min(this.lowest, this.current);
    this.halvings++;
    this.streak = 0;
  }

  answered(): void {
    if (this.current >= this.max) return;
    if (++this.streak >= this.current * GROW_AFTER) {
      this.current++;
      this.streak = 0;
    }
  }
}

/** Runs tasks in order, as many at once as `limit.current` allows at each start. */
function runAdaptive(tasks: readonly (() => Promise<void>)[], limit: AdaptiveConcurrency): Promise<void> {
  return new Promise((resolve) => {
    let next = 0;
    let inFlight = 0;
    const pump = () => {
      if (next >= tasks.length && inFlight === 0) return resolve();
      while (inFlight < limit.current && next < tasks.length) {
        const task = tasks[next++]!;
        inFlight++;
        void task().finally(() => {
          inFlight--;
          pump();
        });
      }
    };
    pump();
  });
}

/** How far the records of a load have come, per vault. */
interface PositionRecordsProgress {
  vaultsDone: number;
  vaultsTotal: number;
  /** The vault whose records just arrived (all of its pairs answered, or failed). */
  vaultId: string;
  /** Its rows, as `load` will return them. */
  rows: PositionRecordRow[];
  /** Of these, how many were asked of the service in this load (0: all from the cache). */
  fetched: number;
}

/** The pairs of a portfolio view, with what the records cache needs of each. */
export function positionPairs(view: Portfolio): PositionPair[] {
  const requests = new Map<string, string[]>();
  for (const r of view.requests) {
    const key = pairKey(r.vaultId, r.wallet);
    requests.set(key, [...(requests.get(key) ?? []), `${r.id}=${r.status}`]);
  }
  return view.positions.map((p) => {
    const open = (requests.get(pairKey(p.vaultId, p.wallet)) ?? []).sort();
    const amounts = [p.trancheBalance, p.pendingDeposit, p.pendingWithdraw, p.pendingRedeem, p.pendingInstantRedeem];
    return {
      wallet: p.wallet,
      vaultId: p.vaultId,
      active: amounts.some(nonZero) || p.claimable.length > 0 || open.length > 0,
      fingerprint: [...amounts.map((a) => a ?? '?'), p.claimable.length, ...open].join('|'),
      chainBalance: p.stale ? null : p.trancheBalance,
    };
  });
}

interface Entry {
  record: PositionRecord;
  fetchedAtMs: number;
  fingerprint: string;
  behind: boolean;
}

const pair = (v: { USD?: string | undefined; token?: string | undefined } | undefined) => ({
  token: v?.token ?? null,
  usd: v?.USD ?? null,
});

/** The service's record in the console's words (amounts stay integer strings). */
function toPositionRecord(p: Position): PositionRecord {
  return {
    deposits: pair(p.deposits),
    redeemable: pair(p.redeemable),
    pendingDeposits: pair(p.pendingDeposits),
    pendingWithdraws: pair(p.pendingWithdraws),
    earnings: { ...pair(p.earnings), percentage: typeof p.earnings?.percentage === 'number' ? p.earnings.percentage : null },
    realizedApy: typeof p.realizedAPY === 'number' ? p.realizedAPY : null,
    poolSharePercent: typeof p.poolSharePercentage === 'number' ? p.poolSharePercentage : null,
    balance: p.balance ?? null,
  };
}

/** A closed position still has a history worth showing: something was deposited or earned. */
const hasHistory = (r: PositionRecord) => nonZero(r.deposits.token) || nonZero(r.earnings.token) || nonZero(r.balance);

export class PositionRecordCache {
  private readonly entries = new Map<string, Entry>();
  private readonly failures = new Map<string, AppErrorData>();
  /** The concurrency of the last load, as it ended (for the figures). */
  lastConcurrency: AdaptiveConcurrency | null = null;

  constructor(private readonly options: { ttlMs?: number; concurrency?: number } = {}) {}

  /** Forgets everything, e.g. when the console switches to another service. */
  reset(): void {
    this.entries.clear();
    this.failures.clear();
  }

  /** The next load asks the service again for this wallet (in one vault, or in all). */
  invalidate(wallet: string, vaultId?: string): void {
    for (const key of [...this.entries.keys()]) {
      const [v, w] = key.split(':');
      if (w === wallet.toLowerCase() && (vaultId === undefined || v === vaultId)) this.entries.delete(key);
    }
  }

  async load(
    client: ServiceClient,
    groupId: string | null,
    pairs: readonly PositionPair[],
    options: { force?: boolean; now?: number; onVault?: (progress: PositionRecordsProgress) => void } = {},
  ): Promise<PositionRecords> {
    const started = performance.now();
    const now = options.now ?? Date.now();
    const ttl = this.options.ttlMs ?? POSITION_TTL_MS;
    const before = client.requestCounts()[ENDPOINT] ?? 0;

    const asked = pairs.filter((p) => {
      const entry = this.entries.get(pairKey(p.vaultId, p.wallet));
      return p.active || (entry !== undefined && hasHistory(entry.record));
    });
    const due = asked.filter((p) => {
      const key = pairKey(p.vaultId, p.wallet);
      const entry = this.entries.get(key);
      if (options.force || !entry || this.failures.has(key)) return true;
      const age = now - entry.fetchedAtMs;
      return age >= ttl || entry.fingerprint !== p.fingerprint || (entry.behind && age >= BEHIND_RETRY_MS);
    });

    // Vault by vault, in the portfolio's order: a vault's records are complete as early as they can be.
    const vaultOrder = [...new Set(asked.map((p) => p.vaultId))];
    const dueByVault = new Map<string, PositionPair[]>(vaultOrder.map((v) => [v, []]));
    for (const p of due) dueByVault.get(p.vaultId)!.push(p);
    const askedByVault = new Map<string, PositionPair[]>(vaultOrder.map((v) => [v, []]));
    for (const p of asked) askedByVault.get(p.vaultId)!.push(p);
    const rowOf = (p: PositionPair): PositionRecordRow => {
      const key = pairKey(p.vaultId, p.wallet);
      const entry = this.entries.get(key);
      const error = this.failures.get(key) ?? null;
      return {
        wallet: p.wallet,
        vaultId: p.vaultId,
        record: entry?.record ?? null,
        fetchedAtMs: entry?.fetchedAtMs ?? null,
        stale: error !== null && entry !== undefined,
        behindChain: entry?.behind ?? false,
        error,
      };
    };
    let vaultsDone = 0;
    const vaultDone = (vaultId: string) => {
      vaultsDone++;
      options.onVault?.({
        vaultsDone,
        vaultsTotal: vaultOrder.length,
        vaultId,
        rows: askedByVault.get(vaultId)!.map(rowOf),
        fetched: dueByVault.get(vaultId)!.length,
      });
    };
    const remaining = new Map(vaultOrder.map((v) => [v, dueByVault.get(v)!.length]));

    const limit = new AdaptiveConcurrency(this.options.concurrency ?? POSITION_CONCURRENCY);
    this.lastConcurrency = limit;
    const unsubscribe = client.rateLimit.subscribe((until) => {
      if (until !== null) limit.rateLimited();
    });
    // A vault with nothing due is complete from the cache at once.
    for (const v of vaultOrder) if (remaining.get(v) === 0) vaultDone(v);
    try {
      await runAdaptive(
        vaultOrder.flatMap((v) => dueByVault.get(v)!).map((p) => async () => {
          const key = pairKey(p.vaultId, p.wallet);
          try {
            const record = toPositionRecord(await client.getVaultPosition(p.vaultId, p.wallet));
            const behind = record.balance !== null && p.chainBalance !== null && record.balance !== p.chainBalance;
            this.entries.set(key, { record, fetchedAtMs: now, fingerprint: p.fingerprint, behind });
            this.failures.delete(key);
            limit.answered();
          } catch (err) {
            this.failures.set(key, toAppErrorData(err));
          }
          const left = remaining.get(p.vaultId)! - 1;
          remaining.set(p.vaultId, left);
          if (left === 0) vaultDone(p.vaultId);
        }),
        limit,
      );
    } finally {
      unsubscribe();
    }

    const rows: PositionRecordRow[] = asked.map(rowOf);
    const failed = rows.filter((r) => r.error);
    const answered = rows.map((r) => r.fetchedAtMs).filter((t): t is number => t !== null);
    const first = failed[0]?.error;
    return {
      groupId,
      rows,
      skippedPairs: pairs.length - asked.length,
      source: {
        id: 'service:positions',
        label: 'Position records',
        ok: failed.length === 0,
        // The oldest record shown: the figures are at least this fresh.
        fetchedAtMs: answered.length ? answered.reduce((a, b) => Math.min(a, b)) : null,
        stale: failed.some((r) => r.stale),
        error: first
          ? {
              code: first.code,
              message: `${failed.length} of ${rows.length} position records could not be loaded: ${first.message}`,
              action: `${failed.some((r) => r.stale) ? 'Their figures are from the last answer and marked not current. ' : ''}${first.action ?? 'Refresh to ask the service again.'}`,
            }
          : null,
      },
      ttlMs: ttl,
      checkedAtMs: now,
      cost: { http: (client.requestCounts()[ENDPOINT] ?? 0) - before, ms: Math.round(performance.now() - started) },
    };
  }
}
