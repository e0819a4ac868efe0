import { createPublicClient, defineChain, fallback, http, type Hex, type PublicClient } from 'viem';
import { MULTICALL3_ADDRESS } from '../../../shared/abi';

export interface RpcEndpoint {
  chainId: number;
  name: string;
  url: string;
  /** Further addresses of the same chain, tried in order when the ones before fail. */
  fallbackUrls?: readonly string[];
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
 * One `eth_call`; `override` places code at an address for this call only (a state override: a
 * read-only lens that is never deployed).
 */
export interface EthCall {
  to: `0x${string}`;
  data: Hex;
  override?: { address: `0x${string}`; code: Hex };
}

/** Many `eth_call`s at the latest block, answered in order; one HTTP request per `RPC_BATCH_SIZE`. */
export type EthCallBatch = (calls: readonly EthCall[]) => Promise<Hex[]>;

const ethCallBatches = new WeakMap<PublicClient, EthCallBatch>();

/** The batch caller of a client made by `createRpcClient` (undefined for any other client). */
export function ethCallBatchOf(client: PublicClient): EthCallBatch | undefined {
  return ethCallBatches.get(client);
}

const HEX = /^0x[0-9a-fA-F]*$/;

/**
 * Large read rounds bypass viem's transport: their bodies (megabytes of hex calldata) are written
 * as JSON directly, which costs nothing, where a generic serializer walks every character. Like
 * the transport, they go to the addresses in order: the next one when one fails (a single address
 * is tried twice).
 */
function createEthCallBatch(urls: readonly string[], counter: RpcCounter, fetchFn: typeof fetch, timeoutMs: number): EthCallBatch {
  const tries = urls.length === 1 ? [urls[0]!, urls[0]!] : urls;
  const post = async (body: string): Promise<unknown> => {
    for (let attempt = 0; ; attempt++) {
      try {
        counter.http++;
        const response = await fetchFn(tries[attempt]!, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
        return await response.json();
      } catch (err) {
        if (attempt >= tries.length - 1) throw err;
      }
    }
  };
  return async (calls) => {
    const groups: (typeof calls)[] = [];
    for (let i = 0; i < calls.length; i += RPC_BATCH_SIZE) groups.push(calls.slice(i, i + RPC_BATCH_SIZE));
    const answers = await Promise.all(
      groups.map(async (group) => {
        const body = `[${group
          .map((c, id) => {
            if (!HEX.test(c.to)) throw new Error(`Not an address: ${c.to}`);
            if (c.override && !(HEX.test(c.override.address) && HEX.test(c.override.code))) throw new Error(`Not a state override: ${c.override.address}`);
            const override = c.override ? `,{"${c.override.address}":{"code":"${c.override.code}"}}` : '';
            return `{"jsonrpc":"2.0","id":${id},"method":"eth_call","params":[{"to":"${c.to}","data":"${c.data}"},"latest"${override}]}`;
          })
          .join(',')}]`;
        const reply = await post(body);
        if (!Array.isArray(reply)) {
          const message = (reply as { error?: { message?: string } } | null)?.error?.message;
          throw new Error(`The node refused the batch${message ? `: ${message}` : '.'}`);
        }
        const byId = new Map((reply as { id: number; result?: Hex; error?: { message?: string } }[]).map((r) => [r.id, r]));
        return group.map((_, id) => {
          const r = byId.get(id);
          if (!r || typeof r.result !== 'string') throw new Error(`eth_call failed: ${r?.error?.message ?? 'no answer'}`);
          return r.result;
        });
      }),
    );
    return answers.flat();
  };
}

/**
 * A read-only viem client for one chain: JSON-RPC batching on (so a multicall split into chunks
 * still leaves in one HTTP request), Multicall3 at its canonical address, a timeout, and a counter
 * of the HTTP requests it made. With more than one address, viem's `fallback` transport tries them
 * in the operator's order (never re-ranked: the first is the one the operator trusts most).
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
    rpcUrls: { default: { http: [endpoint.url, ...(endpoint.fallbackUrls ?? [])] } },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
  });
  const fetchFn = options.fetchFn ?? fetch;
  const urls = [endpoint.url, ...(endpoint.fallbackUrls ?? [])];
  const transportAt = (url: string) =>
    http(url, {
      batch: { batchSize: RPC_BATCH_SIZE, wait: 0 },
      timeout: options.timeoutMs ?? 20_000,
      // With fallbacks, a failed address hands over to the next at once instead of being asked again.
      retryCount: urls.length > 1 ? 0 : 1,
      // Counted here rather than in `onFetchRequest`, which copies every request body.
      fetchFn: (input, init) => {
        counter.http++;
        return fetchFn(input, init);
      },
    });
  const client = createPublicClient({
    chain,
    transport: urls.length > 1 ? fallback(urls.map(transportAt), { rank: false, retryCount: 1 }) : transportAt(endpoint.url),
  }) as PublicClient;
  ethCallBatches.set(client, createEthCallBatch(urls, counter, fetchFn, options.timeoutMs ?? 20_000));
  return client;
}
