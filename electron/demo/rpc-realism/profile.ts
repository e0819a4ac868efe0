/**
 * What the RPC realism proxy does to the requests it forwards: each behaviour is off unless given,
 * and every draw comes from the seed, so a test sees the same answers on every run.
 */
export interface RpcRealismOptions {
  /** Seeds every draw (jitter, which rate-limit wording, which requests land on the node behind). */
  seed: number;
  /** Each HTTP request is answered `baseMs` plus a uniform draw in [0, `jitterMs`] late. */
  latency?: { baseMs: number; jitterMs: number };
  /**
   * JSON-RPC calls allowed per second (a batch counts each of its calls, as providers bill them);
   * a request over the limit is answered in one of the `styles`, drawn per request.
   */
  rateLimit?: { perSecond: number; styles: readonly RateLimitStyle[]; retryAfterSeconds?: number };
  /** Gas given to each `eth_call` and `eth_estimateGas` at most, as geth's `--rpc.gascap`. */
  gasCap?: number;
  /** Bytes of JSON answers per HTTP request at most; the calls past it answer `response too large`. */
  responseBytes?: number;
  /** Share of `eth_call`s with a state override (the third parameter) refused, as by a node that does not take them. */
  refuseStateOverrides?: number;
  /** JSON-RPC batches refused outright, or capped at `max` calls (`batch too large`). */
  batch?: { refuse: boolean } | { max: number };
  /** `eth_getLogs` over more blocks than this is refused, in Alchemy's wording (its free tier takes 10). */
  logsRangeCap?: number;
  /** A share of the HTTP requests lands on a node `blocks` behind the head: its `latest` is head − blocks. */
  behind?: { blocks: number; share: number };
  /** Once, at this many forwarded HTTP requests, the chain drops its last `depth` blocks (`anvil_reorg`). */
  reorg?: { depth: number; atRequest: number };
  /** From this many forwarded HTTP requests on, `eth_chainId` answers `chainId`. */
  wrongChainId?: { atRequest: number; chainId: number };
}

/**
 * How a hosted provider says "too many requests":
 * - `retry-after`: HTTP 429 with `Retry-After` and a JSON-RPC error body;
 * - `plain-429`: HTTP 429 with no `Retry-After` and a text body, as a load balancer answers;
 * - `alchemy`: HTTP 429, JSON-RPC error code 429 "… exceeded its compute units per second capacity …";
 * - `infura`: HTTP 429, JSON-RPC error -32005 "project ID request rate exceeded" with `backoff_seconds`;
 * - `quicknode`: HTTP 200, JSON-RPC error -32007 "… request limit reached …" per call.
 */
export type RateLimitStyle = 'retry-after' | 'plain-429' | 'alchemy' | 'infura' | 'quicknode';
export const RATE_LIMIT_STYLES: readonly RateLimitStyle[] = ['retry-after', 'plain-429', 'alchemy', 'infura', 'quicknode'];

export const RPC_REALISMS = ['off', 'provider'] as const;
export type RpcRealism = (typeof RPC_REALISMS)[number];

/**
 * `provider`: what a hosted provider's paid tier behind a load balancer does, in figures chosen to
 * meet the console's refresh: 20–60 ms per request, 25 calls a second, eth_call gas capped at
 * 10 M (a node run with a low `--rpc.gascap`), 2 MB of answers per request, batches of at most 10
 * calls, `eth_getLogs` over at most 10 blocks (a free tier's cap; a 30-second refresh on Arbitrum spans
 * 120), and one request in ten served by a node 3 blocks behind. State overrides are honoured
 * (the large providers take them); the reorg and the wrong chain id are switched on by hand.
 */
export function realismProfile(name: RpcRealism, seed: number): RpcRealismOptions | null {
  if (name === 'off') return null;
  return {
    seed,
    latency: { baseMs: 20, jitterMs: 40 },
    rateLimit: { perSecond: 25, styles: RATE_LIMIT_STYLES, retryAfterSeconds: 1 },
    gasCap: 10_000_000,
    responseBytes: 2_000_000,
    batch: { max: 10 },
    logsRangeCap: 10,
    behind: { blocks: 3, share: 0.1 },
  };
}

/** `--rpc-realism off|provider` of the command lines; anything else exits 2 with one line. */
export function parseRpcRealism(raw: string): RpcRealism {
  if ((RPC_REALISMS as readonly string[]).includes(raw)) return raw as RpcRealism;
  process.stderr.write(`--rpc-realism must be ${RPC_REALISMS.join(' or ')}, got '${raw}'\n`);
  process.exit(2);
}
