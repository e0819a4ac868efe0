import { describe, expect, it } from 'vitest';
import { percentOf, usdOf, objectIdOf } from '../../../electron/demo/indexer/ids';
import { statusOf, withdrawTypeOf, type VaultSnapshot } from '../../../electron/demo/indexer/vaultBlock';
import { cycleState } from '../../../electron/demo/chain/vaultState';

describe('units the service speaks', () => {
  it.each([
    [10n * 10n ** 18n, 10],
    [98n * 10n ** 17n, 9.8],
    [0n, 0],
    [123_456_789n * 10n ** 10n, 1.234567],
  ])('on-chain APR %s is %s %%', (scaled, percent) => {
    expect(percentOf(scaled)).toBe(percent);
  });

  it.each([
    [1_500_000n, 6, '1500000'],
    [1_500_000_000_000_000_000n, 18, '1500000'],
    [1n, 18, '0'],
    [7n, 2, '70000'],
  ])('%s base units with %s decimals are %s micro-dollars', (amount, decimals, usd) => {
    expect(usdOf(amount, decimals)).toBe(usd);
  });

  it('derives stable 24-hex object ids', () => {
    expect(objectIdOf('vault', 31337, '0xabc')).toMatch(/^[0-9a-f]{24}$/);
    expect(objectIdOf('vault', 31337, '0xabc')).toBe(objectIdOf('vault', 31337, '0xabc'));
    expect(objectIdOf('vault', 31338, '0xabc')).not.toBe(objectIdOf('vault', 31337, '0xabc'));
  });
});

describe('cycle state and withdraw type', () => {
  it.each([
    [false, false, 'WAITING'],
    [false, true, 'RUNNING'],
    [true, true, 'DEFAULTED'],
    [true, false, 'DEFAULTED'],
  ] as const)('defaulted=%s running=%s is %s', (defaulted, running, state) => {
    expect(cycleState(defaulted, running)).toBe(state);
    expect(statusOf({ defaulted, isEpochRunning: running })).toBe(state);
  });

  const snapshot = (last: number, apr: number, delta: number, disabled = false) =>
    ({
      lastEpochApr: BigInt(last * 1e6) * 10n ** 12n,
      unscaledApr: BigInt(apr * 1e6) * 10n ** 12n,
      instantWithdrawAprDelta: BigInt(delta * 1e6) * 10n ** 12n,
      disableInstantWithdraw: disabled,
    }) as VaultSnapshot;

  it.each([
    [10, 7, 1, false, 'INSTANT'],
    [10, 9, 1, false, 'STANDARD'], // a drop of exactly the delta is not enough
    [10, 8.9, 1, false, 'INSTANT'],
    [10, 7, 1, true, 'STANDARD'],
    [0, 10, 1, false, 'STANDARD'],
  ] as const)('last %s %%, now %s %%, delta %s, disabled %s: %s', (last, apr, delta, disabled, type) => {
    expect(withdrawTypeOf(snapshot(last, apr, delta, disabled))).toBe(type);
  });
});
