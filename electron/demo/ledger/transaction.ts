/**
 * The Ethereum app's view of an unsigned transaction: when the streamed bytes are complete, what
 * the review screens show, and the `v` byte it answers with.
 */
import { bytesToHex, getAddress, keccak256, type Hex } from 'viem';
import { approvalReviewScreens, transactionReviewScreens, type ReviewTarget } from '../../../shared/device/screens';
import type { DeviceScreen } from '../../../shared/device/state';
import { SW, StatusWordError } from './apdu';
import { decodeRlp, type RlpItem } from './rlp';

export type TxType = 0 | 1 | 2;

export interface ParsedTransaction {
  type: TxType;
  /** The chain id as the app reads it (legacy: the EIP-155 `v` field; 0 when absent). */
  chainId: bigint;
  /** The raw bytes of the legacy `v` field: the app keeps its 4 highest bytes for `v`. */
  legacyChainIdBytes: Uint8Array;
  /** Shown when the app's Nonce setting is on. */
  nonce: number;
  to: `0x${string}` | undefined;
  value: bigint;
  dataPresent: boolean;
  /** The call data (empty for a plain transfer). */
  data: Uint8Array;
  maxFee: bigint;
  signingHash: Hex;
}

/**
 * Total byte length of the transaction once its header has arrived (type byte + RLP list), or
 * `undefined` while too few bytes are known. The app streams chunks until this many bytes are in.
 */
export function expectedLength(bytes: Uint8Array): number | undefined {
  const typed = bytes.length > 0 && bytes[0]! <= 0x7f;
  const offset = typed ? 1 : 0;
  const prefix = bytes[offset];
  if (prefix === undefined) return undefined;
  if (prefix < 0xc0) throw new StatusWordError(SW.INVALID_DATA);
  if (prefix <= 0xf7) return offset + 1 + (prefix - 0xc0);
  const lengthOfLength = prefix - 0xf7;
  if (bytes.length < offset + 1 + lengthOfLength) return undefined;
  let length = 0;
  for (let i = 0; i < lengthOfLength; i++) length = length * 256 + bytes[offset + 1 + i]!;
  return offset + 1 + lengthOfLength + length;
}

function toBytes(field: RlpItem | undefined): Uint8Array {
  if (!(field instanceof Uint8Array)) throw new StatusWordError(SW.INVALID_DATA);
  return field;
}

function toBigInt(field: RlpItem | undefined): bigint {
  const bytes = toBytes(field);
  return bytes.length === 0 ? 0n : BigInt(bytesToHex(bytes));
}

function toAddress(field: RlpItem | undefined): `0x${string}` | undefined {
  const bytes = toBytes(field);
  if (bytes.length === 0) return undefined;
  if (bytes.length !== 20) throw new StatusWordError(SW.INVALID_DATA);
  return getAddress(bytesToHex(bytes));
}

export function parseUnsignedTransaction(bytes: Uint8Array): ParsedTransaction {
  const first = bytes[0];
  if (first === undefined) throw new StatusWordError(SW.INVALID_DATA);
  // Types 3 (blobs) and 4 (set code) and anything unknown are refused like older app versions do.
  if (first <= 0x7f && first !== 1 && first !== 2) throw new StatusWordError(SW.TX_TYPE_NOT_SUPPORTED);
  const type: TxType = first <= 0x7f ? (first as 1 | 2) : 0;
  let fields: RlpItem;
  try {
    fields = decodeRlp(type === 0 ? bytes : bytes.subarray(1));
  } catch {
    throw new StatusWordError(SW.INVALID_DATA);
  }
  if (!Array.isArray(fields)) throw new StatusWordError(SW.INVALID_DATA);
  const signingHash = keccak256(bytes);
  if (fields.some((f, i) => i !== (type === 0 ? -1 : type === 1 ? 7 : 8) && !(f instanceof Uint8Array))) {
    throw new StatusWordError(SW.INVALID_DATA);
  }

  const { chainId, legacyChainIdBytes, common } = type === 0 ? legacyFields(fields) : typedFields(type, fields);
  const [nonce, feePerGas, gas, to, value, data] = common;
  return {
    type,
    chainId,
    legacyChainIdBytes,
    nonce: Number(toBigInt(nonce)),
    to: toAddress(to),
    value: toBigInt(value),
    dataPresent: toBytes(data).length > 0,
    data: toBytes(data),
    maxFee: toBigInt(gas) * toBigInt(feePerGas),
    signingHash,
  };
}

