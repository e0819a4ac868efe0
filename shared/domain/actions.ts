import { isRunning, type CycleState } from './cycle';
import { OLDEST_RULES, type GenerationRules } from './generation-rules';

/**
 * The protocol's action table: for a new deposit or withdrawal, which contract is called and which
 * token is approved to whom, by cycle state; for an existing request, whether it can be cancelled
 * or claimed, through which contract and method, and if not, why not.
 */

/** `queue` is the deposit queue, `withdrawQueue` the withdraw queue (most vaults: one contract for both). */
type ContractRole = 'epochVault' | 'queue' | 'withdrawQueue';
/** The request types the console acts on. */
export type KnownRequestType = 'DEPOSIT' | 'WITHDRAW' | 'REDEEM';
/**
 * A request's type as the service writes it: the three the console acts on, or any other word
 * (WRITEOFF, or one added later), which is kept and shown but has no action.
 */
export type RequestType = KnownRequestType | (string & {});

export const isKnownRequestType = (type: string): type is KnownRequestType => type === 'DEPOSIT' || type === 'WITHDRAW' || type === 'REDEEM';

export interface VaultRoutingFacts {
  state: CycleState;
  /** The vault has a deposit queue (cdoEpoch.depositQueue). */
  hasQueue: boolean;
  /** The vault has a queue that takes withdrawals (cdoEpoch.withdrawQueue; a deposit-only queue does not); absent: as `hasQueue`. */
  hasWithdrawQueue?: boolean;
  /** The epoch vault's `paused()`: true during every running epoch; only meaningful between epochs. */
  paused: boolean;
  /** The vault takes direct deposits while its epoch runs (2026 `depositDuringEpoch`, switched on by its manager). */
  depositDuringEpoch?: boolean;
  /**
   * A prefunded queue (2026): it stops taking deposits `window` seconds before the epoch ends, or
   * as soon as the next epoch's deposits were forwarded to the borrower.
   */
  prefunded?: { window: number; epochEndDate: number; now: number; nextEpochPrefunded: boolean } | null;
}

export interface EntryRoute {
  /** The request the call creates; NONE when the deposit is immediate (depositAA, depositDuringEpoch). */
  creates: 'NONE' | KnownRequestType;
  approve: { token: 'underlying' | 'tranche'; spender: ContractRole } | null;
  call: { contract: ContractRole; functionName: 'depositAA' | 'depositDuringEpoch' | 'requestDeposit' | 'requestWithdraw' };
}

export type Routed = { ok: true; route: EntryRoute } | { ok: false; reason: string };

/** "Sat, 14 Mar 2026 10:00 UTC": a moment the operator can act on, in one fixed form (refusals are also logged). */
const utcMoment = (seconds: number): string =>
  `${new Date(seconds * 1000).toUTCString().replace(/:\d\d GMT$/, ' UTC')}`;

/** Why a prefunded queue takes no deposit now, with when it takes them again; null when it does. */
function prefundedRefusal(p: NonNullable<VaultRoutingFacts['prefunded']>): string | null {
  const closesAt = p.epochEndDate - p.window;
  const reopens = `Deposits reopen when this epoch ends (${utcMoment(p.epochEndDate)}): directly into the vault between epochs, or in the queue once the next epoch runs.`;
  if (p.nextEpochPrefunded) return `The queue has already forwarded this epoch's deposits to the borrower (prefunded): it takes no more. ${reopens}`;
  // The queue refuses once block.timestamp + window >= epochEndDate.
  if (p.window > 0 && p.now + p.window >= p.epochEndDate) return `The queue's prefunded deposit window closed at ${utcMoment(closesAt)}. ${reopens}`;
  return null;
}

/**
 * How a deposit is made now. While the epoch runs it goes to the deposit queue (a request, paid in
 * tranche tokens after the epoch); `direct` asks for the vault's own deposit during the epoch where
 * the vault takes one (tranche tokens at once, at a price that leaves out the interest already earned).
 */
export function depositRoute(v: VaultRoutingFacts, options: { direct?: boolean } = {}): Routed {
  if (v.state === 'DEFAULTED') return { ok: false, reason: 'The vault is in default: it takes no deposits.' };
  if (v.state === 'WAITING') {
    // The epoch vault pauses itself while an epoch runs (that is normal); paused between epochs
    // means the manager stopped direct deposits.
    if (v.paused) return { ok: false, reason: 'The vault is paused: it takes no deposits until the manager resumes it.' };
    return { ok: true, route: { creates: 'NONE', approve: { token: 'underlying', spender: 'epochVault' }, call: { contract: 'epochVault', functionName: 'depositAA' } } };
  }
  if (options.direct) {
    if (!v.depositDuringEpoch) return { ok: false, reason: 'This vault takes no direct deposits while its epoch runs: deposit through its queue.' };
    if (v.state === 'RUNNING_PAST_END')
      return { ok: false, reason: 'The epoch is past its end date: the vault takes no direct deposit until the next epoch; deposit through its queue.' };
    return {
      ok: true,
      route: { creates: 'NONE', approve: { token: 'underlying', spender: 'epochVault' }, call: { contract: 'epochVault', functionName: 'depositDuringEpoch' } },
    };
  }
  if (!v.hasQueue) return { ok: false, reason: 'The epoch is running and this vault has no deposit queue: deposit in the next buffer period.' };
  const prefunded = v.prefunded ? prefundedRefusal(v.prefunded) : null;
  if (prefunded) return { ok: false, reason: prefunded };
  return { ok: true, route: { creates: 'DEPOSIT', approve: { token: 'underlying', spender: 'queue' }, call: { contract: 'queue', functionName: 'requestDeposit' } } };
}

