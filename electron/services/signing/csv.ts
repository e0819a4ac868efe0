import { writeCsv } from '../../../shared/csv/write-csv';
import { formatUnits } from 'viem';
import type { Batch, BatchItem, ItemState } from '../../../shared/signing/schemas';

export const REPORT_COLUMNS = [
  'wallet',
  'label',
  'vault',
  'action',
  'step',
  'contract',
  'function',
  'amount',
  'symbol',
  'nonce',
  'hash',
  'state',
  'signed_at',
  'sent_at',
  'confirmed_at',
  'block',
  'gas_used',
  'reason',
  // Last, so that the columns before keep their places: the batch's name on every line.
  'batch',
] as const;

/** When the item first reached a state, from its history (ISO time, UTC), or empty. */
function reached(item: BatchItem, state: ItemState): string {
  return item.history.find((e) => e.state === state)?.at ?? '';
}

/**
 * The nonce an item went out with, or will: a held item, or one skipped before it was signed (a
 * re-plan carried it on), never used its planned nonce, and the next item of its wallet may have
 * (two rows with the same nonce would read as a replaced transaction).
 */
function usedNonce(item: BatchItem): string {
  if (!item.tx) return '';
  const signed = item.signed !== null || item.hash !== null || item.receipt !== null;
  return item.state === 'held' || (item.state === 'skipped' && !signed) ? '' : String(item.tx.nonce);
}

/**
 * The batch report, for the operator's records: one row per item with what was planned (the
 * decoded call and its exact amount), when it was signed, sent and confirmed, and in which block.
 * The hash is the transaction hash once signed (for agreements, the signature).
 */
export function reportCsv(batch: Batch): string {
  const rows = batch.items.map((item) => {
    const review = item.review?.kind === 'transaction' ? item.review : null;
    const row: Record<(typeof REPORT_COLUMNS)[number], string> = {
      wallet: item.wallet,
      label: item.label,
      vault: item.vaultName,
      action: item.action,
      step: item.step === 'none' ? '' : item.step,
      contract: review ? `${review.contract.name} ${review.contract.address}` : '',
      function: review?.functionName ?? (item.message ? 'personal_sign' : ''),
      // Exact, in the token's own decimals (never rounded for a report that feeds accounting).
      amount: review?.amount ? formatUnits(BigInt(review.amount.baseUnits), review.amount.decimals) : '',
      symbol: review?.amount?.symbol ?? '',
      nonce: usedNonce(item),
      hash: item.hash ?? item.signed?.hash ?? item.signature ?? '',
      state: item.state,
      signed_at: item.signed?.at ?? reached(item, 'signed'),
      sent_at: reached(item, 'broadcast'),
      confirmed_at: reached(item, 'confirmed'),
      block: item.receipt?.blockNumber ?? '',
      gas_used: item.receipt?.gasUsed ?? '',
      reason: item.reason ?? '',
      batch: batch.selection.name ?? '',
    };
    return REPORT_COLUMNS.map((c) => row[c]);
  });
  // Labels, vault names and reasons are the operator's or the service's text: never run as formulas.
  return writeCsv(REPORT_COLUMNS, rows, ['amount', 'nonce', 'block', 'gas_used']);
}
