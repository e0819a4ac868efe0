import type { Portfolio, PortfolioVault, RequestRow } from '../../shared/portfolio/schemas';
import { COUNTED_PHASES, type CountedPhase } from '../../shared/portfolio/request-phase';
import { trancheInUnderlying, underlyingUsd } from '../../shared/portfolio/totals';

/**
 * Per vault, the figures an operator acts on, as `npm run status -- --json` gives them: the
 * group's requests by type and phase (the one classification every screen uses) in token units
 * and USD, the vault's gross and net rate, and its TVL, each with its source and block.
 */

/** An amount of one token, and its USD value at the vault's one-moment price (null without one). */
export interface StatusAmount {
  amount: string;
  symbol: string;
  decimals: number;
  usd: string | null;
}

/** Requests of one type in one phase: how many, what was put in, and what their claims pay. */
export interface StatusPhaseFigures {
  count: number;
  /** What was put in, per token (a withdrawal known only by its recorded underlying value is in the underlying). */
  amounts: StatusAmount[];
  /** What the claims will pay, per token; `estimate` while a price is not fixed. */
  pays: StatusAmount[];
  estimate: boolean;
}

export interface StatusVaultFigures {
  requests: Record<'DEPOSIT' | 'WITHDRAW' | 'REDEEM', Record<CountedPhase, StatusPhaseFigures>>;
  /** Percent a year over a whole cycle: gross (the strategy's unscaled rate on chain, else the service's), net after fees (the service's). */
  rates: { gross: number | null; grossSource: 'chain' | 'service' | null; net: number | null; netSource: 'service' | null };
  tvl: (StatusAmount & { source: 'chain' | 'service' | null; block: number | null }) | null;
  /** The underlying's USD price every USD figure of the vault uses: one service snapshot, its block and time. */
  usdPrice: { usdPerToken: string; block: number; at: number } | null;
}

const TYPES = ['DEPOSIT', 'WITHDRAW', 'REDEEM'] as const;

function amountOf(vault: PortfolioVault, token: 'underlying' | 'tranche', amount: bigint): StatusAmount {
  const t = vault[token];
  const inUnderlying = token === 'tranche' ? trancheInUnderlying(vault, amount) : amount;
  const usd = inUnderlying === null ? null : underlyingUsd(vault, inUnderlying);
  return { amount: amount.toString(), symbol: t.symbol, decimals: t.decimals, usd: usd === null ? null : usd.toString() };
}

function byToken(vault: PortfolioVault, parts: { token: 'underlying' | 'tranche'; amount: bigint }[]): StatusAmount[] {
  const sums = new Map<'underlying' | 'tranche', bigint>();
  for (const p of parts) sums.set(p.token, (sums.get(p.token) ?? 0n) + p.amount);
  return [...sums.entries()].map(([token, amount]) => amountOf(vault, token, amount));
}

function phaseFigures(vault: PortfolioVault, rows: readonly RequestRow[]): StatusPhaseFigures {
  return {
    count: rows.length,
    amounts: byToken(vault, rows.map((r) => ({ token: r.amountToken, amount: BigInt(r.amount) }))),
    pays: byToken(vault, rows.flatMap((r) => (r.receive ? [{ token: r.receive.token, amount: BigInt(r.receive.amount) }] : []))),
    estimate: rows.some((r) => r.receive === null || r.receive.estimate),
  };
}

export function vaultFigures(view: Portfolio, vault: PortfolioVault): StatusVaultFigures {
  const mine = view.requests.filter((r) => r.vaultId === vault.id);
  const requests = Object.fromEntries(
    TYPES.map((type) => [
      type,
      Object.fromEntries(COUNTED_PHASES.map((phase) => [phase, phaseFigures(vault, mine.filter((r) => r.type === type && r.phase === phase))])),
    ]),
  ) as StatusVaultFigures['requests'];
  const tvlSource = vault.origins.tvl;
  const p = vault.usdPrice;
  return {
    requests,
    rates: {
      gross: vault.apr.current,
      grossSource: vault.apr.current === null ? null : vault.origins.apr,
      net: vault.apr.net ?? null,
      netSource: vault.apr.net == null ? null : 'service',
    },
    tvl: vault.tvl
      ? {
          ...amountOf(vault, 'underlying', BigInt(vault.tvl.token)),
          source: tvlSource,
          block: tvlSource === 'chain' ? (vault.blocks?.chain ?? null) : tvlSource === 'service' ? (vault.blocks?.service ?? null) : null,
        }
      : null,
    usdPrice: p
      ? {
          // USD (6 decimals) per one whole underlying token.
          usdPerToken: ((BigInt(p.usd) * 10n ** BigInt(vault.underlying.decimals)) / BigInt(p.token)).toString(),
          block: p.block,
          at: p.at,
        }
      : null,
  };
}
