/**
 * USD values of token amounts from token prices. Token blocks give the price of one whole token in
 * USD as an integer string with 6 decimals (the service's USD unit); amounts are base units.
 */

/** `amount` base units of a token with `decimals`, at `priceUsd6` per whole token, in USD with 6 decimals (rounded down). */
export function usdValue(amount: string, decimals: number, priceUsd6: string): string {
  return ((BigInt(amount) * BigInt(priceUsd6)) / 10n ** BigInt(decimals)).toString();
}
