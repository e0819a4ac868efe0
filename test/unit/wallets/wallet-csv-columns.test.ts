import { describe, expect, it } from 'vitest';
import { readCsv } from '../../../shared/csv/read-csv';
import { WALLET_CSV_COLUMNS, parseWalletCsv, walletsToCsv } from '../../../shared/wallets/wallet-csv';
import { previewImport } from '../../../renderer/src/batch/import-preview';
import type { Group, Wallet } from '../../../shared/wallets/schemas';

// The wallet CSV's columns have one owner (shared/wallets/wallet-csv.ts): the columns the import
// preview explains to the operator are the ones the export writes and the import reads, and a file
// the preview says lacks a required column is the file the import refuses.
const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('the wallet CSV columns', () => {
  it('the preview explains the columns the export writes, in its order', () => {
    const wallet = { address: A, label: 'Desk', notes: 'n', groupIds: ['g1'], source: 'watch', createdAt: '2026-01-01T00:00:00.000Z' } as unknown as Wallet;
    const group = { id: 'g1', name: 'Fund II' } as Group;
    const written = readCsv(walletsToCsv([wallet], [group])).fields;
    expect(written.slice(0, WALLET_CSV_COLUMNS.length)).toEqual(WALLET_CSV_COLUMNS.map((c) => c.name));
  });

  it('a file that lacks a required column is flagged by the preview and refused by the import', () => {
    for (const required of WALLET_CSV_COLUMNS.filter((c) => c.required)) {
      const header = WALLET_CSV_COLUMNS.filter((c) => c !== required).map((c) => c.name);
      const text = `${header.join(',')}\n${header.map(() => 'x').join(',')}\n`;
      expect(previewImport(text, []).missingAddress, required.name).toBe(true);
      expect(parseWalletCsv(text).ok, required.name).toBe(false);
    }
  });

  it('every optional column is read back as written', () => {
    const text = `${WALLET_CSV_COLUMNS.map((c) => c.name).join(',')}\n${A},Desk,a note,Fund II;Ops\n`;
    const parsed = parseWalletCsv(text);
    expect(parsed.ok && parsed.rows[0]).toMatchObject({ address: A, label: 'Desk', notes: 'a note', groupNames: ['Fund II', 'Ops'] });
  });
});
