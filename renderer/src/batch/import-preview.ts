import { readCsv } from '../../../shared/csv/read-csv';
import type { Wallet } from '../../../shared/wallets/schemas';

/** The columns a wallet CSV may have; only "address" is required. Groups are separated by ";". */
export const CSV_COLUMNS = [
  { name: 'address', required: true, what: '0x address, 40 hexadecimal digits' },
  { name: 'label', required: false, what: 'the name shown everywhere' },
  { name: 'notes', required: false, what: 'free text' },
  { name: 'groups', required: false, what: 'group names separated by ";"' },
] as const;

export interface ImportPreview {
  /** The file's columns, as it names them. */
  columns: string[];
  missingAddress: boolean;
  rows: number;
  /** Wallets of the book the file would rename, with their label now and after. */
  renames: Array<{ address: string; from: string; to: string }>;
}

/**
 * What importing this file would do to the book, read before anything is sent: the columns it
 * has, and the existing wallets whose label it would change. The import itself (and every
 * row's check) is the wallet book's; this only reads the header and the address and label columns.
 */
export function previewImport(csv: string, wallets: readonly Wallet[]): ImportPreview {
  const table = readCsv(csv);
  const columns = table.fields;
  const byAddress = new Map(wallets.map((w) => [w.address.toLowerCase(), w]));
  const renames: ImportPreview['renames'] = [];
  const seen = new Set<string>();
  if (columns.includes('label')) {
    for (const { raw: row } of table.rows) {
      const address = (row.address ?? '').trim().toLowerCase();
      const label = (row.label ?? '').trim();
      const existing = byAddress.get(address);
      if (!existing || !label || label === existing.label || seen.has(address)) continue;
      seen.add(address);
      renames.push({ address: existing.address, from: existing.label, to: label });
    }
  }
  return { columns, missingAddress: !columns.includes('address'), rows: table.rows.length, renames };
}
