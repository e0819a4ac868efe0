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

/**
 * What the check ran on: the review's own simulation when no chain has moved since its fork's
 * block ('review'), a new fork of each chain when one has ('moved', with the blocks the review was
 * simulated at), or a new fork when there is no review's simulation to compare with ('new').
 */
export interface ForkCheckRun {
  simulation: PlanSimulation;
  basis: 'review' | 'moved' | 'new';
  /** With 'moved': the block each chain's review was simulated at, by chain id. */
  reviewBlocks?: Record<number, string>;
}

/** Runs these items of the batch on forks (the operator's RPCs, never the service's). */
export type SimulateRemaining = (batch: Batch, items: readonly BatchItem[]) => Promise<ForkCheckRun>;

/** Where an item was simulated, as the held reason says it: "on a fork at block N (…)". */
function whereSimulated(run: ForkCheckRun, chainId: number): string {
  const block = run.simulation.chains.find((c) => c.chainId === chainId)?.block ?? '?';
  if (run.basis === 'review') return `on a fork at block ${block}, as simulated for the review (the chain has not moved since)`;
  const reviewed = run.reviewBlocks?.[chainId];
  if (run.basis === 'moved' && reviewed !== undefined) return `on a new fork at block ${block} (the chain moved since the review at block ${reviewed})`;
  return `on a fork at block ${block}`;
}

const BASIS_TEXT: Record<ForkCheckRun['basis'], string> = {
  review: "the review's simulation, reused: no chain has moved since its fork's block",
  moved: 'the remaining items run again on a new fork: the chain moved since the review',
  new: 'the remaining items run on a new fork (no simulation of the review to compare with)',
};

/** The items a fork check runs: transactions not signed yet that may still go to the device. */
const remainingTransactions = (batch: Batch): BatchItem[] => batch.items.filter((i) => i.tx && !i.signed && i.state === 'waiting');

/**
 * Per item that reverts on the fork (and the approval that goes with it): the reason to hold it,
 * "Reverts on a fork at block N (…): <reason>", saying whether the review's simulation was reused or
 * the chain moved and the items ran again on a new fork. Empty when every item passes or nothing could be simulated.
 */
export async function revertsOnFork(simulate: SimulateRemaining, batch: Batch, log?: Logger): Promise<Map<string, string>> {
  const held = new Map<string, string>();
  const items = remainingTransactions(batch);
  if (items.length === 0) return held;
  let run: ForkCheckRun;
  try {
    run = await simulate(batch, items);
  } catch (err) {
    log?.warn('signing: the fork check could not run; nothing is held by it', { batchId: batch.id, message: toAppErrorData(err).message });
    return held;
  }
  const result = run.simulation;
  for (const chain of result.chains) {
    if (chain.method === 'none')
      log?.warn('signing: a chain was not simulated before the device; nothing is held by it', {
        batchId: batch.id,
        chainId: chain.chainId,
        reason: chain.reason,
      });
  }
  for (const sim of result.items) {
    if (sim.ok) continue;
    const why = sim.revert?.reason ?? sim.revert?.error.message ?? 'no reason given';
    const reason = `Reverts ${whereSimulated(run, sim.chainId)}: ${why.replace(/\.$/, '')}.`;
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
    basis: BASIS_TEXT[run.basis],
    ...(run.reviewBlocks ? { reviewBlocks: Object.entries(run.reviewBlocks).map(([c, b]) => `${c}@${b}`) } : {}),
    blocks: result.chains.map((c) => `${c.chainId}@${c.block ?? 'none'}`),
  });
  return held;
}
