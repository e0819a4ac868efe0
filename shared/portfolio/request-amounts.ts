import type { RequestPhase } from './request-phase';

/**
 * A request's amount in its own unit, and what its claim will pay. The service's `amount` is in
 * the underlying for every request type (the protocol's client prices it with the underlying's
 * price); a queue withdrawal is made in tranche tokens, which the record states only in the
 * optional `lpAmount`. A unit is never guessed: a withdrawal is shown in tranche tokens from
 * `lpAmount` or the queue's own `userWithdrawalsEpochs`, else in the underlying the record states,
 * labelled so.
 */

export type AmountToken = 'underlying' | 'tranche';
/** Where an amount was read: the record's `lpAmount`, the contracts, or the record's `amount` (underlying). */
export type AmountFrom = 'lpAmount' | 'chain' | 'service';

export interface RequestAmount {
  amount: bigint;
  token: AmountToken;
  from: AmountFrom;
}

const ONE_TRANCHE = 10n ** 18n;

/**
 * `held`: what the contracts hold for the request (`userDepositsEpochs` / `userWithdrawalsEpochs`
 * at its epoch; null when not read). A redeem's receipt is per wallet on chain, not per request,
 * so its record's amount is kept.
 */
export function requestAmount(type: string, record: { amount: string; lpAmount?: string | undefined } | null, held: bigint | null): RequestAmount | null {
  const chain = held !== null && held > 0n ? held : null;
  if (type === 'WITHDRAW') {
    if (record?.lpAmount !== undefined) return { amount: BigInt(record.lpAmount), token: 'tranche', from: 'lpAmount' };
    if (chain !== null) return { amount: chain, token: 'tranche', from: 'chain' };
    return record ? { amount: BigInt(record.amount), token: 'underlying', from: 'service' } : null;
  }
  if (type === 'DEPOSIT' && chain !== null) return { amount: chain, token: 'underlying', from: 'chain' };
  if (record) return { amount: BigInt(record.amount), token: 'underlying', from: 'service' };
  return chain !== null ? { amount: chain, token: 'underlying', from: 'chain' } : null;
}

/** What a claim pays, in the token it pays; `estimate` until the contracts have fixed the price. */
interface Receipt {
  amount: bigint;
  token: AmountToken;
  estimate: boolean;
}

interface ReceiptPrices {
  /** The queue's `epochPrice(e)` (deposits) and `epochWithdrawPrice(e)` (withdrawals); 0 or null until processed. */
  epochPrice?: bigint | null;
  epochWithdrawPrice?: bigint | null;
  /** The vault's price now (underlying per 1e18 tranche tokens), for an estimate before processing. */
  vaultPrice: bigint | null;
}

/**
 * What the request's claim will deliver: a deposit claim pays tranche tokens at `epochPrice(e)`,
 * a withdrawal claim the underlying at `epochWithdrawPrice(e)` (which can still move until the
 * epoch's claims are funded), a redeem its receipt in the underlying. Before the price is set, the
 * vault's price now gives an estimate; with no price at all, nothing is said.
 */
export function expectedReceipt(type: string, phase: RequestPhase, amount: RequestAmount, prices: ReceiptPrices): Receipt | null {
  const set = (p: bigint | null | undefined): p is bigint => p !== null && p !== undefined && p > 0n;
  if (type === 'REDEEM') return { amount: amount.amount, token: 'underlying', estimate: phase !== 'claimable' };
  if (type === 'DEPOSIT') {
    const price = set(prices.epochPrice) ? prices.epochPrice : prices.vaultPrice;
    if (!set(price)) return null;
    return { amount: (amount.amount * ONE_TRANCHE) / price, token: 'tranche', estimate: !set(prices.epochPrice) };
  }
  if (type === 'WITHDRAW') {
    // A withdrawal known only by its underlying value pays about that value.
    if (amount.token === 'underlying') return { amount: amount.amount, token: 'underlying', estimate: true };
    const price = set(prices.epochWithdrawPrice) ? prices.epochWithdrawPrice : prices.vaultPrice;
    if (!set(price)) return null;
    return { amount: (amount.amount * price) / ONE_TRANCHE, token: 'underlying', estimate: !(set(prices.epochWithdrawPrice) && phase === 'claimable') };
  }
  return null;
}
