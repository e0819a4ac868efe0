import { AppError } from '../../../../shared/errors';
import type { BatchItem } from '../../../../shared/signing/schemas';
import { to, type Transition } from '../transition';

/**
 * What the two bundle runners share: signatures made elsewhere, or to leave in a bundle, are
 * never signed again here; a retry only takes the same signature up again.
 */

export const hasSignature = (item: BatchItem) => item.signed !== null || item.signature !== null;

/** Retry of a failed or skipped item that holds a signature not mined yet: the same signature goes on. */
export function retrySameSignature(item: BatchItem): Transition | null {
  return hasSignature(item) && !item.receipt ? to('signed', { reason: null, error: null }, 'retry asked by the operator: the same signature is used') : null;
}

export function notRetryable(item: BatchItem): AppError {
  return new AppError({
    code: 'SIGNING_NOT_RETRYABLE',
    message: item.receipt
      ? 'This transaction was mined and reverted; its nonce is used.'
      : 'This item was not signed on the offline install, and this install does not sign bundles it sends.',
    action: 'Re-plan this wallet online and carry a new bundle to the offline install.',
  });
}

export function notResignable(message: string): AppError {
  return new AppError({ code: 'SIGNING_NOT_RESIGNABLE', message, action: 'Re-plan this wallet online and carry a new bundle to the offline install.' });
}
