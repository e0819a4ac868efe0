import {
  createPublicClient,
  formatTransaction,
  http,
  numberToHex,
  type Hash,
  type PublicClient,
  type RpcTransaction,
  type Transaction,
} from 'viem';
import type { ChainClient } from '../chain';
import { rpcBatch } from './rpc-batch';

/** Blocks per JSON-RPC batch when reading the chain's history with its transactions (a bulk block holds a thousand). */
const BLOCKS_PER_BATCH = 20;

/**
 * The indexer's view of a chain that has tens of thousands of transactions: the same client, but
 * its reads leave as JSON-RPC batches (the indexer reads every position at once) and the
 * transactions it decodes one by one are read beforehand, whole blocks per request. Without it the
 * indexer's first pass over a world of ten thousand wallets is tens of thousands of round trips.
 */
export async function indexerClientAtScale(client: ChainClient): Promise<ChainClient> {
  const publicClient = createPublicClient({
    chain: client.chain,
    transport: http(client.rpcUrl, { retryCount: 0, batch: { batchSize: 500 } }),
  }) as PublicClient;
  const head = await publicClient.getBlockNumber();
  const blocks = await rpcBatch<{ transactions: RpcTransaction[] } | null>(
    client.rpcUrl,
    Array.from({ length: Number(head) + 1 }, (_, n) => ({ method: 'eth_getBlockByNumber', params: [numberToHex(n), true] })),
    BLOCKS_PER_BATCH,
  );
  const transactions = new Map<Hash, Transaction>();
  for (const block of blocks) for (const tx of block?.transactions ?? []) transactions.set(tx.hash, formatTransaction(tx));
  const getTransaction: PublicClient['getTransaction'] = (args) => {
    const known = 'hash' in args && args.hash ? transactions.get(args.hash) : undefined;
    return (known ? Promise.resolve(known) : publicClient.getTransaction(args)) as never;
  };
  const view = new Proxy(publicClient, {
    get: (target, property, receiver) => (property === 'getTransaction' ? getTransaction : Reflect.get(target, property, receiver)),
  });
  return { ...client, publicClient: view };
}
