import type { DeviceTransactionRequest, SignedMessage, SignedTransaction } from '../../../shared/device/state';
import { toAppErrorData, type AppErrorData } from '../../../shared/errors';
import { isPlannerPath, PLANNER_PATH_REFUSAL } from '../../../shared/device/paths';
import { vaultdeskMarks } from '../../../shared/signing/agreement-text';
import type { BatchItem } from '../../../shared/signing/schemas';
import { to, type Outcome } from './transition';

/** The part of the device service the pipeline uses (DeviceService, or its proxy in another process). */
export interface SigningDevice {
  /** `reviewedInClear`: the operator reviewed this call as the device shows it in clear (no hash to compare). */
  signTransaction(path: string, request: DeviceTransactionRequest, options?: { expectedAddress?: string; reviewedInClear?: boolean }): Promise<SignedTransaction>;
  signPersonalMessage(path: string, message: string | { raw: string }, options?: { expectedAddress?: string }): Promise<SignedMessage>;
  /** On a desk with several Ledgers: resolves once the device holding `wallet` is connected (see `device-wait.ts`). */
  awaitDevice?(wallet: string, watch: { waiting(reason: AppErrorData | null): void; stopped(): boolean }): Promise<'present' | 'stopped'>;
}

/** Device errors after which the item fails and the batch goes on (nothing was signed, and asking again would not help). */
const FAIL_ITEM_CODES = new Set(['DEVICE_ADDRESS_MISMATCH', 'DEVICE_INVALID_REQUEST', 'DEVICE_SIGNATURE_MISMATCH']);

/** The device left USB while it held the item: nothing came back, so nothing was signed. */
const DISCONNECTED = new Set(['DEVICE_DISCONNECTED', 'DEVICE_NOT_FOUND']);
const UNPLUGGED_REASON = 'The Ledger was disconnected before signing: nothing was signed. Reconnect it and continue (Resume).';

/**
 * One item on the device (the caller has journaled it `on-device`): its signature, or the device's
 * error. Any other device error (rejected, locked, unplugged…) puts the item back to waiting and
 * pauses the batch.
 */
export async function signOnDevice(device: SigningDevice, item: BatchItem): Promise<Outcome> {
  if (isPlannerPath(item.path)) {
    // Planning refuses such a wallet; a journal that names it anyway never reaches the device.
    const error = { ...PLANNER_PATH_REFUSAL };
    return { transition: to('failed', { reason: error.message, error }), pause: null };
  }
  const marks = item.message ? vaultdeskMarks(item.message.text) : [];
  if (marks.length > 0) {
    // Planning and bundle import refuse such a text; a journal that holds one anyway is not signed.
    const error = {
      code: 'SIGNING_AGREEMENT_REFUSED',
      message: `The agreement text resembles a message of Vaultdesk itself (it has ${marks.join(', ')}): it is not signed.`,
      action: "Ask the service's operator about this agreement text before signing anything for this vault.",
    };
    return { transition: to('failed', { reason: error.message, error }), pause: null };
  }
  try {
    if (item.tx) {
      const reviewedInClear = item.review?.kind === 'transaction' && !item.review.blindSigning;
      const signed = await device.signTransaction(item.path, item.tx, { expectedAddress: item.wallet, ...(reviewedInClear ? { reviewedInClear } : {}) });
      const bytes = { serialized: signed.serialized, hash: signed.hash, signingHash: signed.signingHash, at: new Date().toISOString() };
      return { transition: to('signed', { signed: bytes, resignAllowed: false }, `nonce ${item.tx.nonce}`), pause: null };
    }
    if (item.message) {
      const signed = await device.signPersonalMessage(item.path, item.message.text, { expectedAddress: item.wallet });
      return { transition: to('signed', { signature: signed.signature, resignAllowed: false }), pause: null };
    }
    return { transition: null, pause: null };
  } catch (err) {
    const error = toAppErrorData(err);
    if (FAIL_ITEM_CODES.has(error.code)) return { transition: to('failed', { reason: error.message, error }), pause: null };
    return { transition: to('waiting', { reason: DISCONNECTED.has(error.code) ? UNPLUGGED_REASON : error.message, error }, error.code), pause: error };
  }
}
