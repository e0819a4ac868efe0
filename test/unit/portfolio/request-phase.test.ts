import { describe, expect, it } from 'vitest';
import { expectedReceipt, requestAmount } from '../../../shared/portfolio/request-amounts';
import { requestPhase } from '../../../shared/portfolio/request-phase';

const ONE = 10n ** 18n;
const words = (type: string, status: string, isInstant = false) => ({ type, status, isInstant });

describe("a request's amount in its own unit", () => {
  it('reads a withdrawal from lpAmount, else from the queue, else as the underlying its record states', () => {
    const record = { amount: '2072310000' };
    expect(requestAmount('WITHDRAW', { ...record, lpAmount: (2041n * ONE).toString() }, null)).toEqual({ amount: 2041n * ONE, token: 'tranche', from: 'lpAmount' });
    expect(requestAmount('WITHDRAW', record, 2041n * ONE)).toEqual({ amount: 2041n * ONE, token: 'tranche', from: 'chain' });
    // Never 2,072.31 USDC read as 0.000000002 tranche tokens.
    expect(requestAmount('WITHDRAW', record, null)).toEqual({ amount: 2_072_310_000n, token: 'underlying', from: 'service' });
  });

  it('reads deposits and redeems in the underlying', () => {
    expect(requestAmount('DEPOSIT', { amount: '5' }, 7n)).toEqual({ amount: 7n, token: 'underlying', from: 'chain' });
    expect(requestAmount('REDEEM', { amount: '5' }, null)).toEqual({ amount: 5n, token: 'underlying', from: 'service' });
  });
});

describe('what a claim pays, as the queue computes it', () => {
  it('pays a deposit in tranche tokens at epochPrice(e): amount × 1e18 / price', () => {
    const put = { amount: 10_101_000_000n, token: 'underlying' as const, from: 'service' as const };
    const r = expectedReceipt('DEPOSIT', 'claimable', put, { epochPrice: 1_007_640n, vaultPrice: 1_010_000n });
    expect(r).toEqual({ amount: (10_101_000_000n * ONE) / 1_007_640n, token: 'tranche', estimate: false });
    // Before the epoch is priced: the vault's price now, said to be an estimate.
    expect(expectedReceipt('DEPOSIT', 'pending', put, { epochPrice: 0n, vaultPrice: 1_010_000n })).toMatchObject({ estimate: true });
  });

  it('pays a withdrawal in the underlying at epochWithdrawPrice(e): lp × price / 1e18, fixed once claimable', () => {
    const put = { amount: 2041n * ONE, token: 'tranche' as const, from: 'chain' as const };
    expect(expectedReceipt('WITHDRAW', 'claimable', put, { epochWithdrawPrice: 1_015_340n, vaultPrice: 1n })).toEqual({
      amount: (2041n * ONE * 1_015_340n) / ONE,
      token: 'underlying',
      estimate: false,
    });
    // Processed: the price can still move when the epoch's claims are funded.
    expect(expectedReceipt('WITHDRAW', 'processed', put, { epochWithdrawPrice: 1_015_340n, vaultPrice: 1n })).toMatchObject({ estimate: true });
  });

  it('says nothing without any price', () => {
    expect(expectedReceipt('DEPOSIT', 'pending', { amount: 1n, token: 'underlying', from: 'service' }, { vaultPrice: null })).toBeNull();
  });
});

describe("a request's phase, as the contracts decide it", () => {
  const epoch = (price: bigint, withdrawPrice: bigint, pendingClaims: bigint) => ({ price, withdrawPrice, pendingClaims });

  it('takes the chain over a service status a snapshot behind', () => {
    // The service still says CLAIMABLE, but the epoch's claims are not all funded.
    expect(requestPhase(words('WITHDRAW', 'CLAIMABLE'), { held: ONE, epoch: epoch(0n, 1_000_000n, 5n) })).toBe('processed');
    expect(requestPhase(words('WITHDRAW', 'PROCESSED'), { held: ONE, epoch: epoch(0n, 1_000_000n, 0n) })).toBe('claimable');
    expect(requestPhase(words('WITHDRAW', 'PENDING'), { held: ONE, epoch: epoch(0n, 0n, 0n) })).toBe('pending');
    // Claimed on chain since the snapshot; cancelled before processing.
    expect(requestPhase(words('WITHDRAW', 'CLAIMABLE'), { held: 0n, epoch: epoch(0n, 1_000_000n, 0n) })).toBe('claimed');
    expect(requestPhase(words('WITHDRAW', 'PENDING'), { held: 0n, epoch: epoch(0n, 0n, 0n) })).toBe('cancelled');
    expect(requestPhase(words('DEPOSIT', 'PENDING'), { held: 5n, epoch: epoch(1_000_000n, 0n, 0n) })).toBe('claimable');
    expect(requestPhase(words('DEPOSIT', 'PENDING'), { held: 5n, epoch: { ...epoch(1_000_000n, 0n, 0n), prefunded: 5n } })).toBe('pending');
  });

  it('pays a standard redeem once the strategy stopped an epoch after the last redeem', () => {
    expect(requestPhase(words('REDEEM', 'CLAIMABLE'), { held: 7n, strategyEpoch: 4, lastRequestEpoch: 4n })).toBe('pending');
    expect(requestPhase(words('REDEEM', 'PENDING'), { held: 7n, strategyEpoch: 5, lastRequestEpoch: 4n })).toBe('claimable');
    expect(requestPhase(words('REDEEM', 'PENDING', true), { held: 7n, allowInstantWithdraw: false })).toBe('pending');
    expect(requestPhase(words('REDEEM', 'PENDING'), { held: 0n })).toBe('claimed');
  });

  it('falls back on the service word where the chain did not answer, and counts no type it does not know', () => {
    expect(requestPhase(words('WITHDRAW', 'PROCESSED'), null)).toBe('processed');
    expect(requestPhase(words('DEPOSIT', 'PROCESSED'), null)).toBe('claimable');
    expect(requestPhase(words('REDEEM', 'INSTANT_CLAIMABLE', true), null)).toBe('claimable');
    expect(requestPhase(words('WRITEOFF', 'PENDING'), null)).toBe('other');
  });
});
