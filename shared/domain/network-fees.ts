/**
 * Network fees as the review shows them: the most a transaction can cost in the chain's gas token
 * (ETH on every chain the console plans for), and its fiat value where the console has a price
 * for ETH. The price is the one the Overview's USD figures use, a vault's stated price (its TVL
 * in USD over its TVL in tokens), read here from a vault whose underlying is ETH or wrapped ETH.
 * Without such a vault there is no ETH price, and the review says so rather than show nothing.
 */

const ETH_DECIMALS = 18n;
/** Decimals a fee shows in ETH: fees are thousandths of an ETH or less, and six decimals keep them readable and aligned. */
const FEE_ETH_DECIMALS = 6;
/** The underlying symbols whose price is ETH's. */
const ETH_SYMBOLS = new Set(['ETH', 'WETH']);

/** The shape of a vault the price is read from (a portfolio vault has it). */
export interface PricedVault {
  name: string;
  chain: { chainId: number };
  underlying: { symbol: string; decimals: number };
  tvl: { token: string; usd: string | null } | null;
}

/** USD base units (6 decimals) per whole ETH, and the vault it comes from. */
export interface EthPrice {
  usdPerEth: bigint;
  from: string;
}

/** ETH's price from the vaults the console reads, preferring one on the fee's chain; null when none has ETH underneath and a USD TVL. */
export function ethPrice(vaults: readonly PricedVault[], chainId: number): EthPrice | null {
  const priced = vaults
    .filter((v) => ETH_SYMBOLS.has(v.underlying.symbol.toUpperCase()) && v.tvl && v.tvl.usd !== null && BigInt(v.tvl.token) > 0n)
    .sort((a, b) => Number(b.chain.chainId === chainId) - Number(a.chain.chainId === chainId));
  const v = priced[0];
  if (!v) return null;
  const usdPerEth = (BigInt(v.tvl!.usd!) * 10n ** BigInt(v.underlying.decimals)) / BigInt(v.tvl!.token);
  return { usdPerEth, from: v.name };
}

/** A fee in wei, in USD base units (6 decimals), rounded up: a cap is never shown smaller than it is. */
export function feeUsd(wei: bigint, price: EthPrice): bigint {
  const scale = 10n ** ETH_DECIMALS;
  return (wei * price.usdPerEth + scale - 1n) / scale;
}

/** A fee in ETH with `FEE_ETH_DECIMALS` decimals, rounded up (a cap is never shown smaller than it is): "0.000058". */
export function feeEth(wei: bigint): string {
  const unit = 10n ** (ETH_DECIMALS - BigInt(FEE_ETH_DECIMALS));
  const shown = (wei + unit - 1n) / unit;
  const digits = shown.toString().padStart(FEE_ETH_DECIMALS + 1, '0');
  return `${digits.slice(0, -FEE_ETH_DECIMALS)}.${digits.slice(-FEE_ETH_DECIMALS)}`;
}

/** The fees of several transactions added up, in wei. */
export function totalFeeWei(fees: readonly { maxFeeWei: string }[]): bigint {
  return fees.reduce((sum, f) => sum + BigInt(f.maxFeeWei), 0n);
}