/** The chain id and the fields every type has, in one order: nonce, fee per gas, gas, to, value, data. */
interface TypeFields {
  chainId: bigint;
  legacyChainIdBytes: Uint8Array;
  common: RlpItem[];
}

/** Legacy: nonce, gasPrice, gas, to, value, data, and with EIP-155 the chain id as `v` (then r, s empty). */
function legacyFields(fields: RlpItem[]): TypeFields {
  if (fields.length !== 6 && fields.length !== 9) throw new StatusWordError(SW.INVALID_DATA);
  const v = fields[6];
  return {
    chainId: v === undefined ? 0n : toBigInt(v),
    legacyChainIdBytes: v === undefined ? new Uint8Array() : toBytes(v),
    common: fields.slice(0, 6),
  };
}

/**
 * EIP-2930: chainId, nonce, gasPrice, gas, to, value, data, accessList. EIP-1559: chainId, nonce,
 * maxPriorityFeePerGas, maxFeePerGas, gas, to, value, data, accessList (the fee is the maximum).
 */
function typedFields(type: 1 | 2, fields: RlpItem[]): TypeFields {
  if (fields.length !== (type === 1 ? 8 : 9)) throw new StatusWordError(SW.INVALID_DATA);
  const [chainId, nonce] = fields;
  return { chainId: toBigInt(chainId), legacyChainIdBytes: new Uint8Array(), common: [nonce!, ...fields.slice(type === 1 ? 2 : 3, -1)] };
}

/**
 * The `v` byte of the answer. Typed transactions: the parity (0/1). Legacy with a chain id:
 * `(chainId·2 + 35 + parity) & 0xFF`, where the app keeps only the 4 highest bytes of the chain id
 * (hw-app-eth rebuilds the full value). Legacy without chain id: 27 + parity.
 */
export function signatureV(tx: ParsedTransaction, parity: 0 | 1, xGreaterThanN: boolean): number {
  if (tx.type !== 0) return parity;
  let v: number;
  if (tx.legacyChainIdBytes.length === 0) {
    v = 27 + parity;
  } else {
    const top = tx.legacyChainIdBytes.subarray(0, 4);
    const chainId32 = top.reduce((acc, b) => acc * 256 + b, 0);
    v = chainId32 * 2 + 35 + parity;
  }
  if (xGreaterThanN) v += 2;
  return v & 0xff;
}

/** What the device knows besides the transaction: the signing account and its own version. */
interface ReviewContext extends ReviewTarget {
  from: string;
  appVersion: string;
}

/** The chain id the review shows: a legacy transaction without one is shown as the app's own chain (Ethereum). */
function shownChainId(tx: ParsedTransaction): number {
  return tx.chainId === 0n ? 1 : Number(tx.chainId);
}

export function reviewScreens(tx: ParsedTransaction, context: ReviewContext): DeviceScreen[] {
  return transactionReviewScreens({
    chainId: shownChainId(tx),
    ...(tx.to ? { to: tx.to } : {}),
    value: tx.value.toString(),
    dataPresent: tx.dataPresent,
    maxFee: tx.maxFee.toString(),
    signingHash: tx.signingHash,
    nonce: tx.nonce,
    ...context,
  });
}

const APPROVE_SELECTOR = '095ea7b3';

/**
 * The `approve(spender, amount)` the app's ERC-20 handling reads from the call data (selector and
 * two words), or null for any other call.
 */
export function approveCall(tx: ParsedTransaction): { spender: `0x${string}`; amount: bigint } | null {
  if (!tx.to || tx.data.length !== 4 + 64 || bytesToHex(tx.data.subarray(0, 4)).slice(2) !== APPROVE_SELECTOR) return null;
  return {
    spender: getAddress(bytesToHex(tx.data.subarray(4 + 12, 4 + 32))),
    amount: BigInt(bytesToHex(tx.data.subarray(36, 68))),
  };
}

/**
 * The clear review of an approval whose token information was provided. On a chain given with
 * E0 30 the app names it and writes the fees in its ticker (1.22's `get_network_as_string` and
 * `get_displayable_ticker` look among the given networks first).
 */
export function approvalScreens(
  tx: ParsedTransaction,
  call: { spender: string; amount: bigint },
  token: { ticker: string; decimals: number },
  context: ReviewContext & { network?: { name: string; ticker: string } | undefined },
): DeviceScreen[] {
  const { network, ...target } = context;
  return approvalReviewScreens({
    chainId: shownChainId(tx),
    token,
    ...(network ? { network } : {}),
    spender: call.spender,
    amount: call.amount.toString(),
    maxFee: tx.maxFee.toString(),
    nonce: tx.nonce,
    ...target,
  });
}
