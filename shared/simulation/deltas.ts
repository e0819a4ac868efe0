import { decodeEventLog, getAddress, zeroAddress, type Hex } from 'viem';
import { erc20Abi } from '../abi';
import { NATIVE_TOKEN, type BalanceDelta, type ItemSimulation, type TokenTotal } from './schemas';

/**
 * Balance changes from what a transaction left behind: the ERC-20 `Transfer` events of every token
 * it moved (the underlying, the tranche, the receipt token or any other), and the ETH it paid for
 * gas and sent as value. Pure: the token's symbol and decimals come from a lookup the caller fills
 * from the chain.
 */

export interface LogLike {
  address: string;
  topics: readonly Hex[];
  data: Hex;
}

export interface TokenInfo {
  address: string;
  symbol: string;
  decimals: number;
}

export type TokenLookup = (address: string) => TokenInfo | undefined;

const lower = (a: string) => a.toLowerCase();

/** A `Transfer` log decoded, or null for any other log (an `Approval`, a vault event, a malformed log). */
function decodeTransfer(log: LogLike): { token: string; from: string; to: string; value: bigint } | null {
  try {
    const decoded = decodeEventLog({ abi: erc20Abi, topics: log.topics as [Hex, ...Hex[]], data: log.data });
    // Approval has the same shape: only the event's own topic says which it is.
    if (decoded.eventName !== 'Transfer') return null;
    return { token: log.address, from: decoded.args.from, to: decoded.args.to, value: decoded.args.value };
  } catch {
    return null;
  }
}

/** The tokens whose `Transfer` events the logs hold, once each (lower case): what the caller looks up. */
export function tokensMoved(logs: readonly LogLike[]): string[] {
  return [...new Set(logs.flatMap((l) => (decodeTransfer(l) ? [lower(l.address)] : [])))];
}

/**
 * Per address and token, the net change the `Transfer` events make. Mints and burns count for the
 * holder only (the zero address holds nothing); a token the lookup does not know is shown with its
 * address and no decimals rather than dropped.
 */
export function transferDeltas(logs: readonly LogLike[], lookup: TokenLookup): BalanceDelta[] {
  const out: BalanceDelta[] = [];
  for (const log of logs) {
    const t = decodeTransfer(log);
    if (!t || t.value === 0n) continue;
    const info = lookup(lower(t.token)) ?? { address: t.token, symbol: `${t.token.slice(0, 8)}…`, decimals: 0 };
    const token = getAddress(t.token);
    if (lower(t.from) !== zeroAddress)
      out.push({ wallet: t.from, token, symbol: info.symbol, decimals: info.decimals, amount: (-t.value).toString() });
    if (lower(t.to) !== zeroAddress)
      out.push({ wallet: t.to, token, symbol: info.symbol, decimals: info.decimals, amount: t.value.toString() });
  }
  return mergeDeltas(out);
}

/** What the sender pays in ETH: gas used at the price it paid, plus any value sent. */
export function gasDelta(wallet: string, gasUsed: bigint, effectiveGasPrice: bigint, value = 0n): BalanceDelta | null {
  const spent = gasUsed * effectiveGasPrice + value;
  if (spent === 0n) return null;
  return { wallet, token: NATIVE_TOKEN, symbol: 'ETH', decimals: 18, amount: (-spent).toString() };
}

/** ETH sent as value arrives at the contract called. */
export function valueDelta(to: string, value: bigint): BalanceDelta | null {
  return value === 0n ? null : { wallet: to, token: NATIVE_TOKEN, symbol: 'ETH', decimals: 18, amount: value.toString() };
}

const keyOf = (d: Pick<BalanceDelta, 'wallet' | 'token'>) => `${lower(d.wallet)} ${lower(d.token)}`;

/** Sums the changes of the same address and token, keeps the order they first appear in, drops what nets to zero. */
export function mergeDeltas(deltas: readonly BalanceDelta[]): BalanceDelta[] {
  const sums = new Map<string, BalanceDelta>();
  for (const d of deltas) {
    const key = keyOf(d);
    const known = sums.get(key);
    if (known) known.amount = (BigInt(known.amount) + BigInt(d.amount)).toString();
    else sums.set(key, { ...d });
  }
  return [...sums.values()].filter((d) => d.amount !== '0');
}

/**
 * The batch's totals: per address and token, every net change (wallets and contracts); per token,
 * the net change over the plan's own wallets (what the operator's wallets gain or lose together).
 * Items that did not run, or reverted, change nothing.
 */
export function simulationTotals(
  items: readonly ItemSimulation[],
  planWallets: readonly string[],
): { perToken: TokenTotal[]; perWallet: BalanceDelta[] } {
  const ran = items.filter((i) => i.ok);
  const perWallet = mergeDeltas(ran.flatMap((i) => i.deltas));
  const own = new Set(planWallets.map(lower));
  const perToken = mergeDeltas(perWallet.filter((d) => own.has(lower(d.wallet))).map((d) => ({ ...d, wallet: zeroAddress }))).map(
    ({ token, symbol, decimals, amount }) => ({
      token,
      symbol,
      decimals,
      amount,
    }),
  );
  return { perToken, perWallet };
}
