import { describe, expect, it } from 'vitest';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { batchTotals, vaultTotals } from '../../../shared/portfolio/totals';
import { portfolioVault, positionRow, requestRow } from './fixtures';

const USDT = { symbol: 'USDT', decimals: 6, address: '0x' + '5'.repeat(40) };
const ONE = 10n ** 18n;

// Vault A: USDC, a tranche worth 1.5 USDC, priced at 1 USD per USDC. Vault B: USDT with no USD price.
const portfolio: Portfolio = {
  groupId: null,
  generatedAtMs: 0,
  wallets: [],
  vaults: [
    portfolioVault('A', { name: 'Vault A', price: '1500000', tvl: { token: '1000000000', usd: '1000000000' } }),
    portfolioVault('B', { name: 'Vault B', underlying: USDT }),
  ],
  positions: [positionRow('A', '0x1'), positionRow('A', '0x2'), positionRow('B', '0x1')],
  requests: [
    requestRow({ id: 'p1', vaultId: 'A', amount: '2000000', status: 'PENDING', phase: 'pending', action: null }),
    requestRow({ id: 'p2', vaultId: 'A', type: 'WITHDRAW', amount: (2n * ONE).toString(), amountToken: 'tranche', status: 'PENDING', phase: 'pending', action: null }),
    requestRow({ id: 'p3', vaultId: 'A', wallet: '0x2', type: 'REDEEM', amount: '500000', status: 'PENDING', phase: 'pending', action: null }),
    // Claimable: counted by what the claim pays, and nowhere in pending.
    requestRow({ id: 'a1', vaultId: 'A', amount: '6000000', receive: { amount: (4n * ONE).toString(), token: 'tranche', estimate: false } }),
    requestRow({ id: 'a2', vaultId: 'A', type: 'WITHDRAW', amount: ONE.toString(), amountToken: 'tranche', receive: { amount: '4500000', token: 'underlying', estimate: false } }),
    // Pending in the queue: no action, not claimable.
    requestRow({ id: 'b1', vaultId: 'B', amount: '7000000', status: 'PENDING', phase: 'pending', action: null }),
  ],
  sources: [],
  cost: { http: 0, rpc: 0, ms: 0 },
};

describe('the batch line under the vault rows', () => {
  const rows = vaultTotals(portfolio);
  const line = batchTotals(rows);

  it('adds exactly the rows’ pending figures, per token, never mixing tokens', () => {
    expect(line.pendingDeposits).toEqual([
      { symbol: 'USDC', decimals: 6, amount: 2_000_000n },
      { symbol: 'USDT', decimals: 6, amount: 7_000_000n },
    ]);
    expect(line.pendingWithdraws).toEqual([{ symbol: 'AA', decimals: 18, amount: 2n * ONE }]);
    expect(line.pendingRedeems).toEqual([{ symbol: 'USDC', decimals: 6, amount: 500_000n }]);
    for (const figure of ['pendingDeposits', 'pendingRedeems'] as const) {
      const sum = line[figure].reduce((s, t) => s + t.amount, 0n);
      expect(sum).toBe(rows.reduce((s, r) => s + r[figure], 0n));
    }
  });

  it('counts a claimable request by what its claim pays, not as pending', () => {
    expect(line.claimableCount).toBe(2);
    expect(line.claimable).toEqual([
      { symbol: 'USDC', decimals: 6, amount: 4_500_000n },
      { symbol: 'AA', decimals: 18, amount: 4n * ONE },
    ]);
    expect(line.pendingDeposits.find((s) => s.symbol === 'USDC')!.amount).toBe(2_000_000n);
  });

  it('prices in USD only the vaults with a price, and names the others', () => {
    // 2 USDC + 2 tranche × 1.5 + 0.5 USDC = 5.5 USD; claims pay 4.5 USDC + 4 tranche × 1.5 = 10.5 USD.
    expect(line.usd.pending).toBe(5_500_000n);
    expect(line.usd.claimable).toBe(10_500_000n);
    expect(line.unpriced).toEqual(['Vault B']);
  });

  it('is empty for a batch with nothing pending or claimable', () => {
    const none = batchTotals(vaultTotals({ ...portfolio, positions: [], requests: [] }));
    expect(none).toMatchObject({
      pendingDeposits: [],
      claimable: [],
      claimableCount: 0,
      usd: { pending: 0n, claimable: 0n },
      unpriced: [],
    });
  });
});
