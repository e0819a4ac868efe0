import { parseRetryAfter } from '../service-client/transport';

/**
 * How hosted RPC providers say "too many requests", and what a node says when a call or a batch is
 * too big for it. Pure readers of one HTTP answer; what to do about them is `provider-fetch.ts`'s.
 *
 * Rate limits come in two shapes: an HTTP 429 (with or without `Retry-After`, with a JSON-RPC
 * error body or a load balancer's text), or an HTTP 200 whose JSON-RPC calls each answer an error
 * (QuickNode's -32007). The JSON-RPC wordings: Alchemy's code 429 "… exceeded its compute units
 * per second capacity …", Infura's -32005 "project ID request rate exceeded" with
 * `data.backoff_seconds`, QuickNode's -32007 "N/second request limit reached …", and the generic
 * -32005 "limit exceeded".
 */

interface JsonRpcError {
  code?: number;
  message?: string;
  data?: unknown;
}

const RATE_WORDING =
  /rate (limit|exceeded)|request limit|limit exceeded|too many requests|compute units per second|exceeded its .*capacity/i;

/** A JSON-RPC error that means "slow down", in any provider's wording. */
export function isRateLimitError(error: JsonRpcError | null | undefined): boolean {
  if (!error) return false;
  if (error.code === 429 || error.code === -32007) return true;
  // -32005 is also Infura's "query returned more than 10000 results": only its rate wording counts.
  return RATE_WORDING.test(error.message ?? '');
}

/** The wait an error names (Infura's `data.backoff_seconds`), ms; null when it names none. */
function errorBackoffMs(error: JsonRpcError | null | undefined): number | null {
  const seconds = (error?.data as { backoff_seconds?: unknown } | undefined)?.backoff_seconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : null;
}

/** The JSON-RPC errors of a parsed answer (one object or a batch's array). */
export function errorsOf(answer: unknown): JsonRpcError[] {
  const list = Array.isArray(answer) ? answer : [answer];
  return list.flatMap((a) =>
    a && typeof a === 'object' && 'error' in a && a.error && typeof a.error === 'object' ? [a.error as JsonRpcError] : [],
  );
}

/** What one HTTP answer says about the rate limit: not limited, or limited with the wait it names (null: none named). */
type RateLimitVerdict = { limited: false } | { limited: true; waitMs: number | null };

/**
 * Reads a rate limit from an answer: HTTP 429 whatever its body, or an answer (any status) whose
 * calls answered a rate-limit error. The wait is `Retry-After`, else the error's backoff, else none.
 */
export function rateLimitOf(status: number, retryAfter: string | null, answer: unknown): RateLimitVerdict {
  const errors = errorsOf(answer);
  const limitedCall = errors.find(isRateLimitError);
  if (status !== 429 && !limitedCall) return { limited: false };
  return { limited: true, waitMs: parseRetryAfter(retryAfter) ?? errorBackoffMs(limitedCall) };
}

const TOO_BIG =
  /gas required exceeds|out of gas|exceeds block gas limit|response too large|response size|response is too big|too large response/i;

/**
 * A call refused for its size rather than its content: over the node's gas cap per `eth_call`
 * (geth's `--rpc.gascap`), or an answer over its response size limit. Such a call succeeds split.
 */
export function isTooBigError(message: string | null | undefined): boolean {
  return TOO_BIG.test(message ?? '');
}

const LOG_RANGE_REFUSAL =
  /block range|blocks range|max(imum)? (block )?range|range (is )?too (large|wide|big)|limited to a [\d,]+ (block |blocks )?range|more than [\d,]+ results|too many (results|logs)/i;

/**
 * A node's refusal of an `eth_getLogs` for its range (a block-range cap) or for what it would
 * return (a result cap), with the blocks it says would fit when it names them: Alchemy's "up to a
 * N block range … this block range should work: [0xA, 0xB]", Infura's "query returned more than
 * 10000 results. Try with this block range [0xA, 0xB]", QuickNode's "limited to a 10,000 range",
 * geth-like "exceed maximum block range: N". Null for any other error.
 */
export function logRangeRefusalOf(message: string | null | undefined): { fits: number | null } | null {
  const text = message ?? '';
  if (!LOG_RANGE_REFUSAL.test(text)) return null;
  const named = /\[\s*(0x[0-9a-f]+)\s*,\s*(0x[0-9a-f]+)\s*\]/i.exec(text);
  if (named) {
    const fits = Number(BigInt(named[2]!) - BigInt(named[1]!)) + 1;
    if (fits >= 1) return { fits };
  }
  const cap = /(?:up to a|limited to a|max(?:imum)? (?:block )?range:?|range:)\s*([\d,]+)/i.exec(text);
  const n = cap ? Number(cap[1]!.replace(/,/g, '')) : NaN;
  return { fits: Number.isFinite(n) && n >= 1 ? n : null };
}

/** A node's answer that it does not have the block asked for: it is behind the block the refresh is pinned to. */
export function isUnknownBlockError(message: string | null | undefined): boolean {
  return /header not found|unknown block|block not found|missing trie node|cannot query unfinalized data/i.test(message ?? '');
}

/**
 * A node's refusal of a JSON-RPC batch, answered in place of the batch's array: refused outright
 * (`none`: one request per call from now on) or over its size (`smaller`).
 */
export function batchRefusalOf(answer: unknown): 'none' | 'smaller' | null {
  if (Array.isArray(answer) || !answer || typeof answer !== 'object') return null;
  const message = (answer as { error?: JsonRpcError }).error?.message ?? '';
  if (/batch/i.test(message) && /not supported|disabled|not allowed|not permitted/i.test(message)) return 'none';
  if (/batch/i.test(message)) return 'smaller';
  return null;
}

/** A backoff of its own for a rate limit that named no wait: doubling from `baseMs`, between half and all of each step. */
export function rateLimitBackoffMs(attempt: number, random: () => number = Math.random, baseMs = 500, maxMs = 8_000): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() * 0.5));
}
