import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { importReportCsv } from '../../../shared/wallets/import-report-csv';

describe('the CSV import report as a file', () => {
  const report = {
    added: 1,
    updated: 1,
    skipped: 2,
    createdGroups: [],
    rows: [
      { line: 2, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', outcome: 'added' as const, reason: null },
      { line: 3, address: '0xCbA98362e199c41E1864D0923AF9646d3A648451', outcome: 'updated' as const, reason: null },
      { line: 4, address: '0xnothex', outcome: 'skipped' as const, reason: 'Not an address: it needs 0x and 40 hexadecimal digits.' },
      { line: 5, address: '=HYPERLINK("x")', outcome: 'skipped' as const, reason: 'Not an address, "quoted", with a comma.' },
    ],
  };

  it('lists every row with its line, outcome and reason', () => {
    const parsed = Papa.parse<Record<string, string>>(importReportCsv(report).trim(), { header: true });
    expect(parsed.meta.fields).toEqual(['line', 'address', 'outcome', 'reason']);
    expect(parsed.data).toHaveLength(4);
    expect(parsed.data[0]).toEqual({ line: '2', address: report.rows[0]!.address, outcome: 'added', reason: '' });
    expect(parsed.data[2]).toEqual({ line: '4', address: '0xnothex', outcome: 'skipped', reason: report.rows[2]!.reason });
    expect(parsed.data[3]!.reason).toBe('Not an address, "quoted", with a comma.');
  });

  it('never lets a spreadsheet run a cell as a formula', () => {
    const parsed = Papa.parse<Record<string, string>>(importReportCsv(report).trim(), { header: true });
    expect(parsed.data[3]!.address).toBe(`'=HYPERLINK("x")`);
  });
});
