import type { Hex, PublicClient } from 'viem';
import { lowerSliceCap, sliceCap } from '../chain/node-learning';
import type { EthCall } from '../chain/rpc-client';
import { isTooBigError } from '../chain/rpc-limits';
import { sendCallsEach } from './send-calls';

/** One slice's call and how to read its answer. */
export interface SliceCall<R> {
  call: EthCall;
  read(answer: Hex): R;
}

export interface SlicedOptions<T, R> {
  /** What the slices are of, for what is learned per node (`lens`, `multicall`). */
  kind: string;
  /** Items per call when the node has not said otherwise. */
  size: number;
  /** The block every call reads (hex), or the latest. */
  block?: Hex | undefined;
  build(slice: readonly T[]): SliceCall<R>;
}

/**
 * Sends one call per slice of `items` and reads each answer, in order. A call the node refuses for
 * its size (over its `eth_call` gas cap, or an answer over its response size cap) is split in
 * halves and sent again, down to one item; the node's limit is remembered (`lowerSliceCap`), so
 * the next round starts at the size it takes. Any other refusal fails the round as it is.
 */
export async function sendSliced<T, R>(client: PublicClient, items: readonly T[], options: SlicedOptions<T, R>): Promise<R[]> {
  const size = Math.max(1, Math.min(options.size, sliceCap(client, options.kind) ?? options.size));
  const slices: (readonly T[])[] = [];
  for (let i = 0; i < items.length; i += size) slices.push(items.slice(i, i + size));
  return (await sendRound(client, slices, options)).flat();
}

async function sendRound<T, R>(client: PublicClient, slices: readonly (readonly T[])[], options: SlicedOptions<T, R>): Promise<R[][]> {
  if (slices.length === 0) return [];
  const built = slices.map((s) => options.build(s));
  const answers = await sendCallsEach(
    client,
    built.map((b) => b.call),
    options.block,
  );
  const out: R[][] = new Array<R[]>(slices.length);
  const split: { index: number; halves: (readonly T[])[] }[] = [];
  answers.forEach((answer, i) => {
    const slice = slices[i]!;
    if ('result' in answer) {
      out[i] = [built[i]!.read(answer.result)];
      return;
    }
    if (!isTooBigError(answer.error) || slice.length <= 1) throw new Error(answer.error);
    lowerSliceCap(client, options.kind, slice.length);
    const half = Math.ceil(slice.length / 2);
    split.push({ index: i, halves: [slice.slice(0, half), slice.slice(half)] });
  });
  if (split.length > 0) {
    const again = await sendRound(
      client,
      split.flatMap((s) => s.halves),
      options,
    );
    split.forEach((s, k) => (out[s.index] = [...again[2 * k]!, ...again[2 * k + 1]!]));
  }
  return out;
}
