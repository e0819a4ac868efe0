import type { BatchItem, BatchOrigin } from '../../../shared/signing/schemas';

/**
 * Whether Retry can take an item up again: a failed or skipped one (a skip undone), or one sent
 * back to waiting by the device. A wallet left out when the batch was planned (KYC, agreements,
 * balance, watch-only) has nothing to sign: Retry cannot help it, planning again once it is
 * resolved does. A signed bundle's transactions are signed offline: here they can only be sent
 * again as they are, which a used nonce or a mined one never allows.
 */
export function canRetry(item: BatchItem, origin: BatchOrigin['kind'] | null): boolean {
  if (item.tx === null && item.message === null) return false;
  if (origin === 'bundle-broadcast') {
    return (
      (item.state === 'failed' || item.state === 'skipped') &&
      item.signed !== null &&
      item.receipt === null &&
      item.error?.code !== 'TX_NONCE_USED'
    );
  }
  return item.state === 'failed' || item.state === 'skipped' || (item.state === 'waiting' && item.attempts > 0);
}
