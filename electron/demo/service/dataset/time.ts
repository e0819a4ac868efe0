/**
 * Where the dataset's chains are at a given time: block numbers grow at each chain's block time
 * from a fixed anchor, so a timestamp always maps to the same block.
 */

const ANCHOR_MS = Date.UTC(2025, 0, 1);

/** Per chain (same order as CHAIN_SEEDS): block number at the anchor, and block time in ms. */
const CHAIN_CLOCKS = [
  { base: 21_525_000, blockMs: 12_000 },
  { base: 66_400_000, blockMs: 2_000 },
  { base: 290_000_000, blockMs: 250 },
] as const;

export const DAY_MS = 86_400_000;
export const YEAR_S = 365 * 86_400;

export function blockAt(chainIndex: number, ms: number): { number: number; timestamp: number } {
  const clock = CHAIN_CLOCKS[chainIndex] ?? CHAIN_CLOCKS[0];
  return { number: clock.base + Math.floor((ms - ANCHOR_MS) / clock.blockMs), timestamp: Math.floor(ms / 1000) };
}

export const iso = (ms: number) => new Date(ms).toISOString();
