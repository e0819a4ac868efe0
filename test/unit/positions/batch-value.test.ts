import { describe, expect, it } from 'vitest';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { vaultTotals } from '../../../shared/portfolio/totals';
import { batchValue } from '../../../shared/positions/batch-value';
import type { PositionRecord } from '../../../shared/positions/schemas';
import { vaultEarnings } from '../../../shared/positions/totals';
import { portfolioVault, positionRecordRow, positionRecords, positionRow } from '../portfolio/fixtures';

const ONE = 10n ** 18n;
const A = '0x' + 'a'.repeat(40);
const B = '0x' + 'b'.repeat(40);
const DAI = { symbol: 'DAI', decimals: 18, address: '0x' + '6'.repeat(40) };
const USDT = { symbol: 'USDT', decimals: 6, address: '0x' + '5'.repeat(40) };

// USDC at 1 USD (TVL 1,000 USDC = 1,000 USD); DAI at 0.99 USD; USDT without a USD price.
const portfolio: Portfolio = {
  groupId: null,
  generatedAtMs: 0,
  wallets: [A, B].map((address) => ({ address, label: '' })),
  vaults: [
    portfolioVault('usdc', { name: 'Vault USDC', tvl: { token: '1000000000', usd: '1000000000' } }),
    portfolioVault('dai', { name: 'Vault DAI', underlying: DAI, tvl: { token: (1000n * ONE).toString(), usd: '990000000' } }),
    portfolioVault('usdt', { name: 'Vault USDT', underlying: USDT }),
  ],
  positions: [
    positionRow('usdc', A, { trancheBalance: '1', value: '100000000' }),
    positionRow('usdc', B, { trancheBalance: '1', value: '50500000' }),
    positionRow('dai', A, { trancheBalance: '1', value: (200n * ONE).toString() }),
    positionRow('usdt', B, { trancheBalance: '1', value: '70000000' }),
  ],
  requests: [],
  sources: [],
  cost: { http: 0, rpc: 0, ms: 0 },
};

/** A service record in the vault's underlying base units; its USD figures are what the service says. */
const record = (deposits: bigint, earnings: bigint, usd: { deposits: string; earnings: string } | null): PositionRecord => ({
  deposits: { token: deposits.toString(), usd: usd?.deposits ?? null },
  redeemable: { token: (deposits + earnings).toString(), usd: null },
  pendingDeposits: { token: '0', usd: null },
  pendingWithdraws: { token: '0', usd: null },
  earnings: { token: earnings.toString(), usd: usd?.earnings ?? null, percentage: null },
  realizedApy: null,
  poolSharePercent: null,
  balance: '1',
});

const row = positionRecordRow;
const records = positionRecords;

describe('the Overview’s batch line of value and earnings', () => {
  // A's USDC record, B's USDC record set aside (never loaded), A's DAI record, B's USDT record without USD figures.
  const recs = records([
    row('usdc', A, record(95_000_000n, 5_000_000n, { deposits: '95000000', earnings: '5000000' })),
    row('usdc', B, null),
    row('dai', A, record(190n * ONE, 10n * ONE, { deposits: '188100000', earnings: '9900000' })),
    row('usdt', B, record(68_000_000n, 2_000_000n, null)),
  ]);
  const rows = vaultTotals(portfolio);
  const earnings = vaultEarnings(portfolio, recs);
  const line = batchValue(rows, earnings);

  it('is the sum of exactly the rows above it, per token', () => {
    for (const [figure, of] of [
      ['value', (id: string) => rows.find((r) => r.vault.id === id)!.value],
      ['earnings', (id: string) => earnings.get(id)!.token.earnings],
      ['deposits', (id: string) => earnings.get(id)!.token.deposits],
    ] as const) {
      for (const sum of line[figure]) {
        const vaults = portfolio.vaults.filter((v) => v.underlying.symbol === sum.symbol);
        expect(sum.amount).toBe(vaults.reduce((s, v) => s + of(v.id), 0n));
      }
    }
    expect(line.value).toEqual([
      { symbol: 'USDC', decimals: 6, amount: 150_500_000n },
      { symbol: 'DAI', decimals: 18, amount: 200n * ONE },
      { symbol: 'USDT', decimals: 6, amount: 70_000_000n },
    ]);
  });

  it('leaves a record set aside out of the line as the row leaves it out, and says so', () => {
    // B's USDC record never loaded: the USDC row counts A's earnings only, and so does the line.
    expect(earnings.get('usdc')).toMatchObject({ records: 1, missing: 1 });
    expect(line.earnings.find((s) => s.symbol === 'USDC')!.amount).toBe(5_000_000n);
    expect(line).toMatchObject({ records: 3, missing: 1 });
  });

  it('counts a record without the service’s USD figures in its token, as its row does, and prices the rows at each vault’s stated price', () => {
    // The USDT row has its record's earnings; its vault has no USD price, so it is named and left out of USD.
    expect(line.earnings.find((s) => s.symbol === 'USDT')!.amount).toBe(2_000_000n);
    expect(line.unpriced).toEqual(['Vault USDT']);
    // 150.50 USDC at 1 USD + 200 DAI at 0.99 USD = 348.50 USD; earned 5 + 9.90; on 95 + 188.10.
    expect(line.usd).toEqual({ value: 348_500_000n, earnings: 14_900_000n, deposits: 283_100_000n });
    expect(line.earningsPercent).toBe(5.2631);
  });

  it('adds up the values with no earnings while the records load', () => {
    const loading = batchValue(rows, null);
    expect(loading.value).toEqual(line.value);
    expect(loading.earnings).toEqual([]);
    expect(loading.usd.value).toBe(348_500_000n);
  });
});
