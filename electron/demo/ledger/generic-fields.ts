/**
 * FIELD structures of the generic parser (E0 28), read and formatted as the Ethereum app does for
 * the parameter kinds the console's descriptors use: RAW (uint, address, bool, bytes), AMOUNT (the
 * native currency) and TOKEN_AMOUNT (with the token's information provided by E0 0A, else "???"
 * and no decimals). Values come from the call data by a data path (tuple moves, references and a
 * static or dynamic leaf), from the transaction (from, to, value, chain id) or from a constant.
 * Array iteration, slices and the other parameter kinds answer 0x6A80: not emulated.
 */
import { bytesToHex, getAddress } from 'viem';
import { nativeAmountText, tokenAmountText } from '../../../shared/device/clear-sign-screens';
import {
  CONTAINER_PATH,
  DATA_PATH_TAG,
  FIELD_TAG,
  LEAF_TYPE,
  PARAM_TAG,
  PARAM_TYPE,
  STRUCT_VERSION,
  TYPE_FAMILY,
  VALUE_TAG,
} from '../../../shared/device/generic-parser';
import { TlvError, parseTlv, readUint, type TlvItem } from '../../../shared/device/tlv';
import { SW, StatusWordError } from './apdu';

/** What a field's values are read from: the parked transaction and what the app knows around it. */
export interface FieldSource {
  from: `0x${string}`;
  to: `0x${string}`;
  value: bigint;
  chainId: number;
  /** The call data after the selector. */
  args: Uint8Array;
  appVersion: string;
  /** A token whose information was provided (E0 0A) for this transaction. */
  token(address: `0x${string}`): { ticker: string; decimals: number } | undefined;
}

const invalid = () => new StatusWordError(SW.INVALID_DATA);

function items(bytes: Uint8Array): TlvItem[] {
  try {
    return parseTlv(bytes);
  } catch (err) {
    if (err instanceof TlvError) throw invalid();
    throw err;
  }
}

function one(list: TlvItem[], tag: number, required = true): Uint8Array | undefined {
  const found = list.filter((i) => i.tag === tag);
  if (found.length > 1 || (required && found.length === 0)) throw invalid();
  return found[0]?.value;
}

function uint(value: Uint8Array | undefined, maxBytes: number): number {
  if (!value) throw invalid();
  try {
    return Number(readUint(value, maxBytes));
  } catch {
    throw invalid();
  }
}

const WORD = 32;

function word(args: Uint8Array, offset: number): Uint8Array {
  if (offset < 0 || offset + WORD > args.length) throw invalid();
  return args.subarray(offset, offset + WORD);
}

/** Follows a DATA_PATH through the ABI-encoded arguments to the bytes of its leaf. */
function followPath(path: Uint8Array, args: Uint8Array): Uint8Array {
  let base = 0;
  let offset = 0;
  for (const step of items(path)) {
    switch (step.tag) {
      case DATA_PATH_TAG.VERSION:
        break;
      case DATA_PATH_TAG.TUPLE:
        offset += uint(step.value, 2) * WORD;
        break;
      case DATA_PATH_TAG.REF: {
        const target = base + Number(BigInt(bytesToHex(word(args, offset))));
        base = target;
        offset = target;
        break;
      }
      case DATA_PATH_TAG.LEAF: {
        const leaf = uint(step.value, 1);
        if (leaf === LEAF_TYPE.STATIC) return word(args, offset);
        if (leaf === LEAF_TYPE.DYNAMIC) {
          const length = Number(BigInt(bytesToHex(word(args, offset))));
          if (offset + WORD + length > args.length) throw invalid();
          return args.subarray(offset + WORD, offset + WORD + length);
        }
        throw invalid();
      }
      default:
        // ARRAY and SLICE: not emulated.
        throw invalid();
    }
  }
  throw invalid();
}

interface Value {
  family: number;
  size: number;
  bytes: Uint8Array;
}

