import { writeCsv } from '../csv/write-csv';
import type { CsvImportReport } from './schemas';

const IMPORT_REPORT_COLUMNS = ['line', 'address', 'outcome', 'reason'] as const;

/**
 * A CSV import's report as a file: every row of the imported file with its line, what became of it
 * (added, updated, skipped) and why, so an operator can fix the skipped rows in the source sheet.
 * The file's own text is the operator's: formulas are neutralised so a spreadsheet never runs them.
 */
export function importReportCsv(report: CsvImportReport): string {
  const data = report.rows.map((r) => [String(r.line), r.address, r.outcome, r.reason ?? '']);
  return writeCsv(IMPORT_REPORT_COLUMNS, data);
}
