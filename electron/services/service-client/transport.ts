import type { z } from 'zod';
import { isAppError } from '../../../shared/errors';
import { withoutNulls } from '../../../shared/service/tolerant';
import { badResponse, cancelled, httpError, keyNeeded, keyUnreadable, noApiKey, schemaMismatch, timedOut, unreachable } from './errors';
import { bodyWithoutKey } from './key-redaction';
import { publicPath } from './public-routes';
import type { RateLimiter, Sleep } from './rate-limiter';

/**
 * One HTTP exchange with the service: bearer key, timeout, cancellation, retries and validation.
 *
 * Retries (only where `retry` is set, i.e. GETs): network failures (including a body cut
 * half-way) and every 5xx (a 503 waiting what `Retry-After` asks, when it says), with exponential
 * backoff and jitter (each wait is between half and all of its step, so many clients do not retry
 * in step). A timeout is not retried: the caller already waited the whole budget once.
 *
 * A 429 pauses every call of the client (the shared rate limiter) for what `Retry-After` asks or,
 * without it, for a backoff of its own that grows to tens of seconds: a rate limit lasts longer
 * than a network hiccup, and giving up after a second or two turns it into a failure on screen.
 */

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the call fails as rate-limited. */
  maxRetryAfterMs: number;
  /** Retries after a 429, counted apart from the others, and their backoff without `Retry-After`. */
  rateLimitRetries: number;
  rateLimitBaseDelayMs: number;
  rateLimitMaxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  retries: 3,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxRetryAfterMs: 30_000,
  rateLimitRetries: 6,
  rateLimitBaseDelayMs: 2_000,
  rateLimitMaxDelayMs: 30_000,
};
export const DEFAULT_TIMEOUT_MS = 15_000;

interface TransportOptions {
  baseUrl: string;
  getApiKey: () => Promise<string | null>;
  /** No key at all: only the service's key-less `/v1/public/…` routes are asked (see `public-routes.ts`). */
  keyless?: boolean;
  fetch: typeof fetch;
  timeoutMs: number;
  retry: RetryPolicy;
  random: () => number;
  sleep: Sleep;
  /** Shared by every call of one client. */
  rateLimiter: RateLimiter;
  /** Called once per HTTP attempt, with the endpoint label. */
  onAttempt: (endpoint: string) => void;
}

