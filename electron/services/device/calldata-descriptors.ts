/**
 * ERC-7730 calldata descriptors (the subset the console's descriptors use) turned into what the
 * Ethereum app's generic parser takes: one FIELD structure per shown field and the TRANSACTION_INFO
 * structure that a certified key signs, plus the values the device will show for a given call, so
 * the review can predict its screens. Paths: `#.<argument>` (a top-level static argument),
 * `@.value` / `@.from` / `@.to`; token of an amount: `token` (an address or a
 * `$.metadata.constants.<name>`) or `tokenPath` (`#.<argument>`). Formats: raw, amount, tokenAmount.
 */
import { sha3_256 } from '@noble/hashes/sha3';
import { decodeFunctionData, getAddress, hexToBytes, parseAbiItem, toFunctionSelector, type AbiFunction, type Hex } from 'viem';
import { nativeAmountText, tokenAmountText } from '../../../shared/device/clear-sign-screens';
import {
  CONTAINER_PATH,
  DATA_PATH_TAG,
  FIELD_TAG,
  LEAF_TYPE,
  PARAM_TAG,
  PARAM_TYPE,
  STRUCT_VERSION,
  TX_INFO_TAG,
  TYPE_FAMILY,
  VALUE_TAG,
} from '../../../shared/device/generic-parser';
import { concatBytes, tlv, uintBytes } from '../../../shared/device/tlv';

export interface Erc7730Field {
  path: string;
  label: string;
  format?: 'raw' | 'amount' | 'tokenAmount';
  params?: { token?: string; tokenPath?: string; threshold?: string; message?: string };
  visible?: 'always' | 'never';
}

export interface Erc7730Format {
  intent: string;
  fields: Erc7730Field[];
}

/** A descriptor bound to its deployments (its `includes` already resolved). */
export interface Erc7730Descriptor {
  context: { $id?: string; contract: { deployments: { chainId: number; address: string }[] } };
  metadata: { owner?: string; contractName?: string; info?: { url: string; legalName?: string }; constants?: Record<string, string> };
  display: { formats: Record<string, Erc7730Format> };
}

/** One call of a descriptor: its ABI function and how the device shows it. */
export interface DescribedCall {
  fn: AbiFunction;
  selector: Hex;
  format: Erc7730Format;
}

/** The formats' functions, by selector. */
export function describedCalls(descriptor: Erc7730Descriptor): DescribedCall[] {
  return Object.entries(descriptor.display.formats).map(([signature, format]) => {
    const fn = parseAbiItem(`function ${signature}`) as AbiFunction;
    return { fn, selector: toFunctionSelector(fn), format };
  });
}

export function deploysTo(descriptor: Erc7730Descriptor, chainId: number, address: string): boolean {
  return descriptor.context.contract.deployments.some((d) => d.chainId === chainId && d.address.toLowerCase() === address.toLowerCase());
}

class DescriptorError extends Error {}

function argumentIndex(fn: AbiFunction, path: string): number {
  const name = path.startsWith('#.') ? path.slice(2) : path;
  const index = fn.inputs.findIndex((i) => i.name === name);
  const input = fn.inputs[index];
  if (!input || input.type.endsWith(']') || input.type === 'bytes' || input.type === 'string' || input.type.startsWith('tuple')) {
    throw new DescriptorError(`${fn.name}: path ${path} is not a top-level static argument`);
  }
  return index;
}

function family(type: string): { family: number; size: number } {
  if (type === 'address') return { family: TYPE_FAMILY.ADDRESS, size: 20 };
  if (type === 'bool') return { family: TYPE_FAMILY.BOOL, size: 1 };
  if (type.startsWith('uint')) return { family: TYPE_FAMILY.UINT, size: Number(type.slice(4) || 256) / 8 };
  if (type.startsWith('int')) return { family: TYPE_FAMILY.INT, size: Number(type.slice(3) || 256) / 8 };
  throw new DescriptorError(`type ${type} is not supported`);
}

