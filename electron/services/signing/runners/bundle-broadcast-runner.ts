import { isSettled } from '../../../../shared/signing/counts';
import type { BatchItem } from '../../../../shared/signing/schemas';
import { sendableNow } from '../sendable';
import { to } from '../transition';
import { notResignable, notRetryable, retrySameSignature } from './bundle-items';
import { afterApproval, isStopped, retryUnstopped, skipUnsent, type RunView, type RunnerStrategy, type Gate } from './strategy';

/** Whether a transaction signed elsewhere can still be mined (nonce, fees), just before it is sent. */
async function stillSendable(item: BatchItem, view: RunView): Promise<Gate> {
  if (!item.tx || !item.signed) return { kind: 'go' };
  let problem = null;
  try {
    problem = await sendableNow(await view.chain(item.chainId), item);
  } catch {
    // The chain did not answer: sending will say so and pause.
  }
  return problem ? { kind: 'settle', transition: to('failed', { reason: problem.message, error: problem }, problem.code) } : { kind: 'go' };
}

/**
 * A signed bundle imported online: its items arrive signed and are sent as a restarted console
 * sends signed bytes, an action once its approval is mined. Nothing is ever signed on this side.
 */
export const bundleBroadcastRunner: RunnerStrategy = {
  origin: 'bundle-broadcast',
  resumeAction: 'Run it to resume: signed transactions are sent as they are and nothing is signed twice.',
  checksBeforeDevice: false,
  settled: isSettled,
  beforeSigning: async () => ({
    kind: 'settle',
    transition: to('failed', { reason: 'Not signed on the offline install; this install does not sign it. Re-plan this wallet online.' }),
  }),
  async beforeSending(item, view) {
    const gate = await afterApproval(
      item,
      view,
      (dep) =>
        `The ${dep.step} step before it was ${dep.state === 'failed' ? 'not confirmed' : 'not sent'}: sent alone it would revert. Re-plan this wallet online.`,
    );
    return gate.kind === 'go' ? stillSendable(item, view) : gate;
  },
  retry(item) {
    if (!isStopped(item)) return retryUnstopped(item);
    const same = retrySameSignature(item);
    if (same) return same;
    throw notRetryable(item);
  },
  skip: skipUnsent,
  resign() {
    throw notResignable('This transaction was signed on the offline install; this install cannot sign it again.');
  },
};
