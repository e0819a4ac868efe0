import { describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/wallets/schemas';
import { previewImport } from '../../../renderer/src/batch/import-preview';

const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';
const wallet = (address: string, label: string) => ({ address, label, notes: '', groupIds: [] }) as unknown as Wallet;

describe('a wallet CSV before it is imported', () => {
  it('lists the wallets of the book whose label it would change, and only those', () => {
    const csv = [
      'Address,Label',
      `${A.toUpperCase().replace('0X', '0x')},Treasury renamed`,
      `${B},Desk`,
      '0x3333333333333333333333333333333333333333,New',
    ].join('\n');
    const preview = previewImport(csv, [wallet(A, 'Treasury'), wallet(B, 'Desk')]);
    expect(preview).toMatchObject({ missingAddress: false, rows: 3, renames: [{ address: A, from: 'Treasury', to: 'Treasury renamed' }] });
  });

  it('says the address column is missing, with the columns it found', () => {
    const preview = previewImport('wallet,name\n0xabc,Desk', []);
    expect(preview).toMatchObject({ missingAddress: true, columns: ['wallet', 'name'] });
  });
});
