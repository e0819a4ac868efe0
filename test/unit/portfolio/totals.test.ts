import { describe, expect, it } from 'vitest';
import type { Portfolio, PortfolioVault, PositionRow, RequestRow } from '../../../shared/portfolio/schemas';
import { vaultTotals } from '../../../shared/portfolio/totals';

const vault = (id: string, kycRequired = true): PortfolioVault => ({
  id,
  name: id,
  chain: { recordId: 'c', chainId: 1, name: 'Chain', explorerUrl: null },
  underlying: { symbol: 'USDC', decimals: 6, address: '0x' + '1'.repeat(40) },
  tranche: { symbol: 'AA', decimals: 18, address: '0x' + '2'.repeat(40) },
  epochVault: '0x' + '3'.repeat(40),
  queue: null,
  strategy: '0x' + '4'.repeat(40),
  kyc: { required: kycRequired, link: null },
  lenderSignatureIds: [],
  status: 'READY',
  cycle: null,
  cycleSource: null,
  apr: { current: null, last: null },
  price: '1000000',
  tvl: null,
  queues: null,
  instant: null,
  origins: { apr: null, lastApr: null, price: 'chain', tvl: null, tvlUsd: null, queues: null, instant: null },
});

const position = (vaultId: string, wallet: string, p: Partial<PositionRow> = {}): PositionRow => ({
  wallet,
  vaultId,
  allowed: true,
  trancheBalance: '0',
  value: '0',
  underlyingBalance: '0',
  maxWithdrawable: null,
  pendingDeposit: '0',
  pendingWithdraw: '0',
  pendingRedeem: '0',
  pendingInstantRedeem: '0',
  allowance: null,
  claimable: [],
  stale: false,
  ...p,
});

const claim = (vaultId: string, type: RequestRow['type'], amount: string): RequestRow => ({
  id: `${vaultId}:${type}:${amount}`,
  wallet: '0xa',
  vaultId,
  type,
  status: 'CLAIMABLE',
  isInstant: false,
  epochNumber: 1,
  amount,
  amountToken: type === 'WITHDRAW' ? 'tranche' : 'underlying',
  requestedAt: null,
  expectedAt: null,
  action: { kind: 'claim', functionName: 'claimDepositRequest', contract: 'queue' },
  reason: null,
  source: 'service',
  stale: false,
});

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
    requests: [claim('A', 'DEPOSIT', '100'), claim('A', 'WITHDRAW', '40'), claim('A', 'REDEEM', '5'), { ...claim('B', 'DEPOSIT', '1'), action: null }],
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
