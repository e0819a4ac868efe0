import { formatEther } from 'viem';
import type { BatchItem } from '../../../shared/signing/schemas';
import { expectedScreens, toViemTransaction } from '../device';
import { signingHash } from '../device/transaction';
import type { CalldataDescriptorSource } from '../device/clear-signing';
import type { Fees } from './drafts';

/**
 * Gives a drafted transaction a new nonce, fees and gas limit, and rebuilds the parts of its
 * review that depend on them (fees, hash, device screens), so the screen matches the device again.
 * A call drafted in clear is predicted again with the descriptors it was drafted with (the device
 * service signs with the same ones), so its review stays the generic parser's, not a blind one.
 */
export function redraft(
  item: BatchItem,
  next: { nonce: number; fees: Fees; gas: { gas: bigint; estimated: boolean } },
  calldataDescriptors?: CalldataDescriptorSource,
): void {
  const tx = item.tx!;
  tx.nonce = next.nonce;
  tx.gas = next.gas.gas.toString();
  tx.maxFeePerGas = next.fees.maxFeePerGas.toString();
  tx.maxPriorityFeePerGas = next.fees.maxPriorityFeePerGas.toString();
  if (item.review?.kind !== 'transaction') return;
  const viemTx = toViemTransaction(tx);
  const maxFeeWei = next.gas.gas * next.fees.maxFeePerGas;
  item.review.nonce = next.nonce;
  item.review.fees = {
    gas: tx.gas,
    maxFeePerGas: tx.maxFeePerGas,
    maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
    maxFeeWei: maxFeeWei.toString(),
    maxFeeDisplay: `${formatEther(maxFeeWei)} ETH`,
    gasEstimated: next.gas.estimated,
  };
  item.review.signingHash = signingHash(viemTx);
  const inClear = !item.review.blindSigning && calldataDescriptors;
  item.review.deviceScreens = expectedScreens(viemTx, inClear ? { calldataDescriptors } : {});
}
