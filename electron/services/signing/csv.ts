import Papa from 'papaparse';
import type { Batch } from '../../../shared/signing/schemas';

export const REPORT_COLUMNS = ['wallet', 'label', 'vault', 'action', 'step', 'nonce', 'hash', 'state', 'reason'] as const;

/**
 * The batch report: one row per item, what was planned, signed, sent and confirmed. The hash is
 * the transaction hash once signed (for agreements, the signature).
 */
export function reportCsv(batch: Batch): string {
  const rows = batch.items.map((item) => ({
    wallet: item.wallet,
    label: item.label,
    vault: item.vaultName,
    action: item.action,
    step: item.step === 'none' ? '' : item.step,
    nonce: item.tx ? String(item.tx.nonce) : '',
    hash: item.hash ?? item.signed?.hash ?? item.signature ?? '',
    state: item.state,
    reason: item.reason ?? '',
  }));
  return Papa.unparse({ fields: [...REPORT_COLUMNS], data: rows.map((r) => REPORT_COLUMNS.map((c) => r[c])) }, { newline: '\n' }) + '\n';
}
