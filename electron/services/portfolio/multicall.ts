import type { Abi, PublicClient } from 'viem';

/** One contract read in a multicall round, with what to do with its answer. */
export interface Read {
  address: `0x${string}`;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
  /** Called with the decoded value, or not at all when the call failed (the field stays unknown). */
  into: (value: unknown) => void;
}

/** Calldata bytes per aggregate3 chunk: a few hundred calls, well under any node's limits. */
const CHUNK_BYTES = 48 * 1024;

/**
 * Runs many reads as one Multicall3 round: viem splits them into chunks and, with JSON-RPC
 * batching on, the chunks leave together. A failed call (reverted, or a contract that lacks the
 * function) leaves its field unknown rather than failing the round.
 */
export async function runReads(client: PublicClient, reads: readonly Read[]): Promise<{ failed: number }> {
  if (reads.length === 0) return { failed: 0 };
  const results = await client.multicall({
    contracts: reads.map((r) => ({ address: r.address, abi: r.abi, functionName: r.functionName, args: r.args ?? [] })),
    allowFailure: true,
    batchSize: CHUNK_BYTES,
  });
  let failed = 0;
  results.forEach((result, i) => {
    if (result.status === 'success') reads[i]!.into(result.result);
    else failed++;
  });
  return { failed };
}