interface ExchangeRequest<S extends z.ZodType> {
  method: 'GET' | 'POST';
  /** Label for errors and counters, e.g. `GET /v1/vaults/:id`. */
  endpoint: string;
  /** The concrete path, e.g. `/v1/vaults/0a1b…`. */
  path: string;
  query?: URLSearchParams;
  body?: unknown;
  schema: S;
  /**
   * Whether `null` is read as absent (the default: the service's records are read that way). A
   * free-form object shown as it is (a vault's integrations) keeps its nulls: "not set" is what it says.
   */
  nullsAsAbsent?: boolean;
  retry: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `Retry-After` as seconds or as an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function backoff(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

/** `baseUrl` is already normalised (see `normaliseBaseUrl`). */
export function createTransport(options: TransportOptions) {
  const base = options.baseUrl;
  const { retry: policy, rateLimiter } = options;

  async function exchange<S extends z.ZodType>(request: ExchangeRequest<S>): Promise<z.infer<S>> {
    const { endpoint } = request;
    const timeoutMs = request.timeoutMs ?? options.timeoutMs;
    // Without a key a read goes to its public route, and one that has none is refused before anything is sent.
    const path = options.keyless ? publicPath(request.path) : request.path;
    if (path === null) throw keyNeeded(endpoint);
    const url = `${base}${path}${request.query && [...request.query].length > 0 ? `?${request.query}` : ''}`;
    const maxAttempts = request.retry ? policy.retries + 1 : 1;
    const maxRateLimited = request.retry ? policy.rateLimitRetries : 0;
    let rateLimited = 0;
    // The call that waited out a 429 itself goes at once; the others wait for the shared pause.
    let heldHere = false;
    let attempt = 0;

    for (;;) {
      if (request.signal?.aborted) throw cancelled(endpoint);
      if (!heldHere) await waitFor(() => rateLimiter.ready(request.signal), endpoint);
      heldHere = false;
      const apiKey = options.keyless ? null : await readKey(endpoint);

      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      const headers: Record<string, string> = { accept: 'application/json' };
      if (apiKey !== null) headers.authorization = `Bearer ${apiKey}`;
      if (request.body !== undefined) headers['content-type'] = 'application/json';

      let status: number;
      let retryAfter: string | null;
      let text: string;
      options.onAttempt(endpoint);
      try {
        const response = await options.fetch(url, {
          method: request.method,
          headers,
          signal,
          ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
        });
        status = response.status;
        retryAfter = response.headers.get('retry-after');
        // Read the body under the same signal: a stalled body is a timeout, a cut one a network error.
        // A service that echoes the request's Authorization header in an answer must not carry the
        // key into an error, a log line or the window: it is replaced before anything reads it, in the
        // raw bytes and in every string the JSON decodes to (escapes such as \u0061 hide it from the first).
        text = apiKey === null ? await response.text() : bodyWithoutKey(await response.text(), apiKey);
      } catch (err) {
        // A refusal of the connection itself (plain http to an address off this machine): not retried.
        if (isAppError(err)) throw err;
        if (request.signal?.aborted) throw cancelled(endpoint);
        if (timeout.aborted) throw timedOut(endpoint, timeoutMs);
        if (++attempt < maxAttempts) {
          await wait(backoff(attempt - 1, policy.baseDelayMs, policy.maxDelayMs, options.random), request.signal, endpoint);
          continue;
        }
        throw unreachable(endpoint, base, err);
      }

      if (status >= 200 && status < 300) {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch (err) {
          throw badResponse(endpoint, 'the body is not valid JSON', undefined, err);
        }
        // The service's `null` means absent: optional fields sent as null must not fail a record.
        const parsed = request.schema.safeParse(request.nullsAsAbsent === false ? json : withoutNulls(json));
        if (!parsed.success) throw schemaMismatch(endpoint, parsed.error);
        return parsed.data;
      }

      if (status === 429 && rateLimited < maxRateLimited) {
        const asked = parseRetryAfter(retryAfter);
        if (asked !== null && asked > policy.maxRetryAfterMs) throw httpError(endpoint, status, text);
        const delay = asked ?? backoff(rateLimited, policy.rateLimitBaseDelayMs, policy.rateLimitMaxDelayMs, options.random);
        rateLimited++;
        await waitFor(() => rateLimiter.hold(delay, request.signal), endpoint);
        heldHere = true;
        continue;
      }
      if (status >= 500 && ++attempt < maxAttempts) {
        let delay = backoff(attempt - 1, policy.baseDelayMs, policy.maxDelayMs, options.random);
        // 503 may carry Retry-After too (RFC 9110); honour it the same way.
        if (status === 503) {
          const asked = parseRetryAfter(retryAfter);
          if (asked !== null && asked > policy.maxRetryAfterMs) throw httpError(endpoint, status, text);
          if (asked !== null) delay = asked;
        }
        await wait(delay, request.signal, endpoint);
        continue;
      }
      // A public route that wants a key after all: the remedy is a key, not another one.
      if (options.keyless && (status === 401 || status === 403)) throw keyNeeded(endpoint, status);
      throw httpError(endpoint, status, text);
    }
  }

  async function readKey(endpoint: string): Promise<string> {
    let apiKey: string | null;
    try {
      apiKey = await options.getApiKey();
    } catch (err) {
      // The keychain's own error says more than ours would.
      if (isAppError(err)) throw err;
      throw keyUnreadable(endpoint, err);
    }
    if (!apiKey) throw noApiKey(endpoint);
    return apiKey;
  }

  const wait = (ms: number, signal: AbortSignal | undefined, endpoint: string) => waitFor(() => options.sleep(ms, signal), endpoint);

  async function waitFor(waiting: () => Promise<void>, endpoint: string): Promise<void> {
    try {
      await waiting();
    } catch (err) {
      if (isAppError(err)) throw err;
      throw cancelled(endpoint);
    }
  }

  return { exchange };
}