const CONTAINERS: Record<string, { container: number; family: number; size: number }> = {
  '@.value': { container: CONTAINER_PATH.VALUE, family: TYPE_FAMILY.UINT, size: 32 },
  '@.from': { container: CONTAINER_PATH.FROM, family: TYPE_FAMILY.ADDRESS, size: 20 },
  '@.to': { container: CONTAINER_PATH.TO, family: TYPE_FAMILY.ADDRESS, size: 20 },
};

function valueStruct(fn: AbiFunction, path: string): Uint8Array {
  const container = CONTAINERS[path];
  const head = (f: number, s: number) => [
    tlv(VALUE_TAG.VERSION, STRUCT_VERSION),
    tlv(VALUE_TAG.TYPE_FAMILY, f),
    tlv(VALUE_TAG.TYPE_SIZE, s),
  ];
  if (container) return concatBytes([...head(container.family, container.size), tlv(VALUE_TAG.CONTAINER_PATH, container.container)]);
  const index = argumentIndex(fn, path);
  const t = family(fn.inputs[index]!.type);
  const dataPath = concatBytes([
    tlv(DATA_PATH_TAG.VERSION, STRUCT_VERSION),
    tlv(DATA_PATH_TAG.TUPLE, uintBytes(index, 2)),
    tlv(DATA_PATH_TAG.LEAF, LEAF_TYPE.STATIC),
  ]);
  return concatBytes([...head(t.family, t.size), tlv(VALUE_TAG.DATA_PATH, dataPath)]);
}

function constantAddress(descriptor: Erc7730Descriptor, reference: string): `0x${string}` {
  const name = reference.startsWith('$.metadata.constants.') ? reference.slice('$.metadata.constants.'.length) : null;
  const value = name ? descriptor.metadata.constants?.[name] : reference;
  if (!value) throw new DescriptorError(`constant ${reference} is not defined`);
  return getAddress(value);
}

function tokenValueStruct(descriptor: Erc7730Descriptor, fn: AbiFunction, field: Erc7730Field): Uint8Array | null {
  if (field.params?.tokenPath) return valueStruct(fn, field.params.tokenPath);
  if (!field.params?.token) return null;
  const address = constantAddress(descriptor, field.params.token);
  return concatBytes([
    tlv(VALUE_TAG.VERSION, STRUCT_VERSION),
    tlv(VALUE_TAG.TYPE_FAMILY, TYPE_FAMILY.ADDRESS),
    tlv(VALUE_TAG.TYPE_SIZE, 20),
    tlv(VALUE_TAG.CONSTANT, hexToBytes(address)),
  ]);
}

function fieldStruct(descriptor: Erc7730Descriptor, fn: AbiFunction, field: Erc7730Field): Uint8Array {
  const format = field.format ?? 'raw';
  const value = valueStruct(fn, field.path);
  let type: number;
  let param: Uint8Array[];
  if (format === 'tokenAmount') {
    type = PARAM_TYPE.TOKEN_AMOUNT;
    const token = tokenValueStruct(descriptor, fn, field);
    param = [tlv(PARAM_TAG.VERSION, STRUCT_VERSION), tlv(PARAM_TAG.VALUE, value)];
    if (token) param.push(tlv(PARAM_TAG.TOKEN, token));
    if (field.params?.threshold) param.push(tlv(PARAM_TAG.THRESHOLD, uintBytes(BigInt(field.params.threshold), 32)));
    if (field.params?.message) param.push(tlv(PARAM_TAG.ABOVE_THRESHOLD_MSG, field.params.message));
  } else {
    type = format === 'amount' ? PARAM_TYPE.AMOUNT : PARAM_TYPE.RAW;
    param = [tlv(PARAM_TAG.VERSION, STRUCT_VERSION), tlv(PARAM_TAG.VALUE, value)];
  }
  return concatBytes([
    tlv(FIELD_TAG.VERSION, STRUCT_VERSION),
    tlv(FIELD_TAG.NAME, field.label),
    tlv(FIELD_TAG.PARAM_TYPE, type),
    tlv(FIELD_TAG.PARAM, concatBytes(param)),
  ]);
}