export function withdrawRoute(v: VaultRoutingFacts): Routed {
  if (v.state === 'DEFAULTED') return { ok: false, reason: 'The vault is in default: only claims that are already funded can be made.' };
  if (v.state === 'WAITING') {
    // Burns tranche tokens directly: no approval.
    return { ok: true, route: { creates: 'REDEEM', approve: null, call: { contract: 'epochVault', functionName: 'requestWithdraw' } } };
  }
  if (!(v.hasWithdrawQueue ?? v.hasQueue))
    return {
      ok: false,
      reason: v.hasQueue
        ? "The epoch is running and this vault's queue takes deposits only: redeem in the next buffer period."
        : 'The epoch is running and this vault has no withdraw queue: redeem in the next buffer period.',
    };
  return {
    ok: true,
    route: { creates: 'WITHDRAW', approve: { token: 'tranche', spender: 'withdrawQueue' }, call: { contract: 'withdrawQueue', functionName: 'requestWithdraw' } },
  };
}

export interface RequestFacts {
  type: RequestType;
  /** The service's status word: PENDING | PROCESSED | CLAIMABLE | INSTANT_CLAIMABLE | CLAIMED (and write-off words). */
  status: string;
  isInstant?: boolean;
  /** The queue's request key (e = strategy.epochNumber() + 1 when made); required for queue calls. */
  epochNumber?: number;
}

interface RequestAction {
  kind: 'cancel' | 'claim';
  contract: ContractRole;
  functionName: 'deleteRequest' | 'deleteWithdrawRequest' | 'claimDepositRequest' | 'claimWithdrawRequest' | 'claimInstantWithdrawRequest';
  /** The epoch key for queue calls; none for the epoch vault's redeem claims. */
  epochNumber: number | null;
}

type RequestVerdict = { action: RequestAction } | { action: null; reason: string };

const DONE = new Set(['CLAIMED', 'FULFILLED', 'COMPLETED']);

/**
 * What the operator can do with one request now. `rules`: what the vault's generations decide
 * (the oldest queue's rules when not known); `prefunded`: the request's epoch was forwarded to the
 * borrower, so its deposit can no longer be cancelled.
 */
export function requestAction(r: RequestFacts, state: CycleState, rules: GenerationRules = OLDEST_RULES, prefunded = false): RequestVerdict {
  if (DONE.has(r.status)) return { action: null, reason: 'Already claimed.' };
  const e = r.epochNumber ?? null;
  const needsEpoch = (action: RequestAction): RequestVerdict =>
    action.contract !== 'epochVault' && e === null ? { action: null, reason: 'The service did not say which epoch this request belongs to.' } : { action };

  switch (r.type) {
    case 'DEPOSIT':
      if (r.status === 'PENDING') {
        if (state === 'DEFAULTED') return { action: null, reason: 'The vault is in default.' };
        if (prefunded) return { action: null, reason: 'The queue forwarded this epoch\u2019s deposits to the borrower (prefunded): it can no longer be cancelled, only claimed once the epoch ends.' };
        // The November 2024 queue reverts deleteRequest while an epoch runs; the 2026 queue takes it.
        if (isRunning(state) && !rules.cancelDepositWhileRunning)
          return { action: null, reason: 'This queue only cancels deposits between epochs: cancel after the epoch stops, before it is processed.' };
        return needsEpoch({ kind: 'cancel', contract: 'queue', functionName: 'deleteRequest', epochNumber: e });
      }
      if (r.status === 'CLAIMABLE' || r.status === 'PROCESSED') {
        return needsEpoch({ kind: 'claim', contract: 'queue', functionName: 'claimDepositRequest', epochNumber: e });
      }
      break;
    case 'WITHDRAW':
      if (r.status === 'PENDING') {
        if (state === 'DEFAULTED') return { action: null, reason: 'The vault is in default.' };
        return needsEpoch({ kind: 'cancel', contract: 'withdrawQueue', functionName: 'deleteWithdrawRequest', epochNumber: e });
      }
      if (r.status === 'PROCESSED') {
        return {
          action: null,
          reason: r.isInstant
            ? 'Processed as instant: claimable once the instant withdrawal delay has passed and the funds are in.'
            : 'Processed as standard: claimable after the current epoch ends.',
        };
      }
      if (r.status === 'CLAIMABLE' || r.status === 'INSTANT_CLAIMABLE') {
        return needsEpoch({ kind: 'claim', contract: 'withdrawQueue', functionName: 'claimWithdrawRequest', epochNumber: e });
      }
      break;
    case 'REDEEM':
      if (r.status === 'PENDING' || r.status === 'PROCESSED') {
        return {
          action: null,
          reason: r.isInstant
            ? 'Instant redeem: claimable once the vault allows instant withdrawals (after the delay). Redeems cannot be cancelled.'
            : 'Standard redeem: claimable after the next epoch stops. Redeems cannot be cancelled.',
        };
      }
      if (r.status === 'INSTANT_CLAIMABLE' || (r.status === 'CLAIMABLE' && r.isInstant)) {
        return { action: { kind: 'claim', contract: 'epochVault', functionName: 'claimInstantWithdrawRequest', epochNumber: null } };
      }
      if (r.status === 'CLAIMABLE') {
        // The strategy pays a standard redeem once an epoch completed after it, also while the next
        // one runs and after a default (October 2024 on).
        return { action: { kind: 'claim', contract: 'epochVault', functionName: 'claimWithdrawRequest', epochNumber: null } };
      }
      break;
    case 'WRITEOFF':
      return { action: null, reason: 'A write-off request: settled by the vault manager, nothing to claim or cancel here.' };
    default:
      return { action: null, reason: `The service records a request of type ${r.type}, which this console does not know: it takes no action on it.` };
  }
  return { action: null, reason: `No action for a ${r.type.toLowerCase()} request with status ${r.status}.` };
}
