import type { Hex, PublicClient } from 'viem';
import type { AppErrorData } from '../../../shared/errors';
import type { Batch, BatchItem } from '../../../shared/signing/schemas';
import { describeCallError } from './broadcast';
import { chainFees } from './drafts';
import { redraft } from './redraft';
import type { CalldataDescriptorSource } from '../device/clear-signing';

/**
 * The chain asked about a draft just before the device: its nonce (see prepareNonce) and whether
 * the call would revert now. Neither changes the item's state.
 */

/** Fees at least 12.5 % higher than before: nodes refuse a replacement that pays less. */
function bump(old: string | undefined, now: bigint): bigint {
  const raised = (BigInt(old ?? '0') * 1125n) / 1000n + 1n;
  return raised > now ? raised : now;
}

/**
 * Nonce check before the device: the draft's nonce must be the wallet's next one. If an earlier
 * step was skipped or the wallet sent something else meanwhile, the draft gets the next free
 * nonce and fresh fees (the review is rebuilt). A nonce already signed in this journal is never
 * signed again unless the operator asked (resign).
 */
export async function prepareNonce(client: PublicClient, batch: Batch, item: BatchItem, calldataDescriptors?: CalldataDescriptorSource): Promise<void> {
  const tx = item.tx!;
  const address = item.wallet as Hex;
  const [latest, pending] = await Promise.all([
    client.getTransactionCount({ address, blockTag: 'latest' }),
    client.getTransactionCount({ address, blockTag: 'pending' }),
  ]);
  const used = new Set(
    batch.items
      .filter((o) => o !== item && o.signed && o.state !== 'skipped' && o.wallet.toLowerCase() === address.toLowerCase() && o.chainId === item.chainId)
      .map((o) => o.tx!.nonce),
  );
  const fresh = await chainFees(client, batch.selection.maxFeeGwei);
  if (item.resignAllowed && tx.nonce >= latest && !used.has(tx.nonce)) {
    // A replacement of a transaction still in the mempool: same nonce, higher fees.
    const fees = { maxFeePerGas: bump(tx.maxFeePerGas, fresh.maxFeePerGas), maxPriorityFeePerGas: bump(tx.maxPriorityFeePerGas, fresh.maxPriorityFeePerGas) };
    redraft(item, { nonce: tx.nonce, fees, gas: { gas: BigInt(tx.gas), estimated: item.review?.kind === 'transaction' && item.review.fees.gasEstimated } }, calldataDescriptors);
    item.history.push({ at: new Date().toISOString(), state: item.state, note: `re-signing nonce ${tx.nonce} with higher fees` });
    return;
  }
  let next = pending;
  while (used.has(next)) next++;
  if (tx.nonce === next) return;
  let gas = { gas: BigInt(tx.gas), estimated: item.review?.kind === 'transaction' ? item.review.fees.gasEstimated : false };
  try {
    const estimate = await client.estimateGas({ account: address, to: tx.to as Hex, data: tx.data as Hex });
    gas = { gas: (estimate * 125n) / 100n, estimated: true };
  } catch {
    // Keep the drafted limit: a call that reverts is caught before the device.
  }
  const before = tx.nonce;
  redraft(item, { nonce: next, fees: fresh, gas }, calldataDescriptors);
  item.history.push({ at: new Date().toISOString(), state: item.state, note: `nonce moved from ${before} to ${next}: the review was rebuilt` });
}

/** The revert the call would meet now, or null (a chain that does not answer is not a revert). */
export async function wouldRevert(client: PublicClient, item: BatchItem): Promise<AppErrorData | null> {
  try {
    await client.call({ account: item.wallet as Hex, to: item.tx!.to as Hex, data: item.tx!.data as Hex });
    return null;
  } catch (err) {
    const error = describeCallError(err);
    return error.code === 'TX_REVERTED' ? error : null;
  }
}
