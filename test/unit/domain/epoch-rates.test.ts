import { describe, expect, it } from 'vitest';
import { epochRates } from '../../../shared/domain/rates';

const DAY = 86_400;

/**
 * The protocol client's split of an epoch's rate (`makeVaultEpochAPRs` in its vault-epoch library),
 * taken as a fact: CURE = cure × GROSS / total, EPOCH = (GROSS − CURE) × D / (D + B), BUFFER = the rest.
 */
function officialAprs(gross: number, net: number, d: number, b: number, cure = 0) {
  const CURE = cure > 0 ? (cure * gross) / (d + b + cure) : 0;
  const EPOCH = ((gross - CURE) * d) / (d + b);
  return { GROSS: gross, NET: net, CURE, EPOCH, BUFFER: gross - CURE - EPOCH, DELTA: 0 };
}

describe('an epoch record\u2019s rates on the one scale', () => {
  it('shows a 10 % GROSS epoch as 10 %, not its EPOCH part (8.75 % over 7 days and a 24 h buffer)', () => {
    const APRs = officialAprs(10, 9, 7 * DAY, DAY);
    expect(APRs.EPOCH).toBeCloseTo(8.75, 10);
    expect(epochRates({ APRs })).toEqual({ gross: 10, net: 9, apyGross: null, apyNet: null });
  });

  it('gives the APYs beside the APRs where the record has them', () => {
    expect(epochRates({ APRs: officialAprs(12, 10.8, 30 * DAY, DAY), APYs: { GROSS: 12.7, NET: 11.3 } })).toEqual({ gross: 12, net: 10.8, apyGross: 12.7, apyNet: 11.3 });
  });

  it('takes GROSS back as the sum of its parts when a record leaves it out, a cure period included', () => {
    const { GROSS: _gross, ...parts } = officialAprs(10, 9, 7 * DAY, DAY, 3 * DAY);
    expect(parts.EPOCH).toBeLessThan(8.75);
    expect(epochRates({ APRs: parts }).gross).toBeCloseTo(10, 10);
  });

  it('reads the seed\u2019s own `apr` when a record has no APRs, and says nothing it does not know', () => {
    expect(epochRates({ apr: 7 })).toEqual({ gross: 7, net: null, apyGross: null, apyNet: null });
    expect(epochRates({})).toEqual({ gross: null, net: null, apyGross: null, apyNet: null });
  });
});
