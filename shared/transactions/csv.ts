import { writeCsv } from '../csv/write-csv';
import { exactUnits } from '../domain/units';
import { byDate } from './filter';
import type { TransactionRow } from './schemas';

export const TRANSACTION_CSV_COLUMNS = [
  'date_utc',
  'wallet',
  'label',
  'vault',
  'type',
  'status',
  'amount',
  'symbol',
  'tx_hash',
  'explorer_url',
] as const;

/**
 * The `status` column: the service's status when it gives one; else `mined`, said of a record with
 * a block (the protocol's records carry no status: the service lists the transactions it indexed
 * from blocks, so a record with a block number is a transaction mined in it); else empty.
 */
function csvStatus(r: TransactionRow): string {
  if (r.status !== null) return r.status;
  return r.blockNumber !== null ? 'mined' : '';
}

/**
 * The accounting export: one line per transaction, oldest first. Dates are ISO 8601 in UTC; the
 * amount is written with exactly the token's decimals (6 for most stablecoins, 18 for tranche
 * tokens) beside its symbol, so that a sum in a spreadsheet equals the sum on chain. There is no
 * USD column: the service's records carry no USD value (see `TransactionRow`). Text that
 * comes from the wallet book or the service (labels, vault names) never runs as a formula.
 */
export function transactionsCsv(rows: readonly TransactionRow[], labelOf: (wallet: string) => string): string {
  const data = [...rows]
    .sort(byDate)
    .map((r) => [
      r.timestamp !== null ? new Date(r.timestamp * 1000).toISOString() : '',
      r.wallet,
      labelOf(r.wallet),
      r.vaultName,
      r.type,
      csvStatus(r),
      r.amount === null ? '' : r.token ? exactUnits(r.amount, r.token.decimals) : r.amount,
      r.token ? r.token.symbol : r.amount === null ? '' : 'base units (token unknown)',
      r.hash ?? '',
      r.explorer.url ?? '',
    ]);
  return writeCsv(TRANSACTION_CSV_COLUMNS, data, ['amount']);
}

