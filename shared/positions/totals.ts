import type { Portfolio } from '../portfolio/schemas';
import type { PositionRecord, PositionRecordRow, PositionRecords } from './schemas';

/** The key of a wallet × vault pair, the same for the chain's rows and the service's records. */
export const pairKey = (vaultId: string, wallet: string): string => `${vaultId}:${wallet.toLowerCase()}`;

/** The records by pair, for the tables to look up beside the chain's rows. */
export function recordsByPair(records: PositionRecords | null): Map<string, PositionRecordRow> {
  return new Map((records?.rows ?? []).map((r) => [pairKey(r.vaultId, r.wallet), r]));
}

type Figure = 'deposits' | 'redeemable' | 'pendingDeposits' | 'pendingWithdraws' | 'earnings';
const FIGURES: readonly Figure[] = ['deposits', 'redeemable', 'pendingDeposits', 'pendingWithdraws', 'earnings'];

export type Sums = Record<Figure, bigint>;
const zero = (): Sums => ({ deposits: 0n, redeemable: 0n, pendingDeposits: 0n, pendingWithdraws: 0n, earnings: 0n });

/** A batch's service figures in one vault, in the vault's underlying base units. */
export interface VaultEarnings {
  vaultId: string;
  token: Sums;
  /** Pairs whose record is counted. */
  records: number;
  /** Pairs asked for that have no record to count (the service failed for them and never answered before). */
  missing: number;
  /** Some record counted is from before a failed request, or behind the chain. */
  notCurrent: boolean;
}

const big = (v: string | null): bigint => (v === null ? 0n : BigInt(v));
const addAll = (sums: Sums, record: PositionRecord, unit: 'token' | 'usd') => {
  for (const f of FIGURES) sums[f] += big(record[f][unit]);
};

/** The records of this portfolio's wallets and vaults (records of other pairs are ignored). */
function inPortfolio(portfolio: Portfolio, records: PositionRecords): PositionRecordRow[] {
  const vaults = new Set(portfolio.vaults.map((v) => v.id));
  const wallets = new Set(portfolio.wallets.map((w) => w.address.toLowerCase()));
  return records.rows.filter((r) => vaults.has(r.vaultId) && wallets.has(r.wallet.toLowerCase()));
}

/** Per vault of the portfolio, the sums of the service's records of the batch. */
export function vaultEarnings(portfolio: Portfolio, records: PositionRecords): Map<string, VaultEarnings> {
  const out = new Map<string, VaultEarnings>(
    portfolio.vaults.map((v) => [v.id, { vaultId: v.id, token: zero(), records: 0, missing: 0, notCurrent: false }]),
  );
  for (const row of inPortfolio(portfolio, records)) {
    const t = out.get(row.vaultId)!;
    if (!row.record) {
      t.missing++;
      continue;
    }
    t.records++;
    t.notCurrent ||= row.stale || row.behindChain;
    addAll(t.token, row.record, 'token');
  }
  return out;
}
