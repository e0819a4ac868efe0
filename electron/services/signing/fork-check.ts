import { toAppErrorData } from '../../../shared/errors';
import type { Batch, BatchItem } from '../../../shared/signing/schemas';
import type { PlanSimulation } from '../../../shared/simulation';
import type { Logger } from '../log/logger';

/**
 * The batch's remaining transactions run on a local fork of each chain, in device order, just
 * before the first of them reaches the device: an item that reverts there (or waits on one that
 * does) is held with the decoded reason, and nothing of it is signed. Information, not proof: a
 * simulation that cannot run holds nothing (the basis check and the call simulated on the chain
 * itself still apply), and says why in the log.
 */

/** Runs these items of the batch on forks (the operator's RPCs, never the service's). */
export type SimulateRemaining = (batch: Batch, items: readonly BatchItem[]) => Promise<PlanSimulation>;

/** The items a fork check runs: transactions not signed yet that may still go to the device. */
export const remainingTransactions = (batch: Batch): BatchItem[] => batch.items.filter((i) => i.tx && !i.signed && i.state === 'waiting');

/**
 * Per item that reverts on the fork (and the approval that goes with it): the reason to hold it,
 * "Reverts on a fork at block N: <reason>". Empty when every item passes or nothing could be simulated.
 */
export async function revertsOnFork(simulate: SimulateRemaining, batch: Batch, log?: Logger): Promise<Map<string, string>> {
  const held = new Map<string, string>();
  const items = remainingTransactions(batch);
  if (items.length === 0) return held;
  let result: PlanSimulation;
  try {
    result = await simulate(batch, items);
  } catch (err) {
    log?.warn('signing: the fork check could not run; nothing is held by it', { batchId: batch.id, message: toAppErrorData(err).message });
    return held;
  }
  for (const chain of result.chains) {
    if (chain.method === 'none')
      log?.warn('signing: a chain was not simulated before the device; nothing is held by it', {
        batchId: batch.id,
        chainId: chain.chainId,
        reason: chain.reason,
      });
  }
  const blockOf = new Map(result.chains.map((c) => [c.chainId, c.block]));
  for (const sim of result.items) {
    if (sim.ok) continue;
    const why = sim.revert?.reason ?? sim.revert?.error.message ?? 'no reason given';
    const reason = `Reverts on a fork at block ${blockOf.get(sim.chainId) ?? '?'}: ${why.replace(/\.$/, '')}.`;
    held.set(sim.itemId, reason);
    // An approval is never sent for a step that cannot be made: no allowance is left behind.
    const item = batch.items.find((i) => i.id === sim.itemId);
    const approval = item?.dependsOn ? items.find((i) => i.id === item.dependsOn) : undefined;
    if (approval && !held.has(approval.id))
      held.set(approval.id, `Not sent: the step it approves for ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`);
  }
  log?.info('signing: fork check before the device', {
    batchId: batch.id,
    items: items.length,
    held: held.size,
    blocks: result.chains.map((c) => `${c.chainId}@${c.block ?? 'none'}`),
  });
  return held;
}
