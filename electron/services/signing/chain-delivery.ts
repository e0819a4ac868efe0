import type { Hex, PublicClient } from 'viem';
import { toAppErrorData } from '../../../shared/errors';
import type { BatchItem } from '../../../shared/signing/schemas';
import type { ServiceClient } from '../service-client';
import { broadcastRaw, minedRevert, waitReceipt } from './broadcast';
import { to, type Outcome, type Transition } from './transition';

/**
 * What is signed, delivered: a transaction to the chain (then its receipt watched), an agreement
 * signature to the service. Each step returns what became of the item; the runner applies it.
 */

/** Sends the signed bytes of a transaction. */
export async function sendSigned(client: PublicClient, item: BatchItem): Promise<Outcome> {
  const result = await broadcastRaw(client, item.signed!.serialized as Hex, item.signed!.hash as Hex);
  if (result.ok) return { transition: to('broadcast', { hash: result.hash, reason: null, error: null }), pause: null };
  if (result.error.code === 'TX_NONCE_USED') return { transition: to('failed', { reason: result.error.message, error: result.error }), pause: null };
  return { transition: to('signed', { reason: result.error.message, error: result.error }, 'broadcast failed'), pause: result.error };
}

/**
 * After a restart the node may have lost a sent transaction (dropped from its pool, node
 * restarted): the same signed bytes are sent again, once `refusal` (the checks before any
 * sending) has nothing against it; what it answers instead is returned, and nothing is sent.
 * Null when nothing changed.
 */
export async function resendIfLost(client: PublicClient, item: BatchItem, refusal: () => Promise<Transition | null>): Promise<Transition | null> {
  const known = await client.getTransaction({ hash: item.hash as Hex }).catch(() => null);
  if (known || !item.signed) return null;
  const refused = await refusal();
  if (refused) return refused;
  const again = await broadcastRaw(client, item.signed.serialized as Hex, item.signed.hash as Hex);
  if (!again.ok && again.error.code === 'TX_NONCE_USED') return to('failed', { reason: again.error.message, error: again.error });
  return again.ok ? to(item.state, {}, 'sent again: the node did not know it') : null;
}

/** The receipt of a sent transaction: confirmed, reverted (with its reason), or still waiting. */
export async function receiptOutcome(client: PublicClient, item: BatchItem, timing: { timeoutMs: number; pollingMs: number }): Promise<Transition> {
  try {
    const receipt = await waitReceipt(client, item.hash as Hex, timing.timeoutMs, timing.pollingMs);
    if (!receipt) return to('broadcast', { reason: 'Not mined yet.' }, 'still waiting for the receipt');
    const receiptData = { blockNumber: receipt.blockNumber.toString(), status: receipt.status, gasUsed: receipt.gasUsed.toString() };
    if (receipt.status === 'success') return to('confirmed', { receipt: receiptData, reason: null, error: null }, `block ${receipt.blockNumber}`);
    const error = await minedRevert(client, receipt, { from: item.wallet as Hex, to: item.tx!.to as Hex, data: item.tx!.data as Hex });
    return to('failed', { receipt: receiptData, reason: error.message, error }, `reverted in block ${receipt.blockNumber}`);
  } catch (err) {
    return receiptNotRead(err);
  }
}

export function receiptNotRead(err: unknown): Transition {
  const error = toAppErrorData(err);
  return to('broadcast', { reason: `Receipt not read: ${error.message}`, error });
}

/**
 * Posts a signed agreement to the service. After a restart the POST may have reached the service
 * before the journal said so: then nothing is posted again. Null when there is nothing to post.
 */
export async function postAgreement(client: ServiceClient, item: BatchItem): Promise<Transition | null> {
  if (item.state !== 'signed') return null;
  const { signatureId } = item.message!;
  if (await client.checkSignature(signatureId, item.wallet)) return null;
  await client.signSignature(signatureId, { walletAddress: item.wallet, hash: item.signature! });
  return to('broadcast', { reason: null, error: null }, 'submitted to the service');
}

/** Whether the service recorded the agreement's signature. */
export async function agreementRecorded(client: ServiceClient, item: BatchItem): Promise<Transition> {
  const check = await client.checkSignature(item.message!.signatureId, item.wallet);
  if (check) return to('confirmed', {}, `signed on ${check.signedOn ?? 'the service'}`);
  return to('failed', { reason: 'The service did not record the signature.' });
}

/** The service did not answer: the item stays as it is, and the batch pauses. */
export function serviceCallFailed(item: BatchItem, err: unknown): Outcome {
  const error = toAppErrorData(err);
  return { transition: to(item.state, { reason: error.message, error }, 'service call failed'), pause: error };
}
