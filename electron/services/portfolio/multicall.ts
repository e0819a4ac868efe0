import {
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  toFunctionSelector,
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type Hex,
  type PublicClient,
} from 'viem';
import { MULTICALL3_ADDRESS, multicall3Abi } from '../../../shared/abi';
import { abiItems } from '../../../shared/abi/pick';
import type { EthCall } from '../chain/rpc-client';
import { sendSliced, type SlicedJob } from './sliced-calls';
import { ADDRESS_PATTERN } from '../../../shared/domain/hex';

/** One contract read in a multicall round, with what to do with its answer. */
export interface Read {
  address: `0x${string}`;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
  /** Called with the decoded value, or not at all when the call failed (the field stays unknown). */
  into: (value: unknown) => void;
  /**
   * A probe of whether the contract has the function at all (a generation test): its failure is an
   * answer ("absent"), handed to `absent`, and not counted as a failed read.
   */
  absent?: () => void;
}

/**
 * Calls per aggregate3 chunk: about 45 KB of calldata for simple reads, and a few million gas,
 * well under a node's eth_call gas cap. With the RPC client's JSON-RPC batches of 50 requests, an
 * HTTP request stays under 5 MB (nodes refuse larger bodies; anvil does at about 9 MB).
 */
export const CALLS_PER_CHUNK = 200;

/** `aggregate3((address,bool,bytes)[])`, whose calldata is written by hand below. */
const AGGREGATE3 = toFunctionSelector(abiItems(multicall3Abi, ['aggregate3'])[0]!);

type Word = 'address' | 'bool' | 'uint' | 'int';

/** How to encode one function's arguments and decode its result, worked out once per ABI item. */
interface Compiled {
  selector: string;
  /** Static one-word inputs, encoded by hand; null: fall back to viem's encoder. */
  inputs: Word[] | null;
  /** A single static one-word output, decoded by hand; null: fall back to viem's decoder. */
  output: Word | null;
  abi: Abi;
  functionName: string;
}

const compiledByAbi = new WeakMap<Abi, Map<string, Compiled>>();

function wordType(param: AbiParameter): Word | null {
  if (param.type === 'address') return 'address';
  if (param.type === 'bool') return 'bool';
  if (/^uint\d*$/.test(param.type)) return 'uint';
  if (/^int\d*$/.test(param.type)) return 'int';
  return null;
}

function compile(abi: Abi, functionName: string): Compiled {
  let byName = compiledByAbi.get(abi);
  if (!byName) {
    byName = new Map();
    compiledByAbi.set(abi, byName);
  }
  let compiled = byName.get(functionName);
  if (!compiled) {
    const items = abi.filter((i): i is AbiFunction => i.type === 'function' && i.name === functionName);
    if (items.length !== 1) throw new Error(`${functionName}: expected one function of that name in the ABI, found ${items.length}.`);
    const item = items[0]!;
    const inputs = item.inputs.map(wordType);
    compiled = {
      selector: toFunctionSelector(item).slice(2),
      inputs: inputs.every((t) => t !== null) ? (inputs as Word[]) : null,
      output: item.outputs.length === 1 ? wordType(item.outputs[0]!) : null,
      abi,
      functionName,
    };
    byName.set(functionName, compiled);
  }
  return compiled;
}

const ZERO_WORD = '0'.repeat(64);
const pad64 = (hex: string) => (hex.length === 64 ? hex : hex.length < 64 ? ZERO_WORD.slice(hex.length) + hex : hex.slice(-64));

function encodeWord(type: Word, value: unknown): string {
  switch (type) {
    case 'address': {
      const s = String(value);
      if (!ADDRESS_PATTERN.test(s)) throw new Error(`Not an address: ${s}`);
      return pad64(s.slice(2).toLowerCase());
    }
    case 'bool':
      return pad64(value ? '1' : '0');
    case 'uint': {
      const n = BigInt(value as bigint | number);
      if (n < 0n) throw new Error(`Negative value for an unsigned argument: ${n}`);
      return pad64(n.toString(16));
    }
    case 'int': {
      const n = BigInt(value as bigint | number);
      return pad64((n < 0n ? (1n << 256n) + n : n).toString(16));
    }
  }
}

/** The call's calldata, without 0x. */
function calldata(read: Read, compiled: Compiled): string {
  const args = read.args ?? [];
  if (compiled.inputs && compiled.inputs.length === args.length) {
    let out = compiled.selector;
    for (let i = 0; i < args.length; i++) out += encodeWord(compiled.inputs[i]!, args[i]);
    return out;
  }
  return encodeFunctionData({ abi: compiled.abi, functionName: compiled.functionName, args }).slice(2);
}

/** A decoded result, or undefined when the bytes do not hold one (e.g. a contract without code). */
function decodeResult(data: string, compiled: Compiled): unknown {
  if (compiled.output) {
    if (data.length < 64) return undefined;
    const word = data.slice(0, 64);
    switch (compiled.output) {
      case 'address':
        return getAddress(`0x${word.slice(24)}`);
      case 'bool':
        return BigInt(`0x${word}`) !== 0n;
      case 'uint':
        return BigInt(`0x${word}`);
      case 'int': {
        const n = BigInt(`0x${word}`);
        return n >= 1n << 255n ? n - (1n << 256n) : n;
      }
    }
  }
  try {
    return decodeFunctionResult({ abi: compiled.abi, functionName: compiled.functionName, data: `0x${data}` as Hex });
  } catch {
    return undefined;
  }
}

