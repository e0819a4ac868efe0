import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimService, type SimService } from '../../../electron/demo/service';
import { epochAprs } from '../../../electron/demo/service/official/epoch-aprs';

const DAY = 86_400;

// The protocol's client splits an epoch's cycle rate (GROSS) by time: EPOCH = GROSS × D / (D + B),
// the buffer's share the rest, a cure's share first; NET after the fee; DELTA against the last epoch.
describe('epoch APRs by the protocol’s formulas', () => {
  it('splits 10 % over a 7-day epoch and a 1-day buffer into 8.75 % and 1.25 %', () => {
    const aprs = epochAprs({ gross: 10, lastGross: 9, feePercentage: 10_000, epochSeconds: 7 * DAY, bufferSeconds: DAY });
    expect(aprs.EPOCH).toBeCloseTo(8.75, 10);
    expect(aprs.BUFFER).toBeCloseTo(1.25, 10);
    expect(aprs).toMatchObject({ GROSS: 10, CURE: 0 });
    expect(aprs.NET).toBeCloseTo(9, 10);
    expect(aprs.DELTA).toBeCloseTo(1, 10);
  });

  it('takes the cure’s share first, and no delta without a previous rate', () => {
    const aprs = epochAprs({ gross: 12, feePercentage: 0, epochSeconds: 30 * DAY, bufferSeconds: DAY, cureSeconds: 5 * DAY });
    expect(aprs.CURE).toBeCloseTo((12 * 5) / 36, 10);
    expect(aprs.EPOCH).toBeCloseTo(((12 - (12 * 5) / 36) * 30) / 31, 10);
    expect(aprs.EPOCH + aprs.BUFFER + aprs.CURE).toBeCloseTo(12, 10);
    expect(aprs.DELTA).toBe(0);
  });

  it('is all zeros for an epoch that pays nothing', () => {
    expect(epochAprs({ gross: 0, lastGross: 8, feePercentage: 10_000, epochSeconds: 30 * DAY, bufferSeconds: DAY })).toEqual({
      EPOCH: 0,
      BUFFER: 0,
      CURE: 0,
      GROSS: 0,
      NET: 0,
      DELTA: 0,
    });
  });
});

describe('the simulated service’s epoch records', () => {
  let sim: SimService;
  beforeAll(async () => {
    sim = await startSimService({ seed: 7, wallets: 20, now: Date.UTC(2026, 10, 20) });
  });
  afterAll(() => sim.close());

  it('send every APRs field by those formulas, never the cycle rate as the epoch’s', async () => {
    const answer = (await (await fetch(`${sim.url}/v1/vault-epochs?limit=200`, { headers: { authorization: `Bearer ${sim.apiKey}` } })).json()) as {
      data: Array<{ _id: string; vaultId: string; duration: number; bufferDuration: number; APRs: { GROSS: number; EPOCH: number; BUFFER: number; CURE: number; NET: number; DELTA: number } }>;
    };
    const paying = answer.data.filter((e) => e.APRs.GROSS > 0);
    expect(paying.length).toBeGreaterThan(0);
    for (const e of answer.data) {
      const stored = sim.store.vaultEpochs.get(e._id)!;
      const fee = sim.store.vaults.get(e.vaultId)!.feePercentage ?? 0;
      const gross = stored.apr ?? 0;
      const { GROSS, EPOCH, BUFFER, CURE, NET, DELTA } = e.APRs;
      expect(GROSS).toBeCloseTo(gross, 10);
      expect(CURE).toBe(0);
      expect(EPOCH).toBeCloseTo(gross > 0 ? (gross * e.duration) / (e.duration + e.bufferDuration) : 0, 10);
      expect(BUFFER).toBeCloseTo(gross > 0 ? gross - EPOCH : 0, 10);
      expect(NET).toBeCloseTo(gross > 0 ? gross * (1 - fee / 100_000) : 0, 10);
      expect(DELTA).toBeCloseTo(gross > 0 && (stored.lastApr ?? 0) > 0 ? gross - stored.lastApr! : 0, 10);
    }
    // A buffer makes the epoch's own share smaller than the cycle's rate.
    expect(paying.some((e) => e.bufferDuration > 0 && e.APRs.EPOCH < e.APRs.GROSS)).toBe(true);
  });
});
