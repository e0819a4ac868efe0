import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { transactionExplorerLink } from '../../../shared/domain/external-links';
import { exactUnits } from '../../../shared/domain/units';
import { TRANSACTION_CSV_COLUMNS, transactionsCsv } from '../../../shared/transactions/csv';
import { transactionsFileName } from '../../../shared/files/export-names';
import { transactionFilter, transactionTotals } from '../../../shared/transactions/filter';
import type { TransactionRow } from '../../../shared/transactions/schemas';

const A = '0x' + 'a'.repeat(40);
const B = '0x' + 'b'.repeat(40);
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const USDC = { symbol: 'USDC', decimals: 6 };
const TRANCHE = { symbol: 'AA_USDC', decimals: 18 };

const tx = (n: number, p: Partial<TransactionRow> = {}): TransactionRow => ({
  id: `t${n}`,
  hash: hash(n),
  wallet: A,
  vaultId: 'v1',
  vaultName: 'Prime USDC',
  chainName: 'Ethereum',
  type: 'DEPOSIT',
  status: 'CONFIRMED',
  amount: '1000000',
  token: USDC,
  timestamp: Date.UTC(2026, 2, n) / 1000,
  blockNumber: n,
  explorer: { url: `https://etherscan.io/tx/${hash(n)}`, host: 'etherscan.io' },
  ...p,
});

const rows: TransactionRow[] = [
  tx(3, { amount: '1250500000' }), // 1,250.5 USDC
  tx(1, { amount: '1' }), // the smallest USDC unit
  tx(2, { wallet: B, type: 'WITHDRAW', token: TRANCHE, amount: '123456789012345678901' }), // 123.456… tranche tokens
  tx(4, {
    type: 'CLAIM',
    amount: '99999999',
    explorer: { url: null, reason: 'No block explorer: Local chain 31337 is a chain on this machine.', short: 'local chain: no explorer' },
  }),
];
const labels: Record<string, string> = { [A.toLowerCase()]: 'Treasury', [B.toLowerCase()]: '=HYPERLINK("x")' };
const parse = (csv: string) => Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });

describe('transactions CSV', () => {
  const csv = transactionsCsv(rows, (w) => labels[w.toLowerCase()] ?? '');
  const parsed = parse(csv);

  it('has the accounting columns, one line per transaction, oldest first, dates in UTC ISO', () => {
    expect(parsed.meta.fields).toEqual([...TRANSACTION_CSV_COLUMNS]);
    expect(TRANSACTION_CSV_COLUMNS.join(',')).toBe('date_utc,wallet,label,vault,type,status,amount,symbol,tx_hash,explorer_url');
    expect(parsed.data.map((r) => r.tx_hash)).toEqual([hash(1), hash(2), hash(3), hash(4)]);
    expect(parsed.data[0]!.date_utc).toBe('2026-03-01T00:00:00.000Z');
    expect(parsed.data[0]).toMatchObject({ wallet: A, label: 'Treasury', vault: 'Prime USDC', type: 'DEPOSIT', status: 'CONFIRMED' });
    expect(parsed.data[0]!.explorer_url).toBe(`https://etherscan.io/tx/${hash(1)}`);
    expect(parsed.data[3]!.explorer_url).toBe('');
    expect(csv.endsWith('\n')).toBe(true);
  });

  it("writes each amount with exactly its token's decimals, beside its symbol", () => {
    const bySymbol = parsed.data.map((r) => [r.amount, r.symbol]);
    expect(bySymbol).toEqual([
      ['0.000001', 'USDC'],
      ['123.456789012345678901', 'AA_USDC'],
      ['1250.500000', 'USDC'],
      ['99.999999', 'USDC'],
    ]);
  });

  it('adds up, per type and token, to the totals the screen shows', () => {
    const totals = transactionTotals(rows);
    for (const t of totals) {
      const lines = parsed.data.filter((r) => r.type === t.type && r.symbol === t.token!.symbol);
      expect(lines).toHaveLength(t.count);
      // Summed exactly from the CSV's decimal text, back in base units.
      const sum = lines.reduce((s, r) => s + BigInt(r.amount!.replace('.', '')), 0n);
      expect(sum).toBe(t.amount);
    }
    expect(totals.map((t) => [t.type, t.token?.symbol, t.count, t.amount])).toEqual([
      ['CLAIM', 'USDC', 1, 99_999_999n],
      ['DEPOSIT', 'USDC', 2, 1_250_500_001n],
      ['WITHDRAW', 'AA_USDC', 1, 123_456_789_012_345_678_901n],
    ]);
  });

  it('never lets a label or a name from the service run as a spreadsheet formula', () => {
    const line = parsed.data.find((r) => r.wallet === B)!;
    expect(line.label).toBe(`'=HYPERLINK("x")`);
    const hostile = parse(transactionsCsv([tx(9, { vaultName: '+cmd|calc', type: '@SUM(1)' })], () => '-1'));
    expect(hostile.data[0]).toMatchObject({ vault: "'+cmd|calc", type: "'@SUM(1)", label: "'-1" });
  });

  it('keeps an amount in an unknown token as base units, said so', () => {
    const unknown = parse(transactionsCsv([tx(5, { token: null, amount: '42' })], () => ''));
    expect(unknown.data[0]).toMatchObject({ amount: '42', symbol: 'base units (token unknown)' });
  });

  it('names the file after the batch and the UTC date', () => {
    expect(transactionsFileName('Fund II / lenders', new Date(Date.UTC(2026, 10, 23, 23, 30)))).toBe(
      'vaultdesk-transactions-fund-ii-lenders-2026-11-23.csv',
    );
    expect(transactionsFileName('', new Date(Date.UTC(2026, 0, 2)))).toBe('vaultdesk-transactions-all-wallets-2026-01-02.csv');
  });
});

