import { hashSeed, Prng } from '../prng';
import { wildBody } from './records';
import { wildQuery, type ListFilters } from './query';
import { WildFaults } from './faults';

/**
 * `--realism wild`: the simulated service as someone else's server. A wrapper around the strict
 * app's `fetch`, so strict serving is untouched: it may answer 429/5xx first, rewrites the query
 * as a lenient server reads it (unknown parameters ignored, pages capped at 100), and then
 * reshapes the JSON answer (see `records.ts`). Everything is drawn from the seed and the request.
 */

export type Realism = 'strict' | 'wild';
export const REALISMS: readonly Realism[] = ['strict', 'wild'];

/** The default share of `/v1` GET requests answered 429 or 5xx in wild mode. */
const DEFAULT_WILD_FAULT_RATE = 0.03;

type FetchHandler<E> = (request: Request, env?: E) => Response | Promise<Response>;

interface WildOptions {
  seed: number;
  /** Share of GET requests answered 429/5xx; a retry of a faulted request is never faulted. */
  faultRate?: number;
  /** The filters of each list path (exact paths), to know which query parameters to ignore. */
  listFilters: ListFilters;
}

const isJson = (response: Response) => (response.headers.get('content-type') ?? '').includes('application/json');

export function withWildRealism<E>(fetch: FetchHandler<E>, options: WildOptions): FetchHandler<E> {
  const faults = new WildFaults(options.seed, options.faultRate ?? DEFAULT_WILD_FAULT_RATE);
  return async (request, env) => {
    const url = new URL(request.url);
    // Reads only: the sign POST is never retried by a client, so a fault there would only fail it.
    if (!url.pathname.startsWith('/v1/') || request.method !== 'GET') return fetch(request, env);
    const key = `${request.method} ${url.pathname}${url.search}`;
    const fault = faults.pick(key);
    if (fault) return fault;

    const lenient = wildQuery(url, options.listFilters.get(url.pathname));
    const response = await fetch(lenient.href === url.href ? request : new Request(lenient, request), env);
    if (response.status !== 200 || !isJson(response)) return response;
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      // A malformed body from the fault injection stays malformed.
      return new Response(text, { status: response.status, headers: response.headers });
    }
    const reshaped = wildBody(body, new Prng(hashSeed(`${options.seed}|${key}`)));
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(JSON.stringify(reshaped), { status: 200, headers });
  };
}
