import { readCsv } from '../csv/read-csv';
import { writeCsv } from '../csv/write-csv';
import { checkAddress } from '../domain/address';
import { checkCsvSize } from './csv-size';
import { CSV_MAX_ROWS, type Group, type Wallet } from './schemas';

/**
 * The wallet book's CSV form: `address,label,notes,groups`, groups separated by `;`. Parsing is
 * papaparse's (quotes, embedded commas and newlines, BOM); the rules are ours: every row is
 * checked on its own and reported, so one bad row never spoils a file. The columns are declared
 * once, here: the import reads them, the export writes them, the import preview explains them.
 */
export const WALLET_CSV_COLUMNS = [
  { name: 'address', required: true, what: '0x address, 40 hexadecimal digits' },
  { name: 'label', required: false, what: 'the name shown everywhere' },
  { name: 'notes', required: false, what: 'free text' },
  { name: 'groups', required: false, what: 'group names separated by ";"' },
] as const;

const CSV_COLUMNS = WALLET_CSV_COLUMNS.map((c) => c.name);
/** How the `groups` cell separates group names. */
const GROUP_SEPARATOR = ';';

/** The columns a file lacks of those every wallet CSV must have (its first line, as `readCsv` reads it). */
export function missingWalletColumns(fields: readonly string[]): string[] {
  return WALLET_CSV_COLUMNS.filter((c) => c.required && !fields.includes(c.name)).map((c) => c.name);
}

interface ParsedCsvRow {
  line: number;
  /** Checksummed when valid. */
  address: string;
  label: string;
  notes: string;
  groupNames: string[];
  error: string | null;
}

type ParsedCsv = { ok: true; rows: ParsedCsvRow[] } | { ok: false; reason: string };

/** At most this many distinct group names in one file, and on one row: an import cannot flood the book with groups. */
export const CSV_MAX_GROUPS_PER_FILE = 50;
export const CSV_MAX_GROUPS_PER_ROW = 10;

/**
 * Control characters (NUL, escape, bidi overrides…) are no part of a label: they are dropped, so a
 * terminal, a log or a spreadsheet shows what the operator sees. Notes keep their line breaks and tabs.
 */
// eslint-disable-next-line no-control-regex -- these are the characters being removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- these are the characters being removed
const NOTES_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Our own export writes a cell that starts like a formula with a leading `'`: read back, it is the text it was. */
const unneutralised = (text: string) => (/^'[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(text) ? text.slice(1) : text);
const clean = (text: string | undefined) => unneutralised((text ?? '').replace(CONTROL, '').trim());
const cleanNotes = (text: string | undefined) => unneutralised((text ?? '').replace(/\r\n?/g, '\n').replace(NOTES_CONTROL, '').trim());

export function parseWalletCsv(text: string): ParsedCsv {
  const size = checkCsvSize(new TextEncoder().encode(text).length);
  if (!size.ok) return { ok: false, reason: size.reason };
  const { fields, rows: data } = readCsv(text);
  if (missingWalletColumns(fields).length > 0) {
    return {
      ok: false,
      reason: `The first line must name the columns, with at least "address" (found: ${fields.slice(0, 6).join(', ') || 'nothing'}).`,
    };
  }
  if (data.length > CSV_MAX_ROWS) {
    return { ok: false, reason: `The file has ${data.length} rows; at most ${CSV_MAX_ROWS} can be imported at once.` };
  }
  const groupsSeen = new Set<string>();
  const addressesSeen = new Set<string>();
  const rows = data.map(({ raw, line, problem }): ParsedCsvRow => {
    const checked = checkAddress(clean(raw.address));
    const label = clean(raw.label);
    const notes = cleanNotes(raw.notes);
    const groupNames = [
      ...new Set(
        clean(raw.groups)
          .split(GROUP_SEPARATOR)
          .map((g) => clean(g))
          .filter(Boolean),
      ),
    ];
    let error: string | null = problem ?? (checked.ok ? null : checked.reason);
    if (!error && label.length > 80) error = 'The label is longer than 80 characters.';
    if (!error && notes.length > 1000) error = 'The notes are longer than 1000 characters.';
    if (!error && groupNames.length > CSV_MAX_GROUPS_PER_ROW) {
      error = `The line names ${groupNames.length} groups; a wallet can be put in at most ${CSV_MAX_GROUPS_PER_ROW} at once.`;
    }
    if (!error) {
      const added = groupNames.filter((g) => !groupsSeen.has(g.toLowerCase()));
      if (groupsSeen.size + added.length > CSV_MAX_GROUPS_PER_FILE) {
        error = `The file names more than ${CSV_MAX_GROUPS_PER_FILE} groups at once; import the rest in another file.`;
      } else for (const g of added) groupsSeen.add(g.toLowerCase());
    }
    // A wallet once a file: a later line of the same address would silently undo the first.
    if (!error && checked.ok) {
      if (addressesSeen.has(checked.address.toLowerCase())) error = 'The same address appears earlier in the file.';
      else addressesSeen.add(checked.address.toLowerCase());
    }
    return { line, address: checked.ok ? checked.address : clean(raw.address), label, notes, groupNames, error };
  });
  return { ok: true, rows };
}

/** The wallet book as CSV; labels, notes and group names never run as formulas in a spreadsheet. */
export function walletsToCsv(wallets: readonly Wallet[], groups: readonly Group[]): string {
  const nameOf = new Map(groups.map((g) => [g.id, g.name]));
  return writeCsv(
    [...CSV_COLUMNS, 'source', 'ledgerPath'],
    wallets.map((w) => [
      w.address,
      w.label,
      w.notes,
      w.groupIds.map((id) => nameOf.get(id) ?? id).join(GROUP_SEPARATOR),
      w.source,
      w.ledger?.path ?? '',
    ]),
  );
}
