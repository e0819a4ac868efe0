import { createPublicClient, defineChain, fallback, http, type Hex, type PublicClient } from 'viem';
import { MULTICALL3_ADDRESS } from '../../../shared/abi';
import { providerFetch } from './provider-fetch';

interface RpcEndpoint {
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

/**
 * Many `eth_call`s at one block (a number, hex; default the latest), answered in order; one HTTP
 * request per `RPC_BATCH_SIZE`. Throws when any call failed.
 */
type EthCallBatch = (calls: readonly EthCall[], block?: Hex) => Promise<Hex[]>;

/** One call's answer: its result, or the node's error message (a call refused alone does not fail the others). */
export type EthCallAnswer = { result: Hex } | { error: string };

/** As `EthCallBatch`, but each call answered on its own. */
type EthCallsEach = (calls: readonly EthCall[], block?: Hex) => Promise<EthCallAnswer[]>;

/**
 * A few JSON-RPC calls in one HTTP request of their own (never joined with others), to the
 * addresses in order; their results in order (a call's error throws).
 */
type RpcRequest = (calls: readonly { method: string; params: readonly unknown[] }[]) => Promise<unknown[]>;

const ethCallBatches = new WeakMap<PublicClient, EthCallsEach>();
const rpcRequests = new WeakMap<PublicClient, RpcRequest>();

/** The batch caller of a client made by `createRpcClient` (undefined for any other client). */
export function ethCallBatchOf(client: PublicClient): EthCallBatch | undefined {
  const each = ethCallBatches.get(client);
  if (!each) return undefined;
  return async (calls, block) =>
    (await each(calls, block)).map((a) => {
      if ('error' in a) throw new Error(`eth_call failed: ${a.error}`);
      return a.result;
    });
}

/** The per-call caller of a client made by `createRpcClient` (undefined for any other client). */
export function ethCallsOf(client: PublicClient): EthCallsEach | undefined {
  return ethCallBatches.get(client);
}

/** The unbatched request of a client made by `createRpcClient` (undefined for any other client). */
export function rpcRequestOf(client: PublicClient): RpcRequest | undefined {
  return rpcRequests.get(client);
}

const HEX = /^0x[0-9a-fA-F]*$/;

/**
 * Large read rounds bypass viem's transport: their bodies (megabytes of hex calldata) are written
 * as JSON directly, which costs nothing, where a generic serializer walks every character. Like
 * the transport, they go to the addresses in order: the next one when one fails (a single address
 * is tried twice).
 */
function createEthCallBatch(urls: readonly string[], fetchFn: typeof fetch, timeoutMs: number): { each: EthCallsEach; request: RpcRequest } {
  const tries = urls.length === 1 ? [urls[0]!, urls[0]!] : urls;
  const post = async (body: string): Promise<unknown> => {
    for (let attempt = 0; ; attempt++) {
      try {
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
  const request: RpcRequest = async (calls) => {
    const messages = calls.map((c, id) => ({ jsonrpc: '2.0', id, method: c.method, params: c.params }));
    const reply = await post(JSON.stringify(messages.length === 1 ? messages[0] : messages));
    const answers = (Array.isArray(reply) ? reply : [reply]) as { id?: number; result?: unknown; error?: { message?: string } }[];
    return calls.map((c, id) => {
      const answer = answers.find((a) => a.id === id) ?? (answers.length === 1 ? answers[0] : undefined);
      if (!answer || answer.error || !('result' in answer)) throw new Error(`${c.method} failed: ${answer?.error?.message ?? 'no answer'}`);
      return answer.result;
    });
  };
  const each: EthCallsEach = async (calls, blockNumber) => {
    if (blockNumber !== undefined && !HEX.test(blockNumber)) throw new Error(`Not a block number: ${blockNumber}`);
    const block = blockNumber ?? 'latest';
    const groups: (typeof calls)[] = [];
    for (let i = 0; i < calls.length; i += RPC_BATCH_SIZE) groups.push(calls.slice(i, i + RPC_BATCH_SIZE));
    const answers = await Promise.all(
      groups.map(async (group) => {
        const body = `[${group
          .map((c, id) => {
            if (!HEX.test(c.to)) throw new Error(`Not an address: ${c.to}`);
            if (c.override && !(HEX.test(c.override.address) && HEX.test(c.override.code))) throw new Error(`Not a state override: ${c.override.address}`);
            const override = c.override ? `,{"${c.override.address}":{"code":"${c.override.code}"}}` : '';
            return `{"jsonrpc":"2.0","id":${id},"method":"eth_call","params":[{"to":"${c.to}","data":"${c.data}"},"${block}"${override}]}`;
          })
          .join(',')}]`;
        const reply = await post(body);
        if (!Array.isArray(reply)) {
          const message = (reply as { error?: { message?: string } } | null)?.error?.message;
          throw new Error(`The node refused the batch${message ? `: ${message}` : '.'}`);
        }
        const byId = new Map((reply as { id: number; result?: Hex; error?: { message?: string } }[]).map((r) => [r.id, r]));
        return group.map((_, id): EthCallAnswer => {
          const r = byId.get(id);
          return r && typeof r.result === 'string' ? { result: r.result } : { error: r?.error?.message ?? 'no answer' };
        });
      }),
    );
    return answers.flat();
  };
  return { each, request };
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
  // Every request, viem's and the read rounds', meets each address's limits in one place (and is counted there).
  const fetchFn = providerFetch(options.fetchFn ?? fetch, counter);
  const urls = [endpoint.url, ...(endpoint.fallbackUrls ?? [])];
  const transportAt = (url: string) =>
    http(url, {
      batch: { batchSize: RPC_BATCH_SIZE, wait: 0 },
      timeout: options.timeoutMs ?? 20_000,
      // With fallbacks, a failed address hands over to the next at once instead of being asked again.
      retryCount: urls.length > 1 ? 0 : 1,
      // Counted by `providerFetch` rather than in `onFetchRequest`, which copies every request body.
      fetchFn,
    });
  const client = createPublicClient({
    chain,
    transport: urls.length > 1 ? fallback(urls.map(transportAt), { rank: false, retryCount: 1 }) : transportAt(endpoint.url),
  }) as PublicClient;
  const { each, request } = createEthCallBatch(urls, fetchFn, options.timeoutMs ?? 20_000);
  ethCallBatches.set(client, each);
  rpcRequests.set(client, request);
  return client;
}
