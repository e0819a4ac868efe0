import type { Hex, PublicClient } from 'viem';
import { expectChainId, wrongChainId } from './chain-id';
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
 * Separate requests asking the latest block. Behind a load balancer each may land on another node, and one
 * a few blocks behind answers an older head: the highest answer is the chain's head (a node that
 * lacks that block later says so, and the next address answers).
 */
const HEAD_ASKS = 3;

const asNumber = (v: unknown, what: string): number => {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]+$/.test(v)) throw new Error(`The node answered ${what} with something else than a number.`);
  return Number(BigInt(v));
};

type BlockAnswer = { number?: string; hash?: Hex; timestamp?: string } | null;

const pinnedOf = (block: BlockAnswer): PinnedBlock => {
  if (!block?.hash) throw new Error('The node answered its latest block without a hash.');
  const number = asNumber(block.number, 'the block number');
  return { number, tag: `0x${number.toString(16)}`, hash: block.hash, timestamp: asNumber(block.timestamp, 'the block time') };
};

/**
 * The chain's head for this refresh: the highest of `HEAD_ASKS` answers, with its hash and time.
 * With `expect`, the first ask also carries `eth_chainId`, checked on every refresh: a node behind a
 * load balancer, or one that changed hands, can start answering for another chain.
 */
export async function pinHead(client: PublicClient, expect?: { chainId: number; name: string }): Promise<PinnedBlock> {
  const request = rpcRequestOf(client);
  if (!request) {
    if (expect) await expectChainId(client, expect.chainId, expect.name);
    const block = await client.getBlock({ blockTag: 'latest' });
    return { number: Number(block.number), tag: `0x${block.number.toString(16)}`, hash: block.hash, timestamp: Number(block.timestamp) };
  }
  const latest = { method: 'eth_getBlockByNumber', params: ['latest', false] };
  const asks = await Promise.all(
    Array.from({ length: HEAD_ASKS }, (_, i) => request(i === 0 && expect ? [{ method: 'eth_chainId', params: [] }, latest] : [latest])),
  );
  if (expect) {
    const answered = asNumber(asks[0]![0], 'eth_chainId');
    if (answered !== expect.chainId) throw wrongChainId(expect.chainId, answered, expect.name);
  }
  const heads = asks.map((a) => pinnedOf(a[a.length - 1] as BlockAnswer));
  return heads.reduce((best, h) => (h.number > best.number ? h : best));
}

/** The hash of the block at this height now (null: the node has no block there). */
export async function hashAt(client: PublicClient, pinned: PinnedBlock): Promise<Hex | null> {
  const request = rpcRequestOf(client);
  if (!request) return (await client.getBlock({ blockNumber: BigInt(pinned.number) })).hash;
  const [block] = (await request([{ method: 'eth_getBlockByNumber', params: [pinned.tag, false] }])) as ({ hash?: Hex } | null)[];
  return block?.hash ?? null;
}
