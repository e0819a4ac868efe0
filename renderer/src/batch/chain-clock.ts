import type { Portfolio } from '../../../shared/portfolio/schemas';
import { chainClockOffset } from './CycleBadge';
import { usePortfolioStore } from './portfolio-store';

/**
 * How far the chains' clock runs ahead of this machine's, in seconds: the furthest of the batch's
 * vaults as last read (0 when none was read). A live chain keeps the wall clock's time; the demo's
 * jump ahead to run epochs in minutes, and its dates (epochs, requests, campaigns) are chain dates,
 * as the contracts read them.
 */
function chainAheadSeconds(data: Pick<Portfolio, 'vaults' | 'generatedAtMs'> | null): number {
  if (!data) return 0;
  return Math.max(0, ...data.vaults.map((v) => chainClockOffset(v.cycle, data.generatedAtMs)));
}

/** The chains' lead over this machine's clock, from the portfolio last read. */
export function useChainAhead(): number {
  return usePortfolioStore((s) => chainAheadSeconds(s.data));
}
