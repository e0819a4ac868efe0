import { isRunning, type CycleState } from './cycle';

/**
 * The protocol's action table: for a new deposit or withdrawal, which contract is called and which
 * token is approved to whom, by cycle state; for an existing request, whether it can be cancelled
 * or claimed, through which contract and method, and if not, why not.
 */

export type ContractRole = 'epochVault' | 'queue';
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
  /** The vault has a queue contract (cdoEpoch.depositQueue / withdrawQueue). */
  hasQueue: boolean;
  /** The epoch vault's `paused()`: true during every running epoch; only meaningful between epochs. */
  paused: boolean;
}

export interface EntryRoute {
  /** The request the call creates; NONE when the deposit is immediate (depositAA). */
  creates: 'NONE' | KnownRequestType;
  approve: { token: 'underlying' | 'tranche'; spender: ContractRole } | null;
  call: { contract: ContractRole; functionName: 'depositAA' | 'requestDeposit' | 'requestWithdraw' };
}

export type Routed = { ok: true; route: EntryRoute } | { ok: false; reason: string };

export function depositRoute(v: VaultRoutingFacts): Routed {
  if (v.state === 'DEFAULTED') return { ok: false, reason: 'The vault is in default: it takes no deposits.' };
  if (v.state === 'WAITING') {
    // The epoch vault pauses itself while an epoch runs (that is normal); paused between epochs
    // means the manager stopped direct deposits.
    if (v.paused) return { ok: false, reason: 'The vault is paused: it takes no deposits until the manager resumes it.' };
    return { ok: true, route: { creates: 'NONE', approve: { token: 'underlying', spender: 'epochVault' }, call: { contract: 'epochVault', functionName: 'depositAA' } } };
  }
  if (!v.hasQueue) return { ok: false, reason: 'The epoch is running and this vault has no deposit queue: deposit in the next buffer period.' };
  return { ok: true, route: { creates: 'DEPOSIT', approve: { token: 'underlying', spender: 'queue' }, call: { contract: 'queue', functionName: 'requestDeposit' } } };
}

export function withdrawRoute(v: VaultRoutingFacts): Routed {
  if (v.state === 'DEFAULTED') return { ok: false, reason: 'The vault is in default: only claims that are already funded can be made.' };
  if (v.state === 'WAITING') {
    // Burns tranche tokens directly: no approval.
    return { ok: true, route: { creates: 'REDEEM', approve: null, call: { contract: 'epochVault', functionName: 'requestWithdraw' } } };
  }
  if (!v.hasQueue) return { ok: false, reason: 'The epoch is running and this vault has no withdraw queue: redeem in the next buffer period.' };
  return { ok: true, route: { creates: 'WITHDRAW', approve: { token: 'tranche', spender: 'queue' }, call: { contract: 'queue', functionName: 'requestWithdraw' } } };
}

export interface RequestFacts {
  type: RequestType;
  /** The service's status word: PENDING | PROCESSED | CLAIMABLE | INSTANT_CLAIMABLE | CLAIMED (and write-off words). */
  status: string;
  isInstant?: boolean;
  /** The queue's request key (e = strategy.epochNumber() + 1 when made); required for queue calls. */
  epochNumber?: number;
}

export interface RequestAction {
  kind: 'cancel' | 'claim';
  contract: ContractRole;
  functionName: 'deleteRequest' | 'deleteWithdrawRequest' | 'claimDepositRequest' | 'claimWithdrawRequest' | 'claimInstantWithdrawRequest';
  /** The epoch key for queue calls; none for the epoch vault's redeem claims. */
  epochNumber: number | null;
}

export type RequestVerdict = { action: RequestAction } | { action: null; reason: string };

const DONE = new Set(['CLAIMED', 'FULFILLED', 'COMPLETED']);

/** What the operator can do with one request now. */
export function requestAction(r: RequestFacts, state: CycleState): RequestVerdict {
  if (DONE.has(r.status)) return { action: null, reason: 'Already claimed.' };
  const e = r.epochNumber ?? null;
  const needsEpoch = (action: RequestAction): RequestVerdict =>
    action.contract === 'queue' && e === null ? { action: null, reason: 'The service did not say which epoch this request belongs to.' } : { action };

  switch (r.type) {
    case 'DEPOSIT':
      if (r.status === 'PENDING') {
        if (state === 'DEFAULTED') return { action: null, reason: 'The vault is in default.' };
        // This queue version reverts deleteRequest while an epoch runs.
        if (isRunning(state)) return { action: null, reason: 'The queue only cancels deposits between epochs: cancel after the epoch stops, before it is processed.' };
        return needsEpoch({ kind: 'cancel', contract: 'queue', functionName: 'deleteRequest', epochNumber: e });
      }
      if (r.status === 'CLAIMABLE' || r.status === 'PROCESSED') {
        return needsEpoch({ kind: 'claim', contract: 'queue', functionName: 'claimDepositRequest', epochNumber: e });
      }
      break;
    case 'WITHDRAW':
      if (r.status === 'PENDING') {
        if (state === 'DEFAULTED') return { action: null, reason: 'The vault is in default.' };
        return needsEpoch({ kind: 'cancel', contract: 'queue', functionName: 'deleteWithdrawRequest', epochNumber: e });
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
        return needsEpoch({ kind: 'claim', contract: 'queue', functionName: 'claimWithdrawRequest', epochNumber: e });
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
        // The epoch vault pays standard redeems between epochs only (it reverts EpochRunning).
        if (isRunning(state)) return { action: null, reason: 'Standard redeems are paid between epochs: claim after this epoch stops.' };
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
