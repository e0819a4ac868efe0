import type { PlanSimulation } from '../../../shared/simulation';

/** One line of the simulation's summary: a token on one chain, and the net change over the plan's wallets. */
export interface ChainTokenTotal {
  chainId: number;
  token: string;
  symbol: string;
  decimals: number;
  /** Signed base units. */
  amount: string;
}

/**
 * What the plan's wallets gain or lose together, per chain and token, from the items that ran:
 * the same symbol on two chains is two tokens (two lines, each with its chain), never one sum.
 * Lines in chain order, then in the order the tokens first change; a token that nets to zero is left out.
 */
export function totalsPerChainAndToken(result: Pick<PlanSimulation, 'items'>, planWallets: readonly string[]): ChainTokenTotal[] {
  const own = new Set(planWallets.map((w) => w.toLowerCase()));
  const sums = new Map<string, ChainTokenTotal & { sum: bigint }>();
  for (const item of result.items) {
    if (!item.ok) continue;
    for (const d of item.deltas) {
      if (!own.has(d.wallet.toLowerCase())) continue;
      const key = `${item.chainId} ${d.token.toLowerCase()}`;
      const known = sums.get(key);
      if (known) known.sum += BigInt(d.amount);
      else sums.set(key, { chainId: item.chainId, token: d.token, symbol: d.symbol, decimals: d.decimals, amount: '0', sum: BigInt(d.amount) });
    }
  }
  return [...sums.values()]
    .filter((t) => t.sum !== 0n)
    .map(({ sum, ...t }, order) => ({ ...t, amount: sum.toString(), order }))
    .sort((a, b) => a.chainId - b.chainId || a.order - b.order)
    .map(({ order: _order, ...t }) => t);
}
