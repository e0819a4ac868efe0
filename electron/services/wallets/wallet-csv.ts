import Papa from 'papaparse';
import { checkAddress } from '../../../shared/domain/address';
import { checkCsvSize } from '../../../shared/wallets/csv-size';
import { CSV_MAX_ROWS, type Group, type Wallet } from '../../../shared/wallets/schemas';

/**
 * The wallet book's CSV form: `address,label,notes,groups`, groups separated by `;`. Parsing is
 * papaparse's (quotes, embedded commas and newlines, BOM); the rules are ours: every row is
 * checked on its own and reported, so one bad row never spoils a file.
 */
export const CSV_COLUMNS = ['address', 'label', 'notes', 'groups'] as const;

export interface ParsedCsvRow {
  line: number;
  /** Checksummed when valid. */
  address: string;
  label: string;
  notes: string;
  groupNames: string[];
  error: string | null;
}

export type ParsedCsv = { ok: true; rows: ParsedCsvRow[] } | { ok: false; reason: string };

export function parseWalletCsv(text: string): ParsedCsv {
  const size = checkCsvSize(new TextEncoder().encode(text).length);
  if (!size.ok) return { ok: false, reason: size.reason };
  const data: Array<{ raw: Record<string, string>; line: number }> = [];
  let fields: string[] = [];
  let counted = 0;
  let newlinesBefore = 0;
  const source = text.replace(/^\uFEFF/, '');
  Papa.parse<Record<string, string>>(source, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
    step: (result) => {
      fields = result.meta.fields ?? fields;
      // The report names the line a row starts on: the line it ends on, less the newlines inside its quoted values.
      const end = source.slice(0, result.meta.cursor).replace(/\r?\n$/, '').length;
      for (; counted < end; counted++) if (source.charCodeAt(counted) === 10) newlinesBefore++;
      const inside = Object.values(result.data).reduce((n, v) => n + (typeof v === 'string' ? v.split('\n').length - 1 : 0), 0);
      data.push({ raw: result.data, line: newlinesBefore + 1 - inside });
    },
  });
  if (!fields.includes('address')) {
    return { ok: false, reason: `The first line must name the columns, with at least "address" (found: ${fields.slice(0, 6).join(', ') || 'nothing'}).` };
  }
  if (data.length > CSV_MAX_ROWS) {
    return { ok: false, reason: `The file has ${data.length} rows; at most ${CSV_MAX_ROWS} can be imported at once.` };
  }
  const rows = data.map(({ raw, line }): ParsedCsvRow => {
    const checked = checkAddress(raw.address ?? '');
    const label = (raw.label ?? '').trim();
    const notes = (raw.notes ?? '').trim();
    let error: string | null = checked.ok ? null : checked.reason;
    if (!error && label.length > 80) error = 'The label is longer than 80 characters.';
    if (!error && notes.length > 1000) error = 'The notes are longer than 1000 characters.';
    return {
      line,
      address: checked.ok ? checked.address : (raw.address ?? '').trim(),
      label,
      notes,
      groupNames: (raw.groups ?? '')
        .split(';')
        .map((g) => g.trim())
        .filter(Boolean),
      error,
    };
  });
  return { ok: true, rows };
}

export function walletsToCsv(wallets: readonly Wallet[], groups: readonly Group[]): string {
  const nameOf = new Map(groups.map((g) => [g.id, g.name]));
  return `${Papa.unparse({
    fields: [...CSV_COLUMNS, 'source', 'ledgerPath'],
    data: wallets.map((w) => [
      w.address,
      w.label,
      w.notes,
      w.groupIds.map((id) => nameOf.get(id) ?? id).join(';'),
      w.source,
      w.ledger?.path ?? '',
    ]),
  }, { newline: '\n' })}\n`;
}
