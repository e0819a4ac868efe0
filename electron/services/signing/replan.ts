import { AppError } from '../../../shared/errors';
import type { Batch, BatchItem, Selection } from '../../../shared/signing/schemas';

/**
 * What a re-plan carries on from a batch: its held items and the ones not signed yet (a wallet's
 * later steps never go without its earlier ones), planned again for the same wallets, vaults,
 * action and amounts. Pure.
 */

export function replanTargets(batch: Batch): BatchItem[] {
  const targets = batch.items.filter((i) => i.step !== 'none' && (i.state === 'held' || (i.state === 'waiting' && !i.signed)));
  if (!batch.items.some((i) => i.state === 'held') || targets.length === 0) {
    throw new AppError({
      code: 'SIGNING_NOTHING_TO_REPLAN',
      message: 'No item of this batch is held: there is nothing to re-plan.',
      action: 'Resume the batch to go on, or plan a new operation.',
    });
  }
  return targets;
}

/**
 * One selection per vault of the targets (in the batch's order of vaults), for the planner. A
 * redeem is how a withdrawal is made between epochs: re-planned, it is a withdrawal again, routed
 * by the cycle as it is now (a queue request once the next epoch runs), and the review shows it.
 */
export function replanParts(batch: Batch, targets: readonly BatchItem[]): Selection[] {
  const vaultIds = [...new Set(targets.map((i) => i.vaultId))];
  const action = batch.selection.action === 'redeem' ? 'withdraw' : batch.selection.action;
  return vaultIds.map((vaultId) => {
    const wallets = new Set(targets.filter((i) => i.vaultId === vaultId).map((i) => i.wallet.toLowerCase()));
    // Across vaults each vault keeps the amount the operator chose there, never the first vault's.
    const { vaultAmounts, amount: firstAmount, ...rest } = batch.selection;
    const own = vaultAmounts?.find((v) => v.vaultId === vaultId);
    const amount = own ? own.amount : firstAmount;
    return {
      ...rest,
      ...(amount !== undefined ? { amount } : {}),
      action,
      vaultId,
      wallets: batch.selection.wallets.filter((w) => wallets.has(w.address.toLowerCase())),
    };
  });
}
