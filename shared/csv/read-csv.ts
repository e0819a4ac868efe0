import Papa from 'papaparse';

/**
 * The one CSV reader of every import (the wallet book, per-wallet amounts). Parsing is papaparse's
 * (quotes, embedded commas and newlines, BOM); each row keeps the line it starts on and what the
 * parser found wrong with it, so an importer reports every row on its own.
 */
interface CsvRow {
  /** The row's cells by lower-case, trimmed column name. */
  raw: Record<string, string>;
  /** The line of the file the row starts on (1 is the header). */
  line: number;
  /** What the parser found wrong with the row, in the operator's words; null when nothing. */
  problem: string | null;
}

interface CsvTable {
  /** The header's column names, lower case and trimmed. */
  fields: string[];
  rows: CsvRow[];
}

/** What papaparse found wrong with a row, in the operator's words; null when nothing. */
function parserProblem(errors: ReadonlyArray<{ code: string }>): string | null {
  if (errors.some((e) => e.code === 'MissingQuotes' || e.code === 'InvalidQuotes')) {
    return 'A quote on this line is never closed, so the lines after it were read as part of this one: close the quote (or double a quote inside a value) and import again.';
  }
  if (errors.some((e) => e.code === 'TooManyFields')) {
    return 'This line has more values than the header names: put a value that contains a comma in double quotes.';
  }
  return null;
}

/** A CSV text with a header line, as rows by column name. Empty lines are no rows. */
export function readCsv(text: string): CsvTable {
  const rows: CsvRow[] = [];
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
      rows.push({ raw: result.data, line: newlinesBefore + 1 - inside, problem: parserProblem(result.errors) });
    },
  });
  // A file of its header alone has no row to carry the header's names: read them from its first line.
  if (rows.length === 0) fields = (Papa.parse<string[]>(source, { preview: 1 }).data[0] ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean);
  return { fields, rows };
}
