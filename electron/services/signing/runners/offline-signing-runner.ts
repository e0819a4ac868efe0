import { isSettled } from '../../../../shared/signing/counts';
import type { Batch, BatchItem } from '../../../../shared/signing/schemas';
import { to } from '../transition';
import { hasSignature, notResignable, notRetryable, retrySameSignature } from './bundle-items';
import { isStopped, refuseSkipOfSent, retryUnstopped, type RunnerStrategy } from './strategy';

/** An earlier transaction of the same wallet that will not be sent: a later nonce could never be mined. */
function blockingItem(batch: Batch, item: BatchItem): BatchItem | null {
  if (!item.tx) return null;
  return (
    batch.items.find(
      (o) =>
        o !== item &&
        o.tx &&
        o.wallet.toLowerCase() === item.wallet.toLowerCase() &&
        o.chainId === item.chainId &&
        o.tx.nonce < item.tx!.nonce &&
        isStopped(o),
    ) ?? null
  );
}

/**
 * An unsigned bundle on an offline install: the drafts are signed exactly as they came, in order,
 * with no chain (no nonce check, no simulation), and kept: a signed item is done, its signature
 * leaves in the signed bundle.
 */
export const offlineSigningRunner: RunnerStrategy = {
  origin: 'offline-signing',
  resumeAction: 'Run it to resume: what is signed is kept and nothing is signed twice.',
  checksBeforeDevice: false,
  settled: (item) => isSettled(item) || item.state === 'signed',
  async beforeSigning(item, view) {
    // No chain to wait on: a step after one that will not be sent is left out.
    const blocker = blockingItem(view.batch, item);
    if (!blocker) return { kind: 'go' };
    const reason = `Nonce ${blocker.tx!.nonce} before it (${blocker.step}) was ${blocker.state}: this transaction could never be mined.`;
    return { kind: 'settle', transition: to('skipped', { reason }) };
  },
  beforeSending: async () => ({ kind: 'pass' }),
  retry(item) {
    if (!isStopped(item)) return retryUnstopped(item);
    const same = retrySameSignature(item);
    if (same) return same;
    if (!hasSignature(item)) return to('waiting', { reason: null, error: null }, 'retry asked by the operator');
    throw notRetryable(item);
  },
  async skip(item) {
    refuseSkipOfSent(item);
    // Nothing leaves this install but the signed bundle: a skipped signature is kept in the
    // journal (never signed again) and left out of the bundle.
    const note = hasSignature(item) ? 'skipped by the operator; its signature stays out of the signed bundle' : 'skipped by the operator';
    return to('skipped', { reason: 'Skipped by the operator.' }, note);
  },
  resign() {
    throw notResignable('An offline install signs the reviewed drafts exactly as they came: it changes no nonce or fee.');
  },
};
