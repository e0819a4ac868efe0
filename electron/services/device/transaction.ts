/**
 * Device transaction requests (JSON, amounts as decimal strings) to viem transactions, and what the
 * device will show for them.
 */
import { getAddress, isAddress, isHex, keccak256, serializeTransaction, toFunctionSelector, type Hex, type TransactionSerializable } from 'viem';
import { erc20Abi } from '../../../shared/abi';
import { abiItems } from '../../../shared/abi/pick';
import { AppError } from '../../../shared/errors';
import { approvalReviewScreens, isKnownNetwork, transactionReviewScreens } from '../../../shared/device/screens';
import type { LedgerModel } from '../../../shared/device/models';
import type { DeviceScreen, DeviceTransactionRequest } from '../../../shared/device/state';
import { findTokenDescriptor, type DescriptorIndex, type TokenDescriptor } from './token-descriptors';
import { clearSigningOf, type CalldataDescriptorSource } from './clear-signing';
import type { SignedNetwork } from './network-description';
import { networkToProvide } from './network-provision';

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

/** `approve(address,uint256)`: the selector the app's ERC-20 handling reads. */
const APPROVE_SELECTOR = toFunctionSelector(abiItems(erc20Abi, ['approve'])[0]!);

interface Approval {
  /** The token contract (the transaction's `to`). */
  token: `0x${string}`;
  spender: `0x${string}`;
  /** Token base units, decimal string. */
  amount: string;
}

/** The ERC-20 approval this transaction makes, if it is exactly `approve(spender, amount)` with no ETH. */
export function approvalOf(tx: TransactionSerializable): Approval | null {
  const data = tx.data?.toLowerCase();
  if (!tx.to || !data || !data.startsWith(APPROVE_SELECTOR) || data.length !== 2 + 8 + 128) return null;
  if ((tx.value ?? 0n) !== 0n) return null;
  const spenderWord = data.slice(10, 74);
  if (!/^0{24}/.test(spenderWord)) return null;
  return {
    token: getAddress(tx.to),
    spender: getAddress(`0x${spenderWord.slice(24)}`),
    amount: BigInt(`0x${data.slice(74)}`).toString(),
  };
}

/**
 * An approval the device can show in clear: its token has a descriptor this install can provide
 * (Ledger's list, `extra`, or the clear-signing source's own), on a chain the app takes token
 * information on: one in its table, or one the source describes (`network`, given first).
 */
interface ClearSignedApproval extends Approval {
  descriptor: TokenDescriptor;
  /** The chain's signed description, for a chain the app's table lacks. */
  network: SignedNetwork | null;
}

export function clearSignedApproval(
  tx: TransactionSerializable,
  extra?: DescriptorIndex,
  context: { source?: CalldataDescriptorSource; appVersion?: string } = {},
): ClearSignedApproval | null {
  const approval = approvalOf(tx);
  if (!approval) return null;
  const inClear = approvalsInClear(tx.chainId ?? 1, approval.token, extra, context);
  return inClear ? { ...approval, ...inClear } : null;
}

/** What the device needs to show approvals of `token` on `chainId` in clear, or null (they are blind). */
export function approvalsInClear(
  chainId: number,
  token: string,
  extra?: DescriptorIndex,
  context: { source?: CalldataDescriptorSource | undefined; appVersion?: string } = {},
): { descriptor: TokenDescriptor; network: SignedNetwork | null } | null {
  const tokens = context.source?.tokens;
  const descriptor = findTokenDescriptor(chainId, token, extra) ?? (tokens ? findTokenDescriptor(chainId, token, tokens) : null);
  if (!descriptor) return null;
  const network = networkToProvide(chainId, context.source, context.appVersion);
  // The app refuses token information on a chain it neither lists nor was told about: blind then.
  if (chainId !== 1 && !isKnownNetwork(chainId) && !network) return null;
  return { descriptor, network };
}

interface ReviewContext {
  /** The signing account ("From" on the device). */
  from?: string;
  /** The Ethereum app's version as read from the device. */
  appVersion?: string;
  /** The device model the transport reported (the layout of the review). */
  model?: LedgerModel;
  /** Descriptors besides Ledger's own (signed by a key only an emulated device trusts). */
  descriptors?: DescriptorIndex;
  /** The transaction goes to the device without token information: reviewed blind whatever it is. */
  blind?: boolean;
  /** Certified ERC-7730 descriptors: a call one covers is reviewed in clear (see `clear-signing.ts`). */
  calldataDescriptors?: CalldataDescriptorSource;
}

function maxFeeOf(tx: TransactionSerializable): string {
  const feePerGas = tx.type === 'eip1559' ? (tx.maxFeePerGas ?? 0n) : (tx.gasPrice ?? 0n);
  return ((tx.gas ?? 0n) * feePerGas).toString();
}

/**
 * The review the Ethereum app will show for this transaction: in clear for a call a certified
 * descriptor covers and for an approval of a token with a descriptor (which the device service
 * provides before signing, after the network's description on a chain the app's table lacks),
 * else the blind review with the hash.
 */
export function expectedScreens(tx: TransactionSerializable, context: ReviewContext = {}): DeviceScreen[] {
  const person = {
    ...(context.from ? { from: getAddress(context.from) } : {}),
    ...(context.appVersion ? { appVersion: context.appVersion } : {}),
    ...(context.model ? { model: context.model } : {}),
    ...(tx.nonce !== undefined ? { nonce: tx.nonce } : {}),
  };
  const inClear = context.blind ? null : clearSigningOf(tx, { from: context.from ?? '0x0000000000000000000000000000000000000000', ...context });
  if (inClear) return inClear.screens;
  const approval = context.blind
    ? null
    : clearSignedApproval(tx, context.descriptors, {
        ...(context.calldataDescriptors ? { source: context.calldataDescriptors } : {}),
        ...(context.appVersion ? { appVersion: context.appVersion } : {}),
      });
  if (approval) {
    return approvalReviewScreens({
      chainId: tx.chainId ?? 1,
      token: { ticker: approval.descriptor.ticker, decimals: approval.descriptor.decimals },
      ...(approval.network ? { network: { name: approval.network.name, ticker: approval.network.ticker } } : {}),
      spender: approval.spender,
      amount: approval.amount,
      maxFee: maxFeeOf(tx),
      ...person,
    });
  }
  return transactionReviewScreens({
    chainId: tx.chainId ?? 1,
    ...(tx.to ? { to: getAddress(tx.to) } : {}),
    value: (tx.value ?? 0n).toString(),
    dataPresent: hasCalldata(tx),
    maxFee: maxFeeOf(tx),
    signingHash: signingHash(tx),
    ...person,
  });
}
