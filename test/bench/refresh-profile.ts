/**
 * Where a refresh's time goes, for the portfolio benchmark: the service's own breakdown
 * (`PortfolioService`'s `onProfile`) joined with the HTTP requests its chain reads made, timed at
 * the fetch: request sent → the node's answer begins (the node executing the batch's calls; it
 * answers a JSON-RPC batch once all its calls are done) → the body read → JSON parsed.
 */
import type { RefreshProfile } from '../../electron/services/portfolio/portfolio';

interface HttpTiming {
  url: string;
  sentMs: number;
  headersMs: number;
  bodyMs: number;
  parsedMs: number;
  requestBytes: number;
  answerBytes: number;
}

export interface ChainBreakdown {
  chainId: number;
  /** The chain's read, from its start to its end (ms from the refresh's start). */
  startMs: number;
  endMs: number;
  vaultRoundMs: number;
  encodeMs: number;
  /** The wallets' round as the portfolio sees it: first request sent → last answer parsed. */
  roundMs: number;
  decodeMs: number;
  keepMs: number;
  /** Building the chain's vaults, requests and positions once it had answered. */
  assembleMs: number;
  lensCalls: number;
  http: number;
  /** Time with at least one of the chain's requests at the node (sent, answer not begun). */
  nodeBusyMs: number;
  /** Sum over the requests of sent → answer begun (> nodeBusyMs when they overlap). */
  nodeSumMs: number;
  mostInFlight: number;
  /** Reading the answers' bodies and parsing their JSON, summed. */
  bodyMs: number;
  parseMs: number;
  requestMb: number;
  answerMb: number;
}

export interface RefreshBreakdown {
  totalMs: number;
  serviceMs: number;
  chains: ChainBreakdown[];
  /** Time both chains' reads were under way at once. */
  chainsOverlapMs: number;
  /** After the last chain: joining the parts and ordering the requests. */
  assembleMs: number;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** Wraps `fetch` for the portfolio's chain clients and joins its timings with the refresh's profile. */
export function createRefreshProfiler(rpcUrlOf: (chainId: number) => string) {
  let started = performance.now();
  let timings: HttpTiming[] = [];
  let last: RefreshProfile | null = null;

  const fetchFn: typeof fetch = async (input, init) => {
    const t: HttpTiming = {
      url: String(input instanceof Request ? input.url : input),
      sentMs: performance.now() - started,
      headersMs: 0,
      bodyMs: 0,
      parsedMs: 0,
      requestBytes: typeof init?.body === 'string' ? init.body.length : 0,
      answerBytes: 0,
    };
    timings.push(t);
    const response = await fetch(input, init);
    t.headersMs = performance.now() - started;
    const text = await response.text();
    t.bodyMs = performance.now() - started;
    t.answerBytes = text.length;
    // The callers read `ok`, `status`, `statusText`, `headers` and the body once.
    return {
      ok: response.ok,
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      json: async () => {
        const value: unknown = JSON.parse(text);
        t.parsedMs = performance.now() - started;
        return value;
      },
      text: async () => {
        t.parsedMs = performance.now() - started;
        return text;
      },
    } as Response;
  };

  /** Time covered by the union of intervals. */
  const covered = (intervals: [number, number][]) => {
    let total = 0;
    let end = -Infinity;
    for (const [a, b] of [...intervals].sort((x, y) => x[0] - y[0])) {
      if (b <= end) continue;
      total += b - Math.max(a, end);
      end = b;
    }
    return total;
  };

  return {
    fetchFn,
    onProfile: (profile: RefreshProfile) => void (last = profile),
    /** Call right before a refresh starts. */
    start(): void {
      started = performance.now();
      timings = [];
      last = null;
    },
    /** The breakdown of the refresh just ended. */
    breakdown(): RefreshBreakdown | null {
      if (!last) return null;
      const chains = last.chains.map(({ chainId, startMs, endMs, read, assembleMs }): ChainBreakdown => {
        const mine = timings.filter((t) => t.url === rpcUrlOf(chainId) && t.headersMs > 0);
        let mostInFlight = 0;
        for (const t of mine) mostInFlight = Math.max(mostInFlight, mine.filter((u) => u.sentMs <= t.sentMs && u.headersMs > t.sentMs).length);
        return {
          chainId,
          startMs,
          endMs,
          ...read,
          assembleMs,
          lensCalls: read.calls,
          http: mine.length,
          nodeBusyMs: Math.round(covered(mine.map((t) => [t.sentMs, t.headersMs]))),
          nodeSumMs: Math.round(mine.reduce((a, t) => a + t.headersMs - t.sentMs, 0)),
          mostInFlight,
          bodyMs: Math.round(mine.reduce((a, t) => a + t.bodyMs - t.headersMs, 0)),
          parseMs: Math.round(mine.reduce((a, t) => a + (t.parsedMs > 0 ? t.parsedMs - t.bodyMs : 0), 0)),
          requestMb: round1(mine.reduce((a, t) => a + t.requestBytes, 0) / 1e6),
          answerMb: round1(mine.reduce((a, t) => a + t.answerBytes, 0) / 1e6),
        };
      });
      const overlap =
        chains.length < 2 ? 0 : Math.max(0, Math.min(...chains.map((c) => c.endMs)) - Math.max(...chains.map((c) => c.startMs)));
      return { totalMs: last.totalMs, serviceMs: last.serviceMs, chains, chainsOverlapMs: overlap, assembleMs: last.assembleMs };
    },
  };
}

const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** One line per refresh: where its time went. */
export function describeBreakdown(b: RefreshBreakdown): string {
  const chains = b.chains.map(
    (c) =>
      `chain ${c.chainId} ${sec(c.endMs - c.startMs)} (vault round ${c.vaultRoundMs} ms, encode ${c.encodeMs} ms, ` +
      `wallets' round ${sec(c.roundMs)}: ${c.lensCalls} calls in ${c.http} HTTP, node busy ${sec(c.nodeBusyMs)} ` +
      `(sum ${sec(c.nodeSumMs)}, ≤ ${c.mostInFlight} in flight), ${c.requestMb} MB sent, ${c.answerMb} MB answered, ` +
      `body ${c.bodyMs} ms, JSON ${c.parseMs} ms; decode ${c.decodeMs} ms, keep ${c.keepMs} ms; then its vaults assembled in ${c.assembleMs} ms)`,
  );
  return `service ${b.serviceMs} ms; ${chains.join('; ')}; both chains in flight together ${sec(b.chainsOverlapMs)}; joined and requests ordered in ${b.assembleMs} ms`;
}
