import { describe, expect, it } from 'vitest';
import type { Portfolio, PortfolioVault, RequestRow } from '../../../shared/portfolio/schemas';
import { vaultTotals } from '../../../shared/portfolio/totals';
import { portfolioVault, positionRow, requestRow } from './fixtures';

const vault = (id: string, kycRequired = true): PortfolioVault => portfolioVault(id, { kyc: { required: kycRequired, link: null } });

const position = positionRow;

const claim = (vaultId: string, type: RequestRow['type'], amount: string): RequestRow =>
  requestRow({ id: `${vaultId}:${type}:${amount}`, vaultId, type, amount, amountToken: type === 'WITHDRAW' ? 'tranche' : 'underlying' });

describe('vault totals for a batch', () => {
  const p: Portfolio = {
    groupId: null,
    generatedAtMs: 0,
    wallets: [],
    vaults: [vault('A'), vault('B', false)],
    positions: [
      position('A', '0x1', { trancheBalance: '2000000000000000000', value: '2000000', pendingDeposit: '500' }),
      position('A', '0x2', { trancheBalance: '1000000000000000000', value: '1000000', pendingRedeem: '7', pendingInstantRedeem: '3' }),
      position('A', '0x3', { allowed: false }),
      position('B', '0x1', { allowed: false, stale: true, pendingWithdraw: '9' }),
    ],
    requests: [
      claim('A', 'DEPOSIT', '100'),
      claim('A', 'WITHDRAW', '40'),
      claim('A', 'REDEEM', '5'),
      { ...claim('B', 'DEPOSIT', '1'), action: null },
    ],
    sources: [],
    cost: { http: 0, rpc: 0, ms: 0 },
  };
  const [a, b] = vaultTotals(p);

  it('adds balances, values and pending requests per vault, in base units', () => {
    expect(a!.trancheBalance).toBe(3_000_000_000_000_000_000n);
    expect(a!.value).toBe(3_000_000n);
    expect(a!.pendingDeposits).toBe(500n);
    expect(a!.pendingRedeems).toBe(10n);
    expect(b!.pendingWithdraws).toBe(9n);
  });

  it('counts active wallets, and KYC only where the vault requires it', () => {
    expect(a!.activeWallets).toBe(2);
    expect(a!.needsKyc).toBe(1);
    expect(b!.needsKyc).toBe(0);
    expect(b!.activeWallets).toBe(1);
  });

  it('counts the claims and sums them by the token each request was made in', () => {
    expect(a!.claimableCount).toBe(3);
    expect(a!.claimableUnderlying).toBe(105n);
    expect(a!.claimableTranche).toBe(40n);
    expect(b!.claimableCount).toBe(0);
  });

  it('marks a vault stale when any of its figures is', () => {
    expect(a!.stale).toBe(false);
    expect(b!.stale).toBe(true);
  });
});
