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

/** Items to read in slices, one call per slice. */
export interface SlicedJob<T, R> {
  items: readonly T[];
  /** What the slices are of, for what is learned per node (`lens`, `multicall`). */
  kind: string;
  /** Items per call when the node has not said otherwise. */
  size: number;
  build(slice: readonly T[]): SliceCall<R>;
}

interface Slice {
  job: number;
  items: readonly unknown[];
}

/**
 * Sends one call per slice of each job's items, every job's calls in the same round at one block
 * (hex; default the latest), and reads each answer: per job, its answers in order. A call the node
 * refuses for its size (over its `eth_call` gas cap, or an answer over its response size cap) is
 * split in halves and sent again, down to one item; the node's limit is remembered
 * (`lowerSliceCap`), so the next round starts at the size it takes. Any other refusal fails the
 * round as it is.
 */
export async function sendSlicedJobs(client: PublicClient, jobs: readonly SlicedJob<never, unknown>[], block?: Hex): Promise<unknown[][]> {
  const slices: Slice[] = [];
  jobs.forEach((job, j) => {
    const size = Math.max(1, Math.min(job.size, sliceCap(client, job.kind) ?? job.size));
    for (let i = 0; i < job.items.length; i += size) slices.push({ job: j, items: job.items.slice(i, i + size) });
  });
  const answers = await sendRound(client, jobs, slices, block);
  return jobs.map((_, j) => answers.filter((_, i) => slices[i]!.job === j).flat());
}

/** One job's `sendSlicedJobs`. */
export async function sendSliced<T, R>(client: PublicClient, job: SlicedJob<T, R>, block?: Hex): Promise<R[]> {
  const [answers] = await sendSlicedJobs(client, [job as unknown as SlicedJob<never, unknown>], block);
  return answers as R[];
}

async function sendRound(
  client: PublicClient,
  jobs: readonly SlicedJob<never, unknown>[],
  slices: readonly Slice[],
  block: Hex | undefined,
): Promise<unknown[][]> {
  if (slices.length === 0) return [];
  const built = slices.map((s) => jobs[s.job]!.build(s.items as never[]));
  const answers = await sendCallsEach(
    client,
    built.map((b) => b.call),
    block,
  );
  const out: unknown[][] = new Array<unknown[]>(slices.length);
  const split: { index: number; halves: Slice[] }[] = [];
  answers.forEach((answer, i) => {
    const slice = slices[i]!;
    if ('result' in answer) {
      out[i] = [built[i]!.read(answer.result)];
      return;
    }
    if (!isTooBigError(answer.error) || slice.items.length <= 1) throw new Error(answer.error);
    lowerSliceCap(client, jobs[slice.job]!.kind, slice.items.length);
    const half = Math.ceil(slice.items.length / 2);
    split.push({
      index: i,
      halves: [
        { job: slice.job, items: slice.items.slice(0, half) },
        { job: slice.job, items: slice.items.slice(half) },
      ],
    });
  });
  if (split.length > 0) {
    const again = await sendRound(
      client,
      jobs,
      split.flatMap((s) => s.halves),
      block,
    );
    split.forEach((s, k) => (out[s.index] = [...again[2 * k]!, ...again[2 * k + 1]!]));
  }
  return out;
}
