import type { Hex, PublicClient } from 'viem';
import { rpcRequestOf } from './rpc-client';

/** The block a chain's reads are pinned to for one refresh: every read of the chain is at this number. */
export interface PinnedBlock {
  number: number;
  /** The number as a JSON-RPC block parameter. */
  tag: Hex;
  hash: Hex;
  timestamp: number;
}

/**
 * Separate requests asking the head. Behind a load balancer each may land on another node, and one
 * a few blocks behind answers an older head: the highest answer is the chain's head (a node that
 * lacks that block later says so, and the next address answers).
 */
export const HEAD_ASKS = 3;

const asNumber = (v: unknown, what: string): number => {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]+$/.test(v)) throw new Error(`The node answered ${what} with something else than a number.`);
  return Number(BigInt(v));
};

/** The chain's head for this refresh: the highest of `HEAD_ASKS` answers, with its hash and time. */
export async function pinHead(client: PublicClient): Promise<PinnedBlock> {
  const request = rpcRequestOf(client);
  if (!request) {
    const block = await client.getBlock({ blockTag: 'latest' });
    return { number: Number(block.number), tag: `0x${block.number.toString(16)}`, hash: block.hash, timestamp: Number(block.timestamp) };
  }
  const heads = await Promise.all(Array.from({ length: HEAD_ASKS }, () => request('eth_blockNumber', [])));
  const number = Math.max(...heads.map((h) => asNumber(h, 'eth_blockNumber')));
  const tag = `0x${number.toString(16)}` as Hex;
  const block = (await request('eth_getBlockByNumber', [tag, false])) as { hash?: Hex; timestamp?: string } | null;
  if (!block?.hash)
    throw new Error(`The node does not have block ${number} it named as its head (it is behind another node of the same address).`);
  return { number, tag, hash: block.hash, timestamp: asNumber(block.timestamp, 'the block time') };
}

/** The hash of the block at this height now (null: the node has no block there). */
export async function hashAt(client: PublicClient, pinned: PinnedBlock): Promise<Hex | null> {
  const request = rpcRequestOf(client);
  if (!request) return (await client.getBlock({ blockNumber: BigInt(pinned.number) })).hash;
  const block = (await request('eth_getBlockByNumber', [pinned.tag, false])) as { hash?: Hex } | null;
  return block?.hash ?? null;
}
