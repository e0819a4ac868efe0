import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WalletBook, walletBookDocument } from '../../../electron/services/wallets/wallet-book';
import { needsLook, previewImport } from '../../../renderer/src/batch/import-preview';

// The CSV import's preview (issue 34, screens): the rows the import will skip are listed, with their
// line and reason, before anything is imported; wallets already in the book may keep their labels.
const A = '0xCbA98362e199c41E1864D0923AF9646d3A648451';
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

async function bookWithA() {
  const book = new WalletBook(walletBookDocument(mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-preview-'))));
  await book.load();
  await book.add({ address: A, label: 'Treasury EU' });
  return book;
}

const FILE = ['address,label,notes,groups', `${B},Desk 2,,`, '0xnothex,bad,,', `${A},Treasury renamed,moved,Fund II`, `${B.toLowerCase()},Desk 2 again,,`].join('\n');

describe('the CSV import preview', () => {
  it('lists every row the import will skip, with its line and the book’s own reason, before the import', async () => {
    const book = await bookWithA();
    const preview = previewImport(FILE, book.wallets());
    expect(needsLook(preview)).toBe(true);
    expect(preview.bad).toEqual([
      { line: 3, address: '0xnothex', reason: expect.stringContaining('40 hexadecimal') },
      { line: 5, address: B, reason: 'The same address appears earlier in the file.' },
    ]);
    expect(preview.renames).toEqual([{ address: A, from: 'Treasury EU', to: 'Treasury renamed' }]);
    // The preview and the import agree row by row.
    const report = await book.importCsv(FILE);
    expect(report.rows.filter((r) => r.outcome === 'skipped').map((r) => ({ line: r.line, reason: r.reason }))).toEqual(
      preview.bad.map((r) => ({ line: r.line, reason: r.reason })),
    );
  });

  it('says a file with no address column, or too many rows, cannot be imported; a clean file needs no look', async () => {
    expect(previewImport('wallet,label\n0x1,a\n', []).missingAddress).toBe(true);
    expect(previewImport(`address\n${`${B}\n`.repeat(10_001)}`, []).refused).toContain('at most 10000');
    expect(needsLook(previewImport(`address,label\n${B},Desk 2\n`, []))).toBe(false);
  });

  it('imports keeping the labels of the wallets already in the book, and still applies notes and groups', async () => {
    const book = await bookWithA();
    const report = await book.importCsv(FILE, undefined, { keepLabels: true });
    expect(report).toMatchObject({ added: 1, updated: 1, skipped: 2 });
    const a = book.wallets().find((w) => w.address === A)!;
    expect(a).toMatchObject({ label: 'Treasury EU', notes: 'moved' });
    expect(a.groupIds).toHaveLength(1);
    expect(book.wallets().find((w) => w.address === B)!.label).toBe('Desk 2');
  });
});
