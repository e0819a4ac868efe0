import { AppError } from '../../../../shared/errors';
import { isSettled } from '../../../../shared/signing/counts';
import type { BatchItem } from '../../../../shared/signing/schemas';
import { to } from '../transition';
import { afterApproval, isStopped, retryUnstopped, skipUnsent, type RunnerStrategy } from './strategy';

/**
 * A plan made on this install: each draft is checked against the chain, signed on the device and
 * sent at once; an action waits for its approval's receipt. The only runner that signs a nonce
 * again, when the operator asks (resign).
 */
export const planRunner: RunnerStrategy = {
  origin: 'plan',
  resumeAction: 'Run it to resume: signed transactions are sent as they are and nothing is signed twice.',
  checksBeforeDevice: true,
  settled: isSettled,
  beforeSigning: (item, view) =>
    afterApproval(item, view, (dep) => `The ${dep.step} step before it was ${dep.state === 'failed' ? 'not confirmed' : 'skipped'}.`),
  beforeSending: async () => ({ kind: 'go' }),
  retry(item) {
    // The chain moved since the plan: the same draft would meet the same chain.
    if (item.state === 'held') {
      throw new AppError({
        code: 'SIGNING_NOT_RETRYABLE',
        message: `This item is held: ${item.reason ?? 'the chain moved since this plan.'}`,
        action: 'Re-plan the held items: Retry would meet the same chain.',
      });
    }
    // A wallet left out when the batch was planned has nothing to sign: only a new plan can help.
    if (!item.tx && !item.message) {
      throw new AppError({
        code: 'SIGNING_NOTHING_TO_RETRY',
        message: `This wallet was left out when the batch was planned${item.reason ? `: ${item.reason}` : '.'}`,
        action: 'Resolve that first, then plan the operation again.',
      });
    }
    if (!isStopped(item)) return retryUnstopped(item);
    // The agreement is signed already: the same signature is submitted again.
    if (item.message && item.signature) return to('signed', { reason: null, error: null }, 'retry asked by the operator');
    // A mined or refused transaction used its nonce (or never got one): it is signed afresh with
    // the wallet's next nonce; the old bytes stay in the history only.
    const old = item.hash ?? item.signed?.hash ?? null;
    return to(
      'waiting',
      { reason: null, error: null, signed: null, hash: null, receipt: null },
      old ? `retry asked by the operator (previous ${old})` : 'retry asked by the operator',
    );
  },
  skip: skipUnsent,
  resign(item: BatchItem) {
    if (item.state === 'confirmed' || item.state === 'on-device' || item.state === 'skipped' || item.state === 'held' || (item.state === 'waiting' && !item.signed)) {
      throw new AppError({ code: 'SIGNING_NOT_RESIGNABLE', message: `This item is ${item.state}: there is no signature to replace.` });
    }
    const old = item.signed?.hash ?? item.signature ?? 'none';
    return to(
      'waiting',
      { signed: null, signature: null, hash: null, receipt: null, error: null, reason: null, resignAllowed: true },
      `re-sign asked by the operator (previous ${old})`,
    );
  },
};
