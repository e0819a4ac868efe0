import { getAddress, keccak256, serializeTransaction, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { transactionReviewScreens } from '../device/screens';
import type { DeviceScreen } from '../device/state';
import type { PlanVault } from '../signing/schemas';
import type { BundleTransaction, BundleTransactionItem } from './schemas';

/**
 * A bundle's transaction as viem serializes it, and what the device signs and shows for it: the
 * offline install computes these itself rather than trusting the bundle's review.
 */

export function toSerializable(tx: BundleTransaction): TransactionSerializableEIP1559 {
  return {
    type: 'eip1559',
    chainId: tx.chainId,
    nonce: tx.nonce,
    to: getAddress(tx.to),
    value: BigInt(tx.value),
    data: tx.data as Hex,
    gas: BigInt(tx.gas),
    maxFeePerGas: BigInt(tx.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas),
    accessList: [],
  };
}

/** keccak-256 of the unsigned serialized transaction: the hash a blind-signing Ledger shows. */
export function bundleSigningHash(tx: BundleTransaction): Hex {
  return keccak256(serializeTransaction(toSerializable(tx)));
}

/**
 * Predicts the device's screens for a bundle's transaction. The default is the blind review; the
 * main process passes its own predictor, which also knows the ERC-20 approvals the device shows
 * in clear (Ledger's signed token list lives there, not in this pure layer), and, as `clearReview`,
 * the review of an item whose carried clear-signing structures that install accepts: encoded byte
 * for byte by its own descriptor bound to `vault` (null otherwise: the item is signed blind).
 */
export interface ScreensOf {
  (tx: BundleTransaction): DeviceScreen[];
  clearReview?: (item: BundleTransactionItem, vault: PlanVault) => DeviceScreen[] | null;
}

/** The screens the Ethereum app shows for this transaction reviewed blind (see shared/device/screens.ts). */
export function bundleDeviceScreens(tx: BundleTransaction): DeviceScreen[] {
  return transactionReviewScreens({
    chainId: tx.chainId,
    to: getAddress(tx.to),
    value: tx.value,
    dataPresent: tx.data !== '0x',
    maxFee: (BigInt(tx.gas) * BigInt(tx.maxFeePerGas)).toString(),
    signingHash: bundleSigningHash(tx),
  });
}
