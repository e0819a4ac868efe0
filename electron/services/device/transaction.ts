/**
 * Device transaction requests (JSON, amounts as decimal strings) to viem transactions, and what the
 * device will show for them.
 */
import { getAddress, isAddress, isHex, keccak256, serializeTransaction, type Hex, type TransactionSerializable } from 'viem';
import { AppError } from '../../../shared/errors';
import { transactionReviewScreens } from '../../../shared/device/screens';
import type { DeviceScreen, DeviceTransactionRequest } from '../../../shared/device/state';

function invalid(message: string): AppError {
  return new AppError({ code: 'DEVICE_INVALID_REQUEST', message, action: 'Rebuild the transaction and try again.' });
}

function wei(value: string | undefined, field: string, required = false): bigint {
  if (value === undefined) {
    if (required) throw invalid(`The transaction has no ${field}.`);
    return 0n;
  }
  if (!/^\d+$/.test(value)) throw invalid(`The transaction's ${field} "${value}" is not a whole number of wei.`);
  return BigInt(value);
}

export function toViemTransaction(req: DeviceTransactionRequest): TransactionSerializable {
  if (!Number.isSafeInteger(req.chainId) || req.chainId <= 0) throw invalid('The transaction has no valid chain id.');
  if (!Number.isSafeInteger(req.nonce) || req.nonce < 0) throw invalid('The transaction has no valid nonce.');
  if (req.to !== undefined && !isAddress(req.to, { strict: false })) throw invalid(`"${req.to}" is not an address.`);
  if (req.data !== undefined && !isHex(req.data)) throw invalid('The transaction data is not 0x-hex.');
  const common = {
    chainId: req.chainId,
    nonce: req.nonce,
    to: req.to === undefined ? null : getAddress(req.to),
    value: wei(req.value, 'value'),
    data: (req.data ?? '0x') as Hex,
    gas: wei(req.gas, 'gas limit', true),
  };
  const accessList = (req.accessList ?? []).map((entry) => ({
    address: getAddress(entry.address),
    storageKeys: entry.storageKeys as Hex[],
  }));
  switch (req.type) {
    case 'legacy':
      return { ...common, type: 'legacy', gasPrice: wei(req.gasPrice, 'gas price', true) };
    case 'eip2930':
      return { ...common, type: 'eip2930', gasPrice: wei(req.gasPrice, 'gas price', true), accessList };
    case 'eip1559':
      return {
        ...common,
        type: 'eip1559',
        maxFeePerGas: wei(req.maxFeePerGas, 'max fee per gas', true),
        maxPriorityFeePerGas: wei(req.maxPriorityFeePerGas, 'max priority fee per gas', true),
        accessList,
      };
    default:
      throw invalid(`Unknown transaction type "${String((req as { type: unknown }).type)}".`);
  }
}

export function hasCalldata(tx: TransactionSerializable): boolean {
  return tx.data !== undefined && tx.data !== '0x';
}

/** keccak-256 of the unsigned serialized transaction: what the device signs and shows in blind mode. */
export function signingHash(tx: TransactionSerializable): Hex {
  return keccak256(serializeTransaction(tx));
}

/** The review the Ethereum app will show for this transaction. */
export function expectedScreens(tx: TransactionSerializable): DeviceScreen[] {
  const feePerGas = tx.type === 'eip1559' ? (tx.maxFeePerGas ?? 0n) : (tx.gasPrice ?? 0n);
  return transactionReviewScreens({
    chainId: tx.chainId ?? 1,
    ...(tx.to ? { to: getAddress(tx.to) } : {}),
    value: (tx.value ?? 0n).toString(),
    dataPresent: hasCalldata(tx),
    maxFee: ((tx.gas ?? 0n) * feePerGas).toString(),
    signingHash: signingHash(tx),
  });
}
