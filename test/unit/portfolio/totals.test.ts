import { describe, expect, it } from 'vitest';
import type { Portfolio, RequestRow } from '../../../shared/portfolio/schemas';
import { vaultTotals } from '../../../shared/portfolio/totals';
import { portfolioVault, positionRow, requestRow } from './fixtures';

const vault = (id: string, kycRequired = true) => portfolioVault(id, { kyc: { required: kycRequired, link: null } });
const position = positionRow;
const ONE = 10n ** 18n;
const request = (vaultId: string, type: string, phase: RequestRow['phase'], amount: bigint, p: Partial<RequestRow> = {}) =>
  requestRow({
    id: `${vaultId}:${type}:${phase}:${amount}`,
    wallet: '0x1',
    vaultId,
    type,
    phase,
    status: phase === 'claimable' ? 'CLAIMABLE' : phase === 'processed' ? 'PROCESSED' : 'PENDING',
    amount: amount.toString(),
    amountToken: type === 'WITHDRAW' ? 'tranche' : 'underlying',
    receive: null,
    action: null,
    ...p,
  });

describe('vault totals for a batch', () => {
  const p: Portfolio = {
    groupId: null,
    generatedAtMs: 0,
    wallets: [],
    vaults: [vault('A'), vault('B', false)],
    positions: [
      // The chain's redeem receipt (7 + 3) also covers the claimable redeem below: positions do not make the request totals.
      position('A', '0x1', { trancheBalance: (2n * ONE).toString(), value: '2000000', pendingDeposit: '500' }),
      position('A', '0x2', { trancheBalance: ONE.toString(), value: '1000000', pendingRedeem: '7', pendingInstantRedeem: '3' }),
      position('A', '0x3', { allowed: false }),
      position('B', '0x1', { allowed: false, stale: true }),
    ],
    requests: [
      request('A', 'DEPOSIT', 'pending', 500n),
      request('A', 'REDEEM', 'pending', 3n, { wallet: '0x2', isInstant: true }),
      // Epsilon: a claimable redeem is claimable, not pending too.
      request('A', 'REDEEM', 'claimable', 7n, { wallet: '0x2', receive: { amount: '7', token: 'underlying', estimate: false } }),
      // A deposit claim pays tranche tokens at the epoch's price, not the 10,101 put in.
      request('A', 'DEPOSIT', 'claimable', 10_101_000_000n, { receive: { amount: (10_024_380_000n * 10n ** 12n).toString(), token: 'tranche', estimate: false } }),
      request('A', 'WITHDRAW', 'claimable', 40n * ONE, { receive: { amount: '40200000', token: 'underlying', estimate: true } }),
      // Gamma: a processed withdrawal not yet claimable is counted, as processed.
      request('B', 'WITHDRAW', 'processed', 3_668_500_000_000_000_000_000n),
      // A withdrawal known only by the underlying its record states stays in that unit.
      request('B', 'WITHDRAW', 'pending', 2_072_310_000n, { amountToken: 'underlying', amountFrom: 'service' }),
      request('B', 'DEPOSIT', 'claimed', 1n),
      request('B', 'WRITEOFF', 'other', 5n),
    ],
    sources: [],
    cost: { http: 0, rpc: 0, ms: 0 },
  };
  const [a, b] = vaultTotals(p);

  it('adds balances and values per vault, in base units', () => {
    expect(a!.trancheBalance).toBe(3n * ONE);
    expect(a!.value).toBe(3_000_000n);
  });

  it('counts each request in one column only, by its phase', () => {
    expect(a!.pendingDeposits).toBe(500n);
    expect(a!.pendingRedeems).toBe(3n);
    expect(a!.claimableCount).toBe(3);
    expect(b!.processedCount).toBe(1);
    expect(b!.processed).toEqual({ tranche: 3_668_500_000_000_000_000_000n, underlying: 0n });
    expect(b!.claimableCount).toBe(0);
  });

  it('keeps a withdrawal in the unit it is known in', () => {
    expect(b!.pendingWithdraws).toEqual({ tranche: 0n, underlying: 2_072_310_000n });
  });

  it('sums what the claims pay, by the token they pay in, and says when some figure is an estimate', () => {
    expect(a!.claimable).toEqual({ tranche: 10_024_380_000n * 10n ** 12n, underlying: 7n + 40_200_000n });
    expect(a!.claimableEstimate).toBe(true);
  });

  it('counts active wallets, and KYC only where the vault requires it', () => {
    expect(a!.activeWallets).toBe(2);
    expect(a!.needsKyc).toBe(1);
    expect(b!.needsKyc).toBe(0);
    expect(b!.activeWallets).toBe(1);
  });

  it('marks a vault stale when any of its figures is', () => {
    expect(a!.stale).toBe(false);
    expect(b!.stale).toBe(true);
  });
});
