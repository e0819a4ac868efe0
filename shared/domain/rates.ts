/**
 * One scale for every rate the console shows: the rate a lender earns over a whole cycle (epoch
 * and buffer), as the protocol's own client shows it.
 *
 * The strategy's `getApr()` is scaled up by (epoch + buffer) / epoch, because interest accrues only
 * while the epoch runs: a 10 % vault with 7-day epochs and a 24 h buffer answers 11.43 %. The rate
 * to show is the unscaled one: `unscaledApr()` where the strategy has it (not on V1), otherwise
 * `getApr() × D / (D + B)`. The epoch vault's `lastEpochApr()` is stored unscaled already.
 * On-chain rates: 1e18 = 1 %.
 */

interface RateReads {
  /** `strategy.unscaledApr()`; null when the strategy has no such view or it did not answer. */
  unscaledApr: bigint | null;
  /** `strategy.getApr()`. */
  scaledApr: bigint | null;
  /** Seconds. */
  epochDuration: number | null;
  bufferPeriod: number | null;
}

/** The cycle's rate a lender earns (1e18 = 1 %), or null when the chain's figures do not say. */
export function unscaledRate(r: RateReads): bigint | null {
  if (r.unscaledApr !== null) return r.unscaledApr;
  if (r.scaledApr === null || r.epochDuration === null || r.bufferPeriod === null) return null;
  // A closed vault has no epoch duration: no buffer to take out.
  if (r.epochDuration === 0) return r.scaledApr;
  return (r.scaledApr * BigInt(r.epochDuration)) / BigInt(r.epochDuration + r.bufferPeriod);
}

/**
 * On-chain rate to percent, rounded to 4 decimals (1e18 = 1 %): the rate taken back from the scaled
 * one loses a wei to integer division (10 % with a 30-day epoch and a 5-day buffer comes back as
 * 9.999…), which rounding gives back.
 */
export function ratePercent(v: bigint | null): number | null {
  return v === null ? null : Number((v * 10_000n + 5n * 10n ** 17n) / 10n ** 18n) / 10_000;
}

/** An epoch record's rates as the service writes them (percent): the protocol's `APRs`/`APYs`, or the seed's `apr`. */
interface EpochRateRecord {
  apr?: number | undefined;
  APRs?: { GROSS?: number | undefined; NET?: number | undefined; EPOCH?: number | undefined; BUFFER?: number | undefined; CURE?: number | undefined } | undefined;
  APYs?: { GROSS?: number | undefined; NET?: number | undefined } | undefined;
}

/** An epoch's rates on the one scale (percent): gross and net of fees, as APR and APY; null where the record does not say. */
interface EpochRates {
  gross: number | null;
  net: number | null;
  apyGross: number | null;
  apyNet: number | null;
}

/**
 * The rates of an epoch record on the console's one scale: GROSS, the whole cycle's rate (the
 * chain's unscaled rate). The protocol's records split it into EPOCH, BUFFER and CURE (its client's
 * `makeVaultEpochAPRs`: EPOCH = (GROSS − CURE) × D / (D + B), BUFFER = GROSS − CURE − EPOCH), so
 * EPOCH alone is a part of the rate (10 % shows as 8.75 % with 7-day epochs and a 24 h buffer) and
 * never the rate shown; a record without GROSS gets it back as the sum of its parts.
 */
export function epochRates(e: EpochRateRecord): EpochRates {
  const a = e.APRs;
  const parts = a?.EPOCH !== undefined ? a.EPOCH + (a.BUFFER ?? 0) + (a.CURE ?? 0) : undefined;
  const gross = a?.GROSS ?? parts ?? e.apr ?? null;
  return { gross, net: a?.NET ?? null, apyGross: e.APYs?.GROSS ?? null, apyNet: e.APYs?.NET ?? null };
}
