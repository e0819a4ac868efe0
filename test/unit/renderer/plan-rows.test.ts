import { describe, expect, it } from 'vitest';
import { planTotals, type PlanRow } from '../../../renderer/src/signing/plan-rows';
import { portfolioVault } from '../portfolio/fixtures';

/** A row of the review's table: what planTotals reads of it. */
const row = (vaultId: string, step: string, amount: { baseUnits: string; symbol: string; decimals: number } | null): PlanRow =>
  ({ id: `${vaultId}-${step}`, order: 1, item: { vaultId, step }, wallet: 'w', vaultName: vaultId, call: step, amount, nonce: 0 }) as unknown as PlanRow;

describe('the review table’s totals', () => {
  it('adds what the calls move per token, approvals left out, in USD at each vault’s one price (tranche tokens through the share price)', () => {
    const vaults = [
      // 1 USDC = 1 USD.
      portfolioVault('A', { usdPrice: { usd: '1000000', token: '1000000', block: 1, at: 0 } }),
      // 1 AA = 1.5 USDC, 1 USDC = 2 USD.
      portfolioVault('B', { price: '1500000', usdPrice: { usd: '2000000', token: '1000000', block: 1, at: 0 } }),
      portfolioVault('C'),
    ];
    const usdc = (n: number) => ({ baseUnits: String(n * 1e6), symbol: 'USDC', decimals: 6 });
    const totals = planTotals(
      [
        row('A', 'approve', usdc(3)),
        row('A', 'depositAA', usdc(3)),
        row('B', 'requestWithdraw', { baseUnits: (2n * 10n ** 18n).toString(), symbol: 'AA', decimals: 18 }),
        row('C', 'depositAA', usdc(5)),
        row('A', 'claimDepositRequest', null),
      ],
      (id) => vaults.find((v) => v.id === id),
    );
    expect(totals.counted).toBe(3);
    expect(totals.priced).toBe(2);
    expect(totals.tokens).toEqual([
      { symbol: 'USDC', decimals: 6, amount: 8_000_000n },
      { symbol: 'AA', decimals: 18, amount: 2n * 10n ** 18n },
    ]);
    // $3 (A) + 2 AA × 1.5 USDC × $2 (B); C has no price and says so.
    expect(totals.usd).toBe(9_000_000n);
    expect(totals.unpriced).toEqual(['C']);
  });
});