const shown = (f: Erc7730Field) => f.visible !== 'never';

/** The structures for one call, the info still to be signed (its signature item is appended by the certifier). */
export function calldataStructures(
  descriptor: Erc7730Descriptor,
  call: DescribedCall,
  chainId: number,
  contract: string,
): { unsignedInfo: Uint8Array; fields: Uint8Array[] } {
  const fields = call.format.fields.filter(shown).map((f) => fieldStruct(descriptor, call.fn, f));
  const m = descriptor.metadata;
  const unsignedInfo = concatBytes([
    tlv(TX_INFO_TAG.VERSION, STRUCT_VERSION),
    tlv(TX_INFO_TAG.CHAIN_ID, uintBytes(chainId, 8)),
    tlv(TX_INFO_TAG.CONTRACT_ADDR, hexToBytes(getAddress(contract))),
    tlv(TX_INFO_TAG.SELECTOR, hexToBytes(call.selector)),
    tlv(TX_INFO_TAG.FIELDS_HASH, sha3_256(concatBytes(fields))),
    tlv(TX_INFO_TAG.OPERATION_TYPE, call.format.intent),
    ...(m.owner ? [tlv(TX_INFO_TAG.CREATOR_NAME, m.owner)] : []),
    ...(m.info?.legalName ? [tlv(TX_INFO_TAG.CREATOR_LEGAL_NAME, m.info.legalName)] : []),
    ...(m.info?.url ? [tlv(TX_INFO_TAG.CREATOR_URL, m.info.url)] : []),
    ...(m.contractName ? [tlv(TX_INFO_TAG.CONTRACT_NAME, m.contractName)] : []),
  ]);
  return { unsignedInfo, fields };
}

export function withSignature(unsignedInfo: Uint8Array, signature: Uint8Array): Uint8Array {
  return concatBytes([unsignedInfo, tlv(TX_INFO_TAG.SIGNATURE, signature)]);
}

/** What the device will show for each field of this call, given the tokens the host tells it about. */
export function predictedFields(
  descriptor: Erc7730Descriptor,
  call: DescribedCall,
  tx: { data: Hex; value: bigint; from: string; to: string; chainId: number; appVersion?: string },
  tokenInfo: (address: `0x${string}`) => { ticker: string; decimals: number } | null,
): { label: string; value: string }[] {
  const { args } = decodeFunctionData({ abi: [call.fn], data: tx.data });
  const argOf = (path: string): unknown => {
    if (path === '@.value') return tx.value;
    if (path === '@.from') return getAddress(tx.from);
    if (path === '@.to') return getAddress(tx.to);
    return (args ?? [])[argumentIndex(call.fn, path)];
  };
  return call.format.fields.filter(shown).map((field) => {
    const raw = argOf(field.path);
    switch (field.format ?? 'raw') {
      case 'amount':
        return { label: field.label, value: nativeAmountText(String(raw), tx.chainId, tx.appVersion) };
      case 'tokenAmount': {
        const address = field.params?.tokenPath
          ? getAddress(String(argOf(field.params.tokenPath)))
          : field.params?.token
            ? constantAddress(descriptor, field.params.token)
            : null;
        const token = address ? tokenInfo(address) : null;
        const threshold = field.params?.threshold ? BigInt(field.params.threshold) : 0n;
        if (threshold !== 0n && BigInt(raw as bigint) >= threshold) {
          return { label: field.label, value: `${field.params?.message ?? 'Unlimited'} ${token?.ticker ?? '???'}` };
        }
        return { label: field.label, value: tokenAmountText(String(raw), token, tx.appVersion) };
      }
      default:
        return { label: field.label, value: typeof raw === 'string' ? getAddress(raw) : String(raw) };
    }
  });
}
