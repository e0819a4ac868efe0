import { readCsv } from '../../../shared/csv/read-csv';
import { missingWalletColumns, parseWalletCsv } from '../../../shared/wallets/wallet-csv';
import type { Wallet } from '../../../shared/wallets/schemas';

export interface ImportPreview {
  /** The file's columns, as it names them. */
  columns: string[];
  missingAddress: boolean;
  rows: number;
  /** Wallets of the book the file would rename, with their label now and after. */
  renames: Array<{ address: string; from: string; to: string }>;
  /** Rows the import will skip, with their line in the file and why (the wallet book's own checks). */
  bad: Array<{ line: number; address: string; reason: string }>;
  /** The file as a whole cannot be imported (too large, too many rows), and why. */
  refused: string | null;
}

/** Whether a file needs a look before it is imported: it cannot be, it renames wallets, or some rows will be skipped. */
export const needsLook = (p: ImportPreview): boolean => p.missingAddress || p.refused !== null || p.renames.length > 0 || p.bad.length > 0;

/**
 * What importing this file would do to the book, read before anything is sent: the columns it
 * has, the rows the import will skip (the wallet book's own row checks, run here on the same
 * file), and the existing wallets whose label it would change.
 */
export function previewImport(csv: string, wallets: readonly Wallet[]): ImportPreview {
  const columns = readCsv(csv).fields;
  const missingAddress = missingWalletColumns(columns).includes('address');
  const parsed = parseWalletCsv(csv);
  const empty = { columns, missingAddress, renames: [], bad: [] };
  if (!parsed.ok) return { ...empty, rows: 0, refused: missingAddress ? null : parsed.reason };
  const byAddress = new Map(wallets.map((w) => [w.address.toLowerCase(), w]));
  const renames: ImportPreview['renames'] = [];
  const bad: ImportPreview['bad'] = [];
  for (const row of parsed.rows) {
    if (row.error) {
      bad.push({ line: row.line, address: row.address, reason: row.error });
      continue;
    }
    const existing = byAddress.get(row.address.toLowerCase());
    if (existing && row.label && row.label !== existing.label) renames.push({ address: existing.address, from: existing.label, to: row.label });
  }
  return { ...empty, rows: parsed.rows.length, renames, bad, refused: null };
}
