/**
 * The values the console knows for each of the service's closed-looking fields, from the spec and
 * the protocol's own data-access client. The fields themselves are open: a value outside these
 * lists is kept and shown as it is, marked as one the console does not know (it never fails a
 * record, and it is never dropped). These lists only decide that mark, and which values the
 * console's rules act on.
 */
export const KNOWN_VALUES = {
  vaultVisibility: ['PUBLIC', 'RESTRICTED', 'HIDDEN'],
  vaultStatus: ['READY', 'PAUSED', 'DISABLED', 'EXPERIMENTAL', 'BOOSTED'],
  contractType: ['BestYield', 'CDO', 'CDO_EPOCH', 'PARETO_DOLLAR', 'PARETO_TOKEN'],
  signatureEntity: ['ALL', 'LENDER', 'MANAGER'],
  operatorType: ['PROTOCOL', 'BORROWER', 'CURATOR'],
  requestType: ['DEPOSIT', 'WITHDRAW', 'REDEEM', 'WRITEOFF'],
  requestStatus: ['PENDING', 'PROCESSED', 'CLAIMABLE', 'INSTANT_CLAIMABLE', 'CLAIMED', 'FULFILLED', 'COMPLETED'],
  /** The cycle status of a vault block: CURE is the borrower's grace period after a missed repayment. */
  blockStatus: ['WAITING', 'RUNNING', 'DEFAULTED', 'CURE'],
  /** An epoch record's status: FINISHED once stopped. CLOSED is the seed's word for the same. */
  epochStatus: ['WAITING', 'RUNNING', 'DEFAULTED', 'FINISHED', 'CURE', 'CLOSED'],
  withdrawType: ['INSTANT', 'STANDARD'],
  /** The protocol's transaction types (39 in its own client), and the seed's example. */
  transactionType: [
    // common
    'DEPOSIT',
    'REDEEM',
    'HARVEST',
    'DISTRIBUTED_REWARDS',
    // epoch credit vaults
    'CLAIM_DEPOSIT_REQUEST',
    'CLAIM_INSTANT_WITHDRAW',
    'CLAIM_WITHDRAW',
    'CLAIM_WITHDRAW_REQUEST',
    'DELETE_DEPOSIT_REQUEST',
    'DELETE_WITHDRAW_REQUEST',
    'GET_INSTANT_WITHDRAWS',
    'PROCESS_DEPOSIT_QUEUE',
    'PROCESS_WITHDRAW_CLAIMS',
    'PROCESS_WITHDRAW_QUEUE',
    'REQUEST_DEPOSIT',
    'REQUEST_WITHDRAW',
    'START_EPOCH',
    'STOP_EPOCH',
    'REQUEST_WRITEOFF',
    'DELETE_WRITEOFF_REQUEST',
    'FULFILL_WRITEOFF_REQUEST',
    'DEPOSIT_WRITEOFF_REQUEST',
    // the protocol's dollar
    'ADD_COLLATERAL',
    'ADD_YIELD_SOURCE',
    'CLAIM_REDEEM_REQUEST',
    'DEPOSIT_REWARDS',
    'DEPOSIT_YIELD_SOURCE',
    'MINT',
    'NEW_EPOCH',
    'REDEEM_YIELD_SOURCE',
    'REMOVE_COLLATERAL',
    'REMOVE_YIELD_SOURCE',
    'REQUEST_REDEEM',
    'STAKE',
    'STAKE_POOL',
    'TRANSFER',
    'TRANSFER_POOL',
    'UNSTAKE',
    'UNSTAKE_POOL',
    // the seed's coarser words, still readable
    'WITHDRAW',
  ],
  /** The spec gives PENDING only; the seed's records add CONFIRMED. The protocol's records have no status. */
  transactionStatus: ['PENDING', 'CONFIRMED', 'FAILED'],
} as const satisfies Record<string, readonly string[]>;

export type KnownValueKind = keyof typeof KNOWN_VALUES;

const SETS = Object.fromEntries(Object.entries(KNOWN_VALUES).map(([kind, values]) => [kind, new Set<string>(values)])) as unknown as Record<
  KnownValueKind,
  ReadonlySet<string>
>;

/** Whether the console knows this value of that field (an unknown one is shown as it is, marked). */
export function isKnownValue(kind: KnownValueKind, value: string | null | undefined): boolean {
  return value === null || value === undefined || SETS[kind].has(value);
}
