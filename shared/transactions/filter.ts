import type { TransactionRow } from './schemas';

/** What the Transactions screen narrows the history to; every field optional. */
export interface TransactionFilter {
  wallet?: string | undefined;
  vaultId?: string | undefined;
  type?: string | undefined;
  status?: string | undefined;
  /** First and last day included, `YYYY-MM-DD`, in UTC (the dates of the CSV). */
  from?: string | undefined;
  to?: string | undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 1000;

/** A predicate for the filter; the date bounds are whole UTC days, both included. */
export function transactionFilter(f: TransactionFilter): (row: TransactionRow) => boolean {
  const wallet = f.wallet?.toLowerCase() || null;
  const from = f.from && DAY.test(f.from) ? dayStart(f.from) : null;
  const to = f.to && DAY.test(f.to) ? dayStart(f.to) + 86_400 : null;
  return (row) =>
    (!wallet || row.wallet.toLowerCase() === wallet) &&
    (!f.vaultId || row.vaultId === f.vaultId) &&
    (!f.type || row.type === f.type) &&
    (!f.status || row.status === f.status) &&
    (from === null || (row.timestamp !== null && row.timestamp >= from)) &&
    (to === null || (row.timestamp !== null && row.timestamp < to));
}

/** Oldest first; transactions without a time last; the hash breaks ties so the order is stable. */
export function byDate(a: TransactionRow, b: TransactionRow): number {
  const ta = a.timestamp ?? Number.MAX_SAFE_INTEGER;
  const tb = b.timestamp ?? Number.MAX_SAFE_INTEGER;
  return ta - tb || (a.blockNumber ?? 0) - (b.blockNumber ?? 0) || a.id.localeCompare(b.id);
}

interface TransactionTotal {
  type: string;
  /** Null: the service named a token the catalog does not list. */
  token: { symbol: string; decimals: number } | null;
  count: number;
  /** Base units of `token`. */
  amount: bigint;
}

/**
 * Sums per type and token: amounts of different tokens (the underlying, the tranche token, two
 * stablecoins) are never added together.
 */
export function transactionTotals(rows: readonly TransactionRow[]): TransactionTotal[] {
  const totals = new Map<string, TransactionTotal>();
  for (const row of rows) {
    const key = `${row.type}|${row.token ? `${row.token.symbol}|${row.token.decimals}` : '?'}`;
    let t = totals.get(key);
    if (!t) {
      t = { type: row.type, token: row.token, count: 0, amount: 0n };
      totals.set(key, t);
    }
    t.count++;
    if (row.amount !== null) t.amount += BigInt(row.amount);
  }
  return [...totals.values()].sort(
    (a, b) => a.type.localeCompare(b.type) || (a.token?.symbol ?? '~').localeCompare(b.token?.symbol ?? '~'),
  );
}
