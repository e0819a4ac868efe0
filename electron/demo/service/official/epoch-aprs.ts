/**
 * An epoch's `APRs` as the protocol's records carry them, by the protocol client's formulas
 * (`makeVaultEpochAPRs`), from the rate the lender earns over the whole cycle (GROSS):
 * - the cycle lasts the epoch D, its buffer B and, for an epoch under cure, the cure C (from the
 *   previous epoch's end to this one's start), T = D + B + C;
 * - CURE = GROSS × C / T, the part earned during the cure (0 outside one);
 * - EPOCH = (GROSS − CURE) × D / (D + B), the part earned during the epoch itself;
 * - BUFFER = GROSS − CURE − EPOCH, the part earned during the buffer;
 * - NET = GROSS × (1 − fee / 100 000) (the interest the epoch expects, net of the fee, over the
 *   cycle: the same figure);
 * - DELTA = GROSS − the previous epoch's GROSS, 0 when there is none;
 * - every field 0 when GROSS is not above 0.
 */
interface EpochRateFacts {
  /** The cycle's rate in percent (10 means 10 %). */
  gross: number;
  /** The previous epoch's cycle rate in percent, when there is one. */
  lastGross?: number | undefined;
  /** The vault's fee, 100 000 = 100 %. */
  feePercentage: number;
  epochSeconds: number;
  bufferSeconds: number;
  /** Seconds of cure before this epoch (only for an epoch under cure). */
  cureSeconds?: number | undefined;
}

interface EpochAprs {
  EPOCH: number;
  BUFFER: number;
  CURE: number;
  GROSS: number;
  NET: number;
  DELTA: number;
}

export function epochAprs(facts: EpochRateFacts): EpochAprs {
  const { gross, epochSeconds: epoch, bufferSeconds: buffer } = facts;
  if (!(gross > 0)) return { EPOCH: 0, BUFFER: 0, CURE: 0, GROSS: 0, NET: 0, DELTA: 0 };
  const cure = Math.max(0, facts.cureSeconds ?? 0);
  const total = epoch + buffer + cure;
  const CURE = cure > 0 ? (cure * gross) / total : 0;
  const EPOCH = epoch > 0 ? ((gross - CURE) * epoch) / (epoch + buffer) : 0;
  return {
    EPOCH,
    BUFFER: gross - CURE - EPOCH,
    CURE,
    GROSS: gross,
    NET: gross * (1 - facts.feePercentage / 100_000),
    DELTA: facts.lastGross !== undefined && facts.lastGross > 0 ? gross - facts.lastGross : 0,
  };
}
