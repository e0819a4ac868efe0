import type { z } from 'zod';
import type { RequestPhaseSchema } from './schemas';
import { depositClaimable, standardRedeemDue, withdrawClaimable } from '../signing/claim-rules';
/**
 * Where a request stands, told once for every screen, the totals and `status`: the contracts
 * decide it where the chain answered (the service snapshots about daily plus on activity, so its
 * status word can be a cycle behind), the service's status word where it did not.
 *
 * - `pending`: still in a queue, or a redeem whose epoch has not ended: it can change or be cancelled;
 * - `processed`: a queue withdrawal the manager has priced but whose funds are not all in yet
 *   (`epochWithdrawPrice(e) != 0` and `epochPendingClaims(e) != 0`): nothing to do but wait;
 * - `claimable`: the claim call would pay now;
 * - `claimed`: paid (or, for the chain, nothing is held any more);
 * - `cancelled`: the chain no longer holds a request the service still lists as pending;
 * - `other`: a type the console does not act on (WRITEOFF, or one added later): shown, never counted.
 */
export type RequestPhase = z.infer<typeof RequestPhaseSchema>;

/** The phases a request is counted in on the Overview, Positions and `status`, in their order. */
export const COUNTED_PHASES = ['pending', 'processed', 'claimable'] as const;
export type CountedPhase = (typeof COUNTED_PHASES)[number];
/** Whether a request is counted (pending, processed or claimable): not paid, not cancelled, of a type the console acts on. */
export const isCounted = (phase: RequestPhase): phase is CountedPhase => (COUNTED_PHASES as readonly string[]).includes(phase);

/** The queue's figures for one request epoch (`epochPrice`, `epochWithdrawPrice`, `epochPendingClaims`). */
export interface QueueEpochFacts {
  price: bigint | null;
  withdrawPrice: bigint | null;
  pendingClaims: bigint | null;
  prefunded?: bigint | null;
}

/** What the chain says about one request; any field left null was not read. */
export interface RequestChainFacts {
  /**
   * What the contracts still hold for it: `userDepositsEpochs(wallet, e)` (underlying),
   * `userWithdrawalsEpochs(wallet, e)` (tranche tokens), or the strategy's redeem receipt
   * (`withdrawsRequests` + `apr0Users`, or `instantWithdrawsRequests`; underlying).
   */
  held: bigint | null;
  /** Queue requests: the queue's figures for the request's epoch. */
  epoch?: QueueEpochFacts | null;
  /** Standard redeems: the strategy's completed epochs and the wallet's `lastWithdrawRequest`. */
  strategyEpoch?: number | null;
  lastRequestEpoch?: bigint | null;
  /** The epoch vault's `epochEndDate() == 0` (a closed pool pays redeems at once). */
  poolClosed?: boolean;
  /** Instant redeems: the epoch vault's `allowInstantWithdraw()`. */
  allowInstantWithdraw?: boolean | null;
}

interface RequestWords {
  type: string;
  /** The service's status word (open: PENDING, PROCESSED, CLAIMABLE, INSTANT_CLAIMABLE, CLAIMED, …). */
  status: string;
  isInstant: boolean;
}

const DONE = new Set(['CLAIMED', 'FULFILLED', 'COMPLETED']);

/** The phase from the service's status word alone (no chain answer). */
function phaseFromStatus(r: RequestWords): RequestPhase {
  if (DONE.has(r.status)) return 'claimed';
  if (r.status === 'CLAIMABLE' || r.status === 'INSTANT_CLAIMABLE') return 'claimable';
  if (r.status === 'PROCESSED') return r.type === 'DEPOSIT' ? 'claimable' : r.type === 'WITHDRAW' ? 'processed' : 'pending';
  return 'pending';
}

export function requestPhase(r: RequestWords, chain: RequestChainFacts | null): RequestPhase {
  if (r.type !== 'DEPOSIT' && r.type !== 'WITHDRAW' && r.type !== 'REDEEM') return 'other';
  if (DONE.has(r.status)) return 'claimed';
  if (!chain || chain.held === null) return phaseFromStatus(r);
  const e = chain.epoch ?? null;
  switch (r.type) {
    case 'DEPOSIT': {
      const priced = e?.price != null && e.price > 0n;
      // The same predicates as the claims the console plans (shared/signing/claim-rules.ts).
      if (chain.held === 0n) return priced ? 'claimed' : 'cancelled';
      if (e?.price == null) return phaseFromStatus(r);
      return depositClaimable({ price: e.price, withdrawPrice: 0n, pendingClaims: 0n, prefunded: e.prefunded ?? 0n }, chain.held) ? 'claimable' : 'pending';
    }
    case 'WITHDRAW': {
      const priced = e?.withdrawPrice != null && e.withdrawPrice > 0n;
      if (chain.held === 0n) return priced ? 'claimed' : 'cancelled';
      if (e?.withdrawPrice == null) return phaseFromStatus(r);
      if (!priced) return 'pending';
      if (e.pendingClaims == null) return phaseFromStatus(r) === 'claimable' ? 'claimable' : 'processed';
      return withdrawClaimable({ price: 0n, withdrawPrice: e.withdrawPrice, pendingClaims: e.pendingClaims }, chain.held) ? 'claimable' : 'processed';
    }
    default: {
      if (chain.held === 0n) return 'claimed';
      if (r.isInstant) {
        if (chain.allowInstantWithdraw == null) return phaseFromStatus(r);
        return chain.allowInstantWithdraw ? 'claimable' : 'pending';
      }
      // The strategy pays a standard redeem once an epoch stopped after the wallet's last redeem.
      if (chain.poolClosed) return 'claimable';
      if (chain.strategyEpoch == null || chain.lastRequestEpoch == null) return phaseFromStatus(r);
      return standardRedeemDue(chain.strategyEpoch, chain.lastRequestEpoch, false) ? 'claimable' : 'pending';
    }
  }
}

/** The service status word that stands for a phase, for the action table (`requestAction`). */
export function statusOfPhase(r: RequestWords, phase: RequestPhase): string {
  switch (phase) {
    case 'pending':
      return 'PENDING';
    case 'processed':
      return 'PROCESSED';
    case 'claimable':
      return r.status === 'INSTANT_CLAIMABLE' || (r.type !== 'DEPOSIT' && r.isInstant) ? 'INSTANT_CLAIMABLE' : 'CLAIMABLE';
    case 'claimed':
    case 'cancelled':
      return 'CLAIMED';
    default:
      return r.status;
  }
}

/** The words every screen uses for a phase. */
export const PHASE_WORDS: Record<RequestPhase, string> = {
  pending: 'Pending',
  processed: 'Processed, not yet claimable',
  claimable: 'Claimable now',
  claimed: 'Claimed',
  cancelled: 'Cancelled',
  other: 'Not handled here',
};

/** The same words, short, for a status pill (the long ones in its title and the filter). */
export const PHASE_PILL: Record<RequestPhase, string> = {
  pending: 'pending',
  processed: 'processed',
  claimable: 'claimable now',
  claimed: 'claimed',
  cancelled: 'cancelled',
  other: 'not handled',
};
