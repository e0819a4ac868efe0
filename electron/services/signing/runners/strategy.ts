import type { Hex, PublicClient } from 'viem';
import { AppError, type AppErrorData } from '../../../../shared/errors';
import type { Batch, BatchItem, BatchOrigin } from '../../../../shared/signing/schemas';
import type { Transition } from '../transition';

/**
 * One runner per batch origin: a plan made here (`plan`), an unsigned bundle signed on an offline
 * install (`offline-signing`), a signed bundle sent online (`bundle-broadcast`). Each answers the
 * questions the loop and the operator's actions ask about an item; the loop itself never asks
 * where the batch came from.
 */
export type RunnerOrigin = BatchOrigin['kind'] | 'plan';

/** What the loop does with an item now. */
export type Gate =
  | { kind: 'go' }
  /** Nothing to do with it on this pass. */
  | { kind: 'pass' }
  /** It is settled without the device (skipped, failed). */
  | { kind: 'settle'; transition: Transition }
  | { kind: 'pause'; error: AppErrorData };

/** What a strategy may look at while a batch runs (or while the operator acts on it). */
export interface RunView {
  batch: Batch;
  /** Receipt watchers of the items already sent, by item id. */
  watchers: ReadonlyMap<string, Promise<void>>;
  running: boolean;
  chain: (chainId: number) => PublicClient | Promise<PublicClient>;
}

export interface RunnerStrategy {
  readonly origin: RunnerOrigin;
  /** What a restarted console tells the operator about a batch it found running. */
  readonly resumeAction: string;
  /** Whether the chain is asked before the device (the draft's nonce, a simulation of the call). */
  readonly checksBeforeDevice: boolean;
  /** Whether the item needs nothing more from this install. */
  settled(item: BatchItem): boolean;
  /** A waiting item: on the device, or settled without it. */
  beforeSigning(item: BatchItem, view: RunView): Promise<Gate>;
  /** A signed item: sent now, kept (`pass`), or settled without being sent. */
  beforeSending(item: BatchItem, view: RunView): Promise<Gate>;
  /** The operator's retry: the change to make (null: nothing to change, run again). Throws when refused. */
  retry(item: BatchItem): Transition | null;
  /** The operator's skip. Throws when refused. */
  skip(item: BatchItem, view: RunView): Promise<Transition>;
  /** The operator's request to sign again. Throws when refused. */
  resign(item: BatchItem): Transition;
}

export const isStopped = (item: BatchItem) => item.state === 'failed' || item.state === 'skipped';

/** Retry of an item that is neither failed nor skipped: a waiting or signed one just runs again. */
export function retryUnstopped(item: BatchItem): null {
  if (item.state !== 'waiting' && item.state !== 'signed') {
    throw new AppError({ code: 'SIGNING_NOT_RETRYABLE', message: `This item is ${item.state}: there is nothing to retry.` });
  }
  return null;
}

/** What no origin may skip: an item on the device, or one the chain already has. */
export function refuseSkipOfSent(item: BatchItem): void {
  if (item.state === 'broadcast' || item.state === 'confirmed' || item.state === 'on-device') {
    throw new AppError({ code: 'SIGNING_NOT_SKIPPABLE', message: `This item is ${item.state}: it can no longer be skipped.` });
  }
}

export function busy(): AppError {
  return new AppError({ code: 'SIGNING_BUSY', message: 'The batch is running.', action: 'Pause it first.' });
}

/**
 * Skip where signed bytes would otherwise be sent: only what the chain does not know is skipped,
 * and its bytes are discarded.
 */
export async function skipUnsent(item: BatchItem, view: RunView): Promise<Transition> {
  refuseSkipOfSent(item);
  if (item.state === 'signed' && item.signed) {
    // A running batch sends signed bytes right away: pause it first, so that they are not sent
    // while this looks for them on the chain.
    if (view.running) throw busy();
    // Signed bytes may have reached a node before the journal said so.
    const client = await view.chain(item.chainId);
    const known = await client.getTransaction({ hash: item.signed.hash as Hex }).catch(() => null);
    if (known) {
      throw new AppError({
        code: 'SIGNING_NOT_SKIPPABLE',
        message: 'This transaction reached the chain: it can no longer be skipped.',
        action: 'Run the batch to watch it.',
      });
    }
  }
  const note = item.signed ? 'skipped by the operator; its signed bytes were never sent and are discarded' : 'skipped by the operator';
  return { state: 'skipped', patch: { reason: 'Skipped by the operator.', signed: null }, note };
}

/**
 * An action planned behind its approval goes out once the approval is mined. `unsentReason` says
 * why it is skipped when the approval failed or was not sent.
 */
export async function afterApproval(
  item: BatchItem,
  view: RunView,
  unsentReason: (dep: BatchItem) => string,
): Promise<Gate> {
  if (!item.dependsOn) return { kind: 'go' };
  const dep = view.batch.items.find((i) => i.id === item.dependsOn);
  if (!dep) throw new AppError({ code: 'SIGNING_ITEM_NOT_FOUND', message: `No item ${item.dependsOn} in batch ${view.batch.id}.` });
  const before = item.state;
  await view.watchers.get(dep.id);
  // The operator may have skipped this step while its approval was being mined.
  if (item.state !== before) return { kind: 'pass' };
  if (isStopped(dep)) return { kind: 'settle', transition: { state: 'skipped', patch: { reason: unsentReason(dep) }, note: null } };
  // Never one without the other: a held approval holds what it approves for.
  if (dep.state === 'held') {
    const reason = `Held with the approval before it: ${dep.reason ?? 'the chain moved since this plan.'}`;
    return { kind: 'settle', transition: { state: 'held', patch: { reason, error: dep.error }, note: null } };
  }
  if (dep.state !== 'confirmed') {
    return {
      kind: 'pause',
      error: {
        code: 'SIGNING_WAITING_FOR_APPROVAL',
        message: `The ${dep.step} step of ${item.label} is not confirmed yet.`,
        action: 'Run the batch again once it is mined.',
      },
    };
  }
  return { kind: 'go' };
}
