import { createPublicClient, defineChain, http, type PublicClient } from 'viem';
import { MULTICALL3_ADDRESS } from '../../../shared/abi';

export interface RpcEndpoint {
  chainId: number;
  name: string;
  url: string;
}

/**
 * JSON-RPC requests per HTTP request. Nodes cap request bodies (anvil at 2 MB); with multicall
 * chunks of up to about 115 KB of hex calldata each (see portfolio/multicall.ts), 12 of them stay
 * well under that.
 */
export const RPC_BATCH_SIZE = 12;

export interface RpcCounter {
  /** HTTP requests sent to RPC endpoints (a JSON-RPC batch counts once). */
  http: number;
}

/**
 * A read-only viem client for one chain: JSON-RPC batching on (so a multicall split into chunks
 * still leaves in one HTTP request), Multicall3 at its canonical address, a timeout, and a counter
 * of the HTTP requests it made.
 */
export function createRpcClient(
  endpoint: RpcEndpoint,
  counter: RpcCounter,
  options: { timeoutMs?: number; fetchFn?: typeof fetch } = {},
): PublicClient {
  const chain = defineChain({
    id: endpoint.chainId,
    name: endpoint.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [endpoint.url] } },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
  });
  const fetchFn = options.fetchFn ?? fetch;
  return createPublicClient({
    chain,
    transport: http(endpoint.url, {
      batch: { batchSize: RPC_BATCH_SIZE, wait: 0 },
      timeout: options.timeoutMs ?? 20_000,
      retryCount: 1,
      // Counted here rather than in `onFetchRequest`, which copies every request body.
      fetchFn: (input, init) => {
        counter.http++;
        return fetchFn(input, init);
      },
    }),
  }) as PublicClient;
}
