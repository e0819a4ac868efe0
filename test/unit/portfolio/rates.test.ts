import { describe, expect, it } from 'vitest';
import { buildVault } from '../../../electron/services/portfolio/assemble';
import type { EpochVaultEntry } from '../../../electron/services/portfolio/vault-entries';
import { emptyVaultState } from '../../../electron/services/portfolio/vault-round';
import { ratePercent, unscaledRate } from '../../../shared/domain/rates';

const DAY = 86_400;
const pct = (n: number) => BigInt(Math.round(n * 1e6)) * 10n ** 12n;
/** What a strategy's getApr() answers for an unscaled rate: scaled by (epoch + buffer) / epoch, as the contract sets it. */
const scaled = (unscaled: bigint, d: number, b: number) => (unscaled * BigInt(d + b)) / BigInt(d);

describe('one rate scale: the rate a lender earns over a whole cycle', () => {
  it('takes the strategy\u2019s unscaledApr where it has one, never getApr() as it is', () => {
    // 10 % with 7-day epochs and a 24 h buffer: getApr() answers 11.43 %.
    expect(ratePercent(scaled(pct(10), 7 * DAY, DAY))).toBeCloseTo(11.4285, 3);
    expect(ratePercent(unscaledRate({ unscaledApr: pct(10), scaledApr: scaled(pct(10), 7 * DAY, DAY), epochDuration: 7 * DAY, bufferPeriod: DAY }))).toBe(10);
  });

  it('takes getApr() x D / (D + B) back to the cycle\u2019s rate on a V1 strategy (no unscaledApr)', () => {
    // A 30-day / 5-day vault stopped at 10 %.
    const r = unscaledRate({ unscaledApr: null, scaledApr: scaled(pct(10), 30 * DAY, 5 * DAY), epochDuration: 30 * DAY, bufferPeriod: 5 * DAY });
    expect(ratePercent(r)).toBe(10);
    // A closed vault (no epoch duration) has no buffer to take out.
    expect(unscaledRate({ unscaledApr: null, scaledApr: pct(9), epochDuration: 0, bufferPeriod: 5 * DAY })).toBe(pct(9));
    expect(unscaledRate({ unscaledApr: null, scaledApr: pct(9), epochDuration: null, bufferPeriod: null })).toBeNull();
  });
});

describe('a vault\u2019s rates on screen, the same whichever source answered', () => {
  const entry = {
    vault: { _id: 'v1', name: 'Alpha Credit USDC', symbol: 'AA_alpha' },
    token: { symbol: 'USDC', decimals: 6 },
    chain: { _id: 'c1', name: 'Chain' },
    chainId: 1,
    rpcUrl: null,
    epochVault: '0x' + '1'.repeat(40),
    tranche: '0x' + '2'.repeat(40),
    underlying: '0x' + '3'.repeat(40),
    queue: null,
    withdrawQueue: null,
    strategy: '0x' + '4'.repeat(40),
    abiCodes: { epochVault: null, queue: null, withdrawQueue: null, strategy: null },
  } as unknown as EpochVaultEntry;

  it('a 30-day / 5-day vault stopped at 10 % shows 10 % from the chain, and the service\u2019s figure on the same scale', () => {
    const chain = { ...emptyVaultState(entry.strategy), epochDuration: 30 * DAY, bufferPeriod: 5 * DAY, scaledApr: scaled(pct(10), 30 * DAY, 5 * DAY) };
    chain.apr = unscaledRate(chain);
    const fromChain = buildVault(entry, chain, null, 0);
    expect(fromChain.apr).toMatchObject({ current: 10, setAtStop: false });
    expect(fromChain.origins.apr).toBe('chain');
    // Without the chain the service's figure stands in: it is the unscaled rate too, with its net beside it.
    const block = { block: { number: 1, timestamp: 1 }, cdoEpoch: { apr: 10 }, APRs: { GROSS: 10, NET: 9 } } as never;
    const fromService = buildVault(entry, null, block, 0);
    expect(fromService.apr).toMatchObject({ current: 10, net: 9 });
    expect(fromService.origins.apr).toBe('service');
  });

  it('a vault whose rate is set at the stop (unscaledApr 0) says so rather than 0 %', () => {
    const chain = { ...emptyVaultState(entry.strategy), epochDuration: 30 * DAY, bufferPeriod: 5 * DAY, unscaledApr: 0n, scaledApr: 0n };
    chain.apr = unscaledRate(chain);
    expect(buildVault(entry, chain, null, 0).apr).toMatchObject({ current: 0, setAtStop: true });
  });
});