/** aggregate3 calldata for targets and their calldata (hex without 0x). */
function encodeAggregate3(calls: readonly { target: string; data: string }[]): Hex {
  const n = calls.length;
  const parts: string[] = [AGGREGATE3.slice(2), pad64('20'), pad64(n.toString(16))];
  // Offsets of each tuple, from the start of the offsets area.
  let offset = n * 32;
  const tuples: string[] = [];
  for (const call of calls) {
    parts.push(pad64(offset.toString(16)));
    const bytes = call.data.length / 2;
    const padded = Math.ceil(bytes / 32) * 64;
    tuples.push(
      pad64(call.target.slice(2).toLowerCase()) + pad64('1') + pad64('60') + pad64(bytes.toString(16)) + call.data.padEnd(padded, '0'),
    );
    offset += 128 + padded / 2;
  }
  return `0x${parts.join('')}${tuples.join('')}`;
}

/** aggregate3's `(bool success, bytes returnData)[]`, as hex strings without 0x (null: failed). */
function decodeAggregate3(result: string, expected: number): (string | null)[] {
  const hex = result.startsWith('0x') ? result.slice(2) : result;
  // An address without code answers every call empty: the chain has no Multicall3 where every
  // public network has it (a fresh local node, or a chain the console does not know).
  if (hex === '') throw new Error(`the chain has no Multicall3 contract at ${MULTICALL3_ADDRESS} (every public network has one there): deploy it on this chain, or check that the RPC is for the chain it says`);
  const at = (byte: number) => parseInt(hex.slice(byte * 2, byte * 2 + 64), 16);
  const arrayStart = at(0);
  const n = at(arrayStart);
  if (n !== expected) throw new Error(`aggregate3 answered ${n} results for ${expected} calls.`);
  const base = arrayStart + 32;
  const out: (string | null)[] = new Array<string | null>(n);
  for (let i = 0; i < n; i++) {
    const tuple = base + at(base + i * 32);
    const success = at(tuple) !== 0;
    const dataStart = tuple + at(tuple + 32);
    const length = at(dataStart);
    out[i] = success ? hex.slice((dataStart + 32) * 2, (dataStart + 32 + length) * 2) : null;
  }
  return out;
}

/** Reads prepared as aggregate3 chunks: the calls to send, and what to do with their answers. */
interface PlannedReads {
  calls: EthCall[];
  /** Hands each decoded value to its read; returns how many reads failed. */
  settle(answers: readonly Hex[]): number;
}

/**
 * Splits reads into aggregate3 chunks. Calldata and results of simple reads (one-word arguments
 * and result) are encoded and decoded by hand, which keeps a round of tens of thousands of reads
 * cheap; anything else goes through viem's coder. A failed call (reverted, or a contract that
 * lacks the function) leaves its field unknown rather than failing the round.
 */
export function planReads(reads: readonly Read[], callsPerChunk = CALLS_PER_CHUNK): PlannedReads {
  const compiled = reads.map((r) => compile(r.abi, r.functionName));
  const starts: number[] = [];
  const calls: EthCall[] = [];
  for (let start = 0; start < reads.length; start += callsPerChunk) {
    const targets: { target: string; data: string }[] = [];
    for (let i = start; i < Math.min(reads.length, start + callsPerChunk); i++)
      targets.push({ target: reads[i]!.address, data: calldata(reads[i]!, compiled[i]!) });
    starts.push(start);
    calls.push({ to: MULTICALL3_ADDRESS, data: encodeAggregate3(targets) });
  }
  return {
    calls,
    settle(answers) {
      let failed = 0;
      starts.forEach((start, c) => {
        const count = Math.min(callsPerChunk, reads.length - start);
        const results = decodeAggregate3(answers[c]!, count);
        for (let k = 0; k < count; k++) {
          const i = start + k;
          const data = results[k];
          const value = data === null || data === undefined ? undefined : decodeResult(data, compiled[i]!);
          const read = reads[i]!;
          if (value !== undefined) read.into(value);
          else if (read.absent) read.absent();
          else failed++;
        }
      });
      return failed;
    },
  };
}

/**
 * Runs many reads as Multicall3 rounds at one block (see `planReads`): chunks of
 * `callsPerChunk` reads, a chunk too big for the node split in halves (`sendSliced`).
 */
export async function runReads(client: PublicClient, reads: readonly Read[], callsPerChunk = CALLS_PER_CHUNK, block?: Hex): Promise<{ failed: number }> {
  if (reads.length === 0) return { failed: 0 };
  const failed = await sendSliced(client, multicallJob(reads, callsPerChunk), block);
  return { failed: failed.reduce((n, f) => n + f, 0) };
}

/** Reads as a sliced job of aggregate3 chunks: each chunk's answer settles its reads and says how many failed. */
export function multicallJob(reads: readonly Read[], callsPerChunk = CALLS_PER_CHUNK): SlicedJob<Read, number> {
  return {
    items: reads,
    kind: 'multicall',
    size: callsPerChunk,
    build: (slice) => {
      const plan = planReads(slice, slice.length);
      return { call: plan.calls[0]!, read: (answer) => plan.settle([answer]) };
    },
  };
}
