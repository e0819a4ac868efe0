import type { Plan } from '../../../shared/signing/schemas';
import type { PortfolioVault } from '../../../shared/portfolio/schemas';
import { addTokenSum, trancheInUnderlying, underlyingUsd, type TokenSum } from '../../../shared/portfolio/totals';
import { ROLE_WORDS } from './ReviewCard';

/**
 * The review's compact table: one row per item to sign (wallet × vault × call × amount), in
 * device order, and the totals of what the plan moves, per token and in USD.
 */

type PlanItem = Plan['items'][number];

export interface PlanRow {
  id: string;
  /** Place in device order, from 1. */
  order: number;
  item: PlanItem;
  wallet: string;
  vaultName: string;
  /** The function called and the contract it is called on ("approve · USDC token"), or the message signed. */
  call: string;
  amount: { baseUnits: string; symbol: string; decimals: number } | null;
  nonce: number | null;
}

export function planRows(plan: Plan): PlanRow[] {
  const vaultName = (id: string) => (plan.vaults ?? [plan.vault]).find((v) => v.id === id)?.name ?? plan.vault.name;
  return plan.items
    .filter((i) => i.state !== 'skipped')
    .map((item, k) => {
      const review = item.review;
      const call =
        review?.kind === 'transaction'
          ? `${review.functionName} · ${ROLE_WORDS[review.contract.role] ?? review.contract.role}`
          : (review?.title ?? item.step);
      return {
        id: item.id,
        order: k + 1,
        item,
        wallet: item.label || item.wallet,
        vaultName: item.vaultName || vaultName(item.vaultId),
        call,
        amount: review?.kind === 'transaction' ? review.amount : null,
        nonce: review?.kind === 'transaction' ? review.nonce : null,
      };
    });
}

/** An amount as a number, to sort by (the cell shows the exact one). */
export function amountKey(row: PlanRow): number | null {
  return row.amount ? Number(row.amount.baseUnits) / 10 ** row.amount.decimals : null;
}

interface PlanTotals {
  /** What the plan's calls move, per token. */
  tokens: TokenSum[];
  /** USD base units (6 decimals), over the vaults with a price. */
  usd: bigint;
  /** Vaults whose amounts have no USD price, by name. */
  unpriced: string[];
  /** Rows added up, and those of them priced in USD. */
  counted: number;
  priced: number;
}

/**
 * What the plan moves: the amounts of its calls, approvals left out (an approval lets the call
 * after it spend the same amount: counting both would count it twice). In USD at the portfolio's
 * one price per vault, as the Overview's batch line: the underlying at `usdPrice`, tranche tokens
 * through the vault's share price first.
 */
export function planTotals(rows: readonly PlanRow[], vaultOf: (id: string) => PortfolioVault | undefined): PlanTotals {
  const out: PlanTotals = { tokens: [], usd: 0n, unpriced: [], counted: 0, priced: 0 };
  for (const row of rows) {
    if (!row.amount || row.item.step === 'approve') continue;
    const amount = BigInt(row.amount.baseUnits);
    addTokenSum(out.tokens, row.amount, amount);
    out.counted += 1;
    const vault = vaultOf(row.item.vaultId);
    const inUnderlying = !vault
      ? null
      : row.amount.symbol === vault.underlying.symbol
        ? amount
        : row.amount.symbol === vault.tranche.symbol
          ? trancheInUnderlying(vault, amount)
          : null;
    const usd = vault && inUnderlying !== null ? underlyingUsd(vault, inUnderlying) : null;
    if (usd === null) {
      if (!out.unpriced.includes(row.vaultName)) out.unpriced.push(row.vaultName);
    } else {
      out.usd += usd;
      out.priced += 1;
    }
  }
  return out;
}