function readValue(bytes: Uint8Array, source: FieldSource): Value {
  const list = items(bytes);
  const family = uint(one(list, VALUE_TAG.TYPE_FAMILY), 1);
  const sizeBytes = one(list, VALUE_TAG.TYPE_SIZE, false);
  const size = sizeBytes ? uint(sizeBytes, 1) : WORD;
  const path = one(list, VALUE_TAG.DATA_PATH, false);
  const container = one(list, VALUE_TAG.CONTAINER_PATH, false);
  const constant = one(list, VALUE_TAG.CONSTANT, false);
  if ([path, container, constant].filter(Boolean).length !== 1) throw invalid();
  if (constant) return { family, size, bytes: constant };
  if (path) return { family, size, bytes: followPath(path, source.args) };
  const hexBytes = (hex: string) => Uint8Array.from(Buffer.from(hex.slice(2).padStart(64, '0'), 'hex'));
  switch (uint(container, 1)) {
    case CONTAINER_PATH.FROM:
      return { family, size: 20, bytes: hexBytes(source.from) };
    case CONTAINER_PATH.TO:
      return { family, size: 20, bytes: hexBytes(source.to) };
    case CONTAINER_PATH.VALUE:
      return { family, size, bytes: hexBytes(`0x${source.value.toString(16)}`) };
    case CONTAINER_PATH.CHAIN_ID:
      return { family, size: 8, bytes: hexBytes(`0x${source.chainId.toString(16)}`) };
    default:
      throw invalid();
  }
}

const asBigInt = (bytes: Uint8Array): bigint => (bytes.length === 0 ? 0n : BigInt(bytesToHex(bytes)));
const asAddress = (bytes: Uint8Array): `0x${string}` => getAddress(bytesToHex(bytes.subarray(bytes.length - 20)));

function rawText(value: Value): string {
  switch (value.family) {
    case TYPE_FAMILY.UINT:
      return asBigInt(value.bytes).toString();
    case TYPE_FAMILY.ADDRESS:
      return asAddress(value.bytes);
    case TYPE_FAMILY.BOOL:
      return asBigInt(value.bytes) === 0n ? 'false' : 'true';
    case TYPE_FAMILY.BYTES:
      return bytesToHex(value.bytes);
    default:
      throw invalid();
  }
}

export interface FormattedField {
  label: string;
  value: string;
}

/** One FIELD structure's label and the value the device shows for it. */
export function formatField(structure: Uint8Array, source: FieldSource): FormattedField {
  const list = items(structure);
  if (uint(one(list, FIELD_TAG.VERSION), 1) !== STRUCT_VERSION) throw invalid();
  const label = new TextDecoder().decode(one(list, FIELD_TAG.NAME));
  const type = uint(one(list, FIELD_TAG.PARAM_TYPE), 1);
  // Visibility conditions are not used by the console's descriptors: not emulated.
  if (one(list, FIELD_TAG.VISIBLE, false)) throw invalid();
  const param = items(one(list, FIELD_TAG.PARAM)!);
  const value = readValue(one(param, PARAM_TAG.VALUE)!, source);
  switch (type) {
    case PARAM_TYPE.RAW:
      return { label, value: rawText(value) };
    case PARAM_TYPE.AMOUNT:
      return { label, value: nativeAmountText(asBigInt(value.bytes).toString(), source.chainId, source.appVersion) };
    case PARAM_TYPE.TOKEN_AMOUNT: {
      const tokenValue = one(param, PARAM_TAG.TOKEN, false);
      const token = tokenValue ? source.token(asAddress(readValue(tokenValue, source).bytes)) : undefined;
      const threshold = one(param, PARAM_TAG.THRESHOLD, false);
      const amount = asBigInt(value.bytes);
      if (threshold && asBigInt(threshold) !== 0n && amount >= asBigInt(threshold)) {
        const message = one(param, PARAM_TAG.ABOVE_THRESHOLD_MSG, false);
        const ticker = token?.ticker ?? '???';
        return { label, value: message ? `${new TextDecoder().decode(message)} ${ticker}` : `Unlimited ${ticker}` };
      }
      return { label, value: tokenAmountText(amount.toString(), token ?? null, source.appVersion) };
    }
    default:
      throw invalid();
  }
}
