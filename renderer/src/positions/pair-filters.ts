import type { PositionRow } from '../../../shared/portfolio/schemas';

const holds = (v: string | null) => v !== null && v !== '0';
/** A pair the wallet has money in or on its way: a balance, a pending request, something to claim. */
const isHolding = (p: PositionRow) =>
  holds(p.trancheBalance) ||
  holds(p.pendingDeposit) ||
  holds(p.pendingWithdraw) ||
  holds(p.pendingRedeem) ||
  holds(p.pendingInstantRedeem) ||
  p.claimable.length > 0;
/** An empty pair whose wallet still has the vault's KYC to do (new wallets have it in every vault). */
const isKycToDo = (p: PositionRow) => !isHolding(p) && p.allowed === false;

/**
 * What the table shows: each choice keeps exactly what it names. One function per choice for the
 * table's whole life, so changing it only re-filters.
 */
export const SHOW = {
  holding: { label: 'Pairs with a balance, request or claim', filter: isHolding },
  kyc: { label: 'Empty pairs with KYC to do', filter: isKycToDo },
  all: { label: 'All pairs', filter: undefined },
} as const;
export type Show = keyof typeof SHOW;

/** How many pairs each choice keeps, for the choice's own line. */
export function pairCounts(positions: readonly PositionRow[]): Record<Show, number> {
  const holding = positions.reduce((n, p) => (isHolding(p) ? n + 1 : n), 0);
  const kyc = positions.reduce((n, p) => (isKycToDo(p) ? n + 1 : n), 0);
  return { holding, kyc, all: positions.length };
}
