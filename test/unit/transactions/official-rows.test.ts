import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toTransactionRow } from '../../../electron/services/transactions/history';
import { indexCatalog } from '../../../electron/services/catalog/catalog';
import { ChainSchema, TokenSchema, TransactionSchema, VaultSchema } from '../../../shared/service';
import { TRANSACTION_CSV_COLUMNS, transactionsCsv } from '../../../shared/transactions/csv';
import { OFFICIAL_TRANSACTIONS } from '../../fixtures/official-records';

/**
 * The protocol's transaction records (`TransactionData`, `TransactionMock`) have no `status`,
 * `chainId`, `epochId` or USD value: the Transactions screen and its CSV take the chain from the
 * vault, say `mined` of a record with a block rather than leave the status empty, and show no USD.
 */
const vault = VaultSchema.parse({
  _id: '6672a503689d1ff1e80e4ec9',
  name: 'Prime USDC',
  address: `0x${'1'.repeat(40)}`,
  tokenId: '6672a503689d1ff1e80e4ec2',
  chainId: '6672a503689d1ff1e80e4ea0',
  visibility: 'PUBLIC',
  status: 'READY',
  contractType: 'CDO_EPOCH',
  symbol: 'AA_USDC',
});
const catalog = indexCatalog({
  vaults: [vault],
  tokens: [
    TokenSchema.parse({
      _id: '6672a503689d1ff1e80e4ec2',
      name: 'USD Coin',
      symbol: 'USDC',
      decimals: 6,
      address: `0x${'2'.repeat(40)}`,
      chainId: vault.chainId,
    }),
  ],
  chains: [ChainSchema.parse({ _id: '6672a503689d1ff1e80e4ea0', name: 'Ethereum', chainID: 1, hex: '0x1' })],
});

describe('transactions from the protocol’s records', () => {
  const records = OFFICIAL_TRANSACTIONS.filter((r) => r.expect.read).map((r) => TransactionSchema.parse(r.record));

  it('have no status, chain, epoch or USD field, and get the chain from the vault', () => {
    for (const record of records)
      for (const field of ['status', 'chainId', 'epochId', 'amountUSD']) expect(record).not.toHaveProperty(field);
    const rows = records.map((tx) => toTransactionRow(tx, catalog));
    expect(rows.every((r) => r.chainName === 'Ethereum')).toBe(true);
    expect(rows.every((r) => r.explorer.url?.startsWith('https://etherscan.io/tx/'))).toBe(true);
    expect(rows.every((r) => r.status === null && !('amountUsd' in r))).toBe(true);
  });

  it('export a status the record supports (mined in its block), and no USD column', () => {
    const rows = records.map((tx) => toTransactionRow(tx, catalog));
    const parsed = Papa.parse<Record<string, string>>(
      transactionsCsv(rows, () => 'Lender'),
      { header: true, skipEmptyLines: true },
    ).data;
    expect(parsed).toHaveLength(rows.length);
    expect(parsed.every((line) => line.status === 'mined')).toBe(true);
    expect(TRANSACTION_CSV_COLUMNS.some((c) => /usd/i.test(c))).toBe(false);
    expect(parsed.every((line) => line.vault === 'Prime USDC')).toBe(true);
  });
});
