import Papa from 'papaparse';

/**
 * The one CSV writer of every export (wallet book, signing report, transactions, points, import
 * report). Every text cell is neutralised: a cell a spreadsheet would run as a formula (`=`, `+`,
 * `-`, `@`, a tab or a carriage return first, also after leading spaces, or their full-width forms)
 * is written with a leading `'`, so it is shown as the text it is. Labels, notes, vault names and
 * reasons come from the operator's files or the service; `=HYPERLINK(…)` in a label must stay text.
 * Only a column named as numeric keeps a plain number (`-12.5`) as it is: a label `-1` is text.
 */
const FORMULA_START = /^[\s\u3000]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

type CsvCell = string | number | bigint | null | undefined;

/** Columns, then one line per row; `\n` line ends and a final newline. */
export function writeCsv(
  columns: readonly string[],
  rows: ReadonlyArray<readonly CsvCell[]>,
  numericColumns: readonly string[] = [],
): string {
  const numeric = columns.map((c) => numericColumns.includes(c));
  const cellText = (cell: CsvCell, i: number): string => {
    if (cell === null || cell === undefined) return '';
    if (typeof cell !== 'string') return String(cell);
    return numeric[i] && PLAIN_NUMBER.test(cell) ? cell : neutraliseCell(cell);
  };
  const data = rows.map((row) => row.map(cellText));
  return `${Papa.unparse({ fields: [...columns], data }, { newline: '\n' })}\n`;
}
