import type { BatchItem } from './schemas';

/** What tells one batch item from another: whose it is, where, and for which action. */
export type ItemIdentity = Pick<BatchItem, 'id' | 'wallet' | 'label' | 'path' | 'chainId' | 'vaultId' | 'vaultName' | 'action'>;

/**
 * A batch item as every plan starts it (the planner, an unsigned bundle imported offline, the
 * tests' fixtures): waiting, nothing drafted, signed or sent, unless the patch says otherwise.
 * `created` writes the first line of its history, in the state it starts in.
 */
export function newBatchItem(identity: ItemIdentity, patch: Partial<BatchItem> = {}, created?: { at: string; note: string | null }): BatchItem {
  return {
    ...identity,
    step: 'none',
    dependsOn: null,
    tx: null,
    message: null,
    review: null,
    state: 'waiting',
    reason: null,
    error: null,
    signed: null,
    signature: null,
    hash: null,
    receipt: null,
    resignAllowed: false,
    attempts: 0,
    history: created ? [{ at: created.at, state: patch.state ?? 'waiting', note: created.note }] : [],
    ...patch,
  };
}