describe('exact amounts', () => {
  it.each([
    ['1250500000', 6, '1250.500000'],
    ['1', 6, '0.000001'],
    ['0', 6, '0.000000'],
    ['-2500000', 6, '-2.500000'],
    ['1000000000000000000', 18, '1.000000000000000000'],
    ['7', 0, '7'],
  ])('%s with %d decimals → %s', (units, decimals, text) => expect(exactUnits(units, decimals)).toBe(text));
});

describe('transaction filters', () => {
  it('narrows by wallet (any case), vault, type and status', () => {
    expect(rows.filter(transactionFilter({ wallet: B.toUpperCase().replace('0X', '0x') })).map((r) => r.id)).toEqual(['t2']);
    expect(rows.filter(transactionFilter({ type: 'DEPOSIT', status: 'CONFIRMED' })).map((r) => r.id)).toEqual(['t3', 't1']);
    expect(rows.filter(transactionFilter({ vaultId: 'other' }))).toEqual([]);
    expect(rows.filter(transactionFilter({}))).toHaveLength(4);
  });

  it('takes whole UTC days, both ends included', () => {
    const late = tx(7, { timestamp: Date.UTC(2026, 2, 2, 23, 59, 59) / 1000 });
    const next = tx(8, { timestamp: Date.UTC(2026, 2, 3) / 1000 });
    const undated = tx(9, { timestamp: null });
    const pick = transactionFilter({ from: '2026-03-02', to: '2026-03-02' });
    expect([...rows, late, next, undated].filter(pick).map((r) => r.id)).toEqual(['t2', 't7']);
    expect([undated].filter(transactionFilter({ from: 'not a date' }))).toHaveLength(1);
  });
});

describe('explorer links', () => {
  const chain = { chainId: 1, name: 'Ethereum', explorerUrl: 'https://etherscan.io/', rpcUrl: 'https://eth.example' };

  it("uses the chain record's explorer, else the built-in one for the network id", () => {
    expect(transactionExplorerLink(chain, hash(1))).toEqual({ url: `https://etherscan.io/tx/${hash(1)}`, host: 'etherscan.io' });
    expect(transactionExplorerLink({ ...chain, chainId: 137, explorerUrl: null }, hash(1))).toMatchObject({
      url: `https://polygonscan.com/tx/${hash(1)}`,
    });
    // Never an http or loopback explorer from the service.
    expect(transactionExplorerLink({ ...chain, explorerUrl: 'http://127.0.0.1:8080' }, hash(1))).toMatchObject({
      url: `https://etherscan.io/tx/${hash(1)}`,
    });
  });

  it('says why there is no link: a local chain, an unknown chain, no hash', () => {
    expect(
      transactionExplorerLink({ chainId: 31337, name: 'Local chain 31337', explorerUrl: null, rpcUrl: 'http://127.0.0.1:8545' }, hash(1)),
    ).toEqual({
      url: null,
      reason: 'No block explorer: Local chain 31337 is a chain on this machine.',
      short: 'local chain: no explorer',
    });
    expect(transactionExplorerLink({ chainId: 999, name: 'Somechain', explorerUrl: null, rpcUrl: null }, hash(1))).toEqual({
      url: null,
      reason: 'No block explorer is known for Somechain.',
      short: 'no explorer known',
    });
    expect(transactionExplorerLink(chain, 'not-a-hash')).toMatchObject({ url: null, reason: 'The service gave no transaction hash.' });
  });
});
