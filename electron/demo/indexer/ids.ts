import { keccak256, toHex } from 'viem';

/** A 24-hex-character object id derived from stable facts, so re-indexing yields the same ids. */
export function objectIdOf(...parts: (string | number | bigint)[]): string {
  return keccak256(toHex(parts.map(String).join('|'))).slice(2, 26);
}

export const isoOf = (unixSeconds: bigint | number): string => new Date(Number(unixSeconds) * 1000).toISOString();

/** APRs on chain: 1e18 = 1 %; the service speaks plain percentages. */
export const percentOf = (scaled: bigint): number => Number(scaled / 10n ** 12n) / 1e6;

/** USD with 6 decimals, for the simulation's $1 stablecoins. */
export function usdOf(amount: bigint, decimals: number, usdPerToken = 1): string {
  const scaled = decimals >= 6 ? amount / 10n ** BigInt(decimals - 6) : amount * 10n ** BigInt(6 - decimals);
  return ((scaled * BigInt(Math.round(usdPerToken * 1000))) / 1000n).toString();
}
