import { createPublicClient, defineChain, http, type PublicClient } from 'viem';
import { MULTICALL3_ADDRESS } from '../../../shared/abi';

export interface RpcEndpoint {
  chainId: number;
  name: string;
  url: string;
}

export interface RpcCounter {
  /** HTTP requests sent to RPC endpoints (a JSON-RPC batch counts once). */
  http: number;
}

/**
 * A read-only viem client for one chain: JSON-RPC batching on (so a multicall split into chunks
 * still leaves in one HTTP request), Multicall3 at its canonical address, a timeout, and a counter
 * of the HTTP requests it made.
 */
export function createRpcClient(endpoint: RpcEndpoint, counter: RpcCounter, options: { timeoutMs?: number; fetchFn?: typeof fetch } = {}): PublicClient {
  const chain = defineChain({
    id: endpoint.chainId,
    name: endpoint.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [endpoint.url] } },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
  });
  return createPublicClient({
    chain,
    transport: http(endpoint.url, {
      batch: { batchSize: 50, wait: 0 },
      timeout: options.timeoutMs ?? 20_000,
      retryCount: 1,
      onFetchRequest: () => {
        counter.http++;
      },
      ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
    }),
  }) as PublicClient;
}
