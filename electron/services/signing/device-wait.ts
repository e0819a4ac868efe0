/**
 * Before an item goes to the device: when its wallet is on another Ledger than the one connected
 * (a desk with several), the batch waits for that one, saying which to connect, and goes on by
 * itself once it is there; the operator's Pause ends the wait.
 */
import type { AppErrorData } from '../../../shared/errors';
import type { Batch, BatchItem } from '../../../shared/signing/schemas';
import type { SigningDevice } from './device-delivery';
import type { OpenBatch } from './open-batch';

/** Null once the item's device is there; the operator's pause when they paused meanwhile. */
export async function untilItsDevice(
  device: SigningDevice,
  ctx: OpenBatch,
  item: BatchItem,
  emitBatch: (batch: Batch) => void,
  operatorPause: AppErrorData,
): Promise<AppErrorData | null> {
  if (!device.awaitDevice) return null;
  const outcome = await device.awaitDevice(item.wallet, {
    // Still running (Pause stays at hand), with why it waits; cleared when the device comes.
    waiting: (reason) => emitBatch({ ...ctx.batch, pause: reason }),
    stopped: () => ctx.pauseRequested,
  });
  return outcome === 'stopped' ? operatorPause : null;
}
