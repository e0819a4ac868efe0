import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WalletBook, walletBookDocument } from '../../../electron/services/wallets/wallet-book';
import { CSV_MAX_ROWS } from '../../../shared/wallets/schemas';

const A = '0xCbA98362e199c41E1864D0923AF9646d3A648451';
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const C = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

async function freshBook(dir = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-book-'))) {
  const book = new WalletBook(walletBookDocument(dir));
  await book.load();
  return { book, dir };
}

describe('wallet book', () => {
  it('adds watch-only wallets with checksummed addresses and keeps them across restarts', async () => {
    const { book, dir } = await freshBook();
    await book.add({ address: A.toLowerCase(), label: ' Treasury 1 ', notes: 'cold' });
    const again = await freshBook(dir);
    expect(again.book.wallets()).toMatchObject([{ address: A, label: 'Treasury 1', notes: 'cold', source: 'watch' }]);
  });

  it('refuses a mistyped checksum and a duplicate, saying why', async () => {
    const { book } = await freshBook();
    await expect(book.add({ address: A.replace('CbA', 'CBA') })).rejects.toMatchObject({ code: 'ADDRESS_INVALID', message: expect.stringContaining('checksum') });
    await book.add({ address: A });
    await expect(book.add({ address: A.toLowerCase() })).rejects.toMatchObject({ code: 'WALLET_EXISTS' });
  });

  it('groups wallets into batches; deleting a group keeps its wallets', async () => {
    const { book } = await freshBook();
    await book.add({ address: A });
    await book.add({ address: B });
    const g = await book.createGroup('Fund II');
    await expect(book.createGroup('fund ii')).rejects.toMatchObject({ code: 'GROUP_EXISTS' });
    expect(await book.setMembership(g.id, [A, B], true)).toBe(2);
    expect(book.wallets(g.id).map((w) => w.address)).toEqual([A, B]);
    expect(await book.setMembership(g.id, [B], false)).toBe(1);
    expect(book.wallets(g.id).map((w) => w.address)).toEqual([A]);
    await book.deleteGroup(g.id);
    expect(book.wallets()).toHaveLength(2);
    expect(book.wallets().every((w) => w.groupIds.length === 0)).toBe(true);
  });

  it('turns a watched address into a Ledger account when it is imported from the device', async () => {
    const { book } = await freshBook();
    await book.add({ address: A, label: 'Ops' });
    const result = await book.importLedgerAccounts([
      { address: A, ledger: { scheme: 'ledger-live', path: "44'/60'/0'/0/0", index: 0 } },
      { address: B, ledger: { scheme: 'ledger-live', path: "44'/60'/1'/0/0", index: 1 } },
    ]);
    expect(result).toEqual({ added: 1, updated: 1 });
    expect(book.wallets()).toMatchObject([
      { address: A, label: 'Ops', source: 'ledger', ledger: { index: 0 } },
      { address: B, label: 'Ledger 1', source: 'ledger' },
    ]);
  });

  it("refuses a Ledger account at the planner's path: that key signs bundles and nothing else", async () => {
    const { book } = await freshBook();
    await expect(
      book.importLedgerAccounts([
        { address: A, ledger: { scheme: 'bip44', path: "44'/60'/0'/0/0", index: 0 } },
        { address: B, ledger: { scheme: 'bip44', path: "m/44'/60'/0'/1/0", index: 0 } },
      ]),
    ).rejects.toMatchObject({ code: 'WALLET_PLANNER_PATH', message: expect.stringContaining("44'/60'/0'/1/0 is the planner's account") });
    // Refused whole: nothing of the import was kept.
    expect(book.wallets()).toHaveLength(0);
  });

  it('applies concurrent edits one after the other without losing any', async () => {
    const { book, dir } = await freshBook();
    await Promise.all([book.add({ address: A }), book.add({ address: B }), book.add({ address: C }), book.createGroup('X')]);
    const again = await freshBook(dir);
    expect(again.book.wallets()).toHaveLength(3);
    expect(again.book.snapshot().groups).toHaveLength(1);
  });

  it('keeps a corrupt book aside and starts empty, without overwriting it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-book-'));
    writeFileSync(path.join(dir, 'wallets.json'), '{"version":1,"wallets":[{"address":');
    const book = new WalletBook(walletBookDocument(dir));
    const { recovered } = await book.load();
    expect(recovered?.reason).toContain('not valid JSON');
    expect(readFileSync(recovered!.keptAt, 'utf8')).toContain('"wallets":[{"address":');
    expect(book.wallets()).toEqual([]);
  });
});

describe('CSV import and export', () => {
  it('reports each row: added, updated, skipped with the reason and the right line', async () => {
    const { book } = await freshBook();
    await book.add({ address: C, label: 'old label' });
    const csv = [
      'Address,Label,Notes,Groups',
      `${A},Treasury,"multi-line` ,
      `note, with comma",Fund I;Fund II`,
      '',
      `${A.replace('CbA', 'CBA')},typo,,`,
      `0x1234,short,,`,
      `${C},new label,,Fund I`,
      `${A.toLowerCase()},dup,,`,
      `${B},,,`,
    ].join('\n');
    const report = await book.importCsv(csv);
    expect(report).toMatchObject({ added: 2, updated: 1, skipped: 3, createdGroups: ['Fund I', 'Fund II'] });
    expect(report.rows).toEqual([
      { line: 2, address: A, outcome: 'added', reason: null },
      { line: 5, address: A.replace('CbA', 'CBA'), outcome: 'skipped', reason: expect.stringContaining('checksum') },
      { line: 6, address: '0x1234', outcome: 'skipped', reason: expect.stringContaining('40 hexadecimal') },
      { line: 7, address: C, outcome: 'updated', reason: null },
      { line: 8, address: A, outcome: 'skipped', reason: expect.stringContaining('earlier in the file') },
      { line: 9, address: B, outcome: 'added', reason: null },
    ]);
    const wallets = book.wallets();
    expect(wallets.find((w) => w.address === A)).toMatchObject({ label: 'Treasury', notes: 'multi-line\nnote, with comma' });
    expect(wallets.find((w) => w.address === C)?.label).toBe('new label');
  });

  it('refuses a file without an address column, or over the row cap, as a whole', async () => {
    const { book } = await freshBook();
    await expect(book.importCsv('wallet,label\n0x1,a\n')).rejects.toMatchObject({ code: 'CSV_REFUSED', message: expect.stringContaining('"address"') });
    const big = `address\n${Array.from({ length: CSV_MAX_ROWS + 1 }, () => A).join('\n')}\n`;
    await expect(book.importCsv(big)).rejects.toMatchObject({ code: 'CSV_REFUSED', message: expect.stringContaining(`at most ${CSV_MAX_ROWS}`) });
    expect(book.wallets()).toEqual([]);
  });

  it('exports what it imports: a round trip through CSV keeps addresses, labels, notes and groups', async () => {
    const { book } = await freshBook();
    const g = await book.createGroup('Fund "A", main');
    await book.add({ address: A, label: 'Treasury, EU', notes: 'line one\nline two', groupIds: [g.id] });
    await book.add({ address: B, label: 'Ops' });
    const csv = book.exportCsv();
    const other = (await freshBook()).book;
    const report = await other.importCsv(csv);
    expect(report.added).toBe(2);
    const byAddress = Object.fromEntries(other.wallets().map((w) => [w.address, w]));
    expect(byAddress[A]).toMatchObject({ label: 'Treasury, EU', notes: 'line one\nline two' });
    expect(other.snapshot().groups.map((x) => x.name)).toEqual(['Fund "A", main']);
    expect(book.exportCsv(g.id).trim().split('\n')).toHaveLength(3); // header + A's two lines
    expect(JSON.parse(book.exportJson(g.id)).wallets.map((w: { address: string }) => w.address)).toEqual([A]);
  });
});
