import { createRateLimiter, type RateLimiter } from '../service-client/rate-limiter';
import { abortableSleep } from '../service-client/transport';

/**
 * What the console has learned of one RPC address (a node, or a provider behind one address), kept
 * for the life of the process: its pace (JSON-RPC calls a second it takes, learned from its rate
 * limit), the largest batch it takes, and what it cost. A provider's limits are its own and do not
 * change from one refresh to the next, so each refresh starts from what the last one learned
 * instead of hitting the same walls again.
 */
export class NodeLearning {
  /** One pause shared by every request to this address (the service client's limiter). */
  readonly limiter: RateLimiter;
  /** Calls a second this node takes, learned from its first rate limit; null until it limited us. */
  pace: number | null = null;
  /** The largest JSON-RPC batch it takes (1: none); null until it refused one. */
  batchMax: number | null = null;
  /** Answers that said "too many requests". */
  rateLimited = 0;
  /** Wall-clock ms during which requests to this node waited for its limit (overlapping waits counted once). */
  waitedMs = 0;
  private waitedUntil = 0;
  /** When the node last limited us, and when the pace last grew: the pace grows back only in calm. */
  private lastLimitAt = 0;
  private lastGrowthAt = 0;
  /** Calls sent, with when: the pacing's sliding window. */
  private readonly sent: { at: number; calls: number }[] = [];
  /** Calls the node answered, with when: the last second's tell its pace when it limits us. */
  private readonly answered: { at: number; calls: number }[] = [];

  constructor(private readonly now: () => number = Date.now) {
    this.limiter = createRateLimiter(abortableSleep, now);
  }

  /** Calls in the last `windowMs` of a log (older entries dropped). */
  private recent(log: { at: number; calls: number }[], windowMs: number): number {
    const since = this.now() - windowMs;
    while (log.length > 0 && log[0]!.at < since) log.shift();
    return log.reduce((n, s) => n + s.calls, 0);
  }

  /** The node answered `calls` calls (not rate-limited). */
  succeeded(calls: number): void {
    this.answered.push({ at: this.now(), calls });
    this.recent(this.answered, 1_000);
  }

  /**
   * Waits until `calls` more fit in the node's pace (a sliding second, with a margin for the
   * node's own clock and its latency), then counts them as sent.
   */
  async admit(calls: number): Promise<void> {
    await this.waitFor(() => this.limiter.ready());
    for (;;) {
      if (this.pace === null) break;
      // Over a second plus a margin: a node counts by its own windows, which do not start when ours do.
      const windowMs = 1_150;
      const used = this.recent(this.sent, windowMs);
      if (used === 0 || used + calls <= this.pace) break;
      this.growPace();
      const wait = Math.max(10, this.sent[0]!.at + windowMs - this.now());
      await this.waitFor(() => abortableSleep(wait));
    }
    this.sent.push({ at: this.now(), calls });
  }

  /**
   * A rate-limited answer: the pace becomes what the node took in the last second (a quarter
   * less each time it limits us again), and every request to it pauses for `waitMs`.
   */
  async limited(waitMs: number): Promise<void> {
    this.rateLimited++;
    this.lastLimitAt = this.now();
    const took = Math.max(1, this.recent(this.answered, 1_000));
    this.pace = this.pace === null ? took : Math.max(1, Math.min(took, Math.floor(this.pace * 0.75)));
    await this.waitFor(() => this.limiter.hold(waitMs));
  }

  /**
   * The pace learned at a rate limit is what the node answered in that second, which under slow
   * calls (a lens slice takes the node a second) is far below what it takes: when the pace is what
   * holds requests back and the node has not limited us for two seconds, it grows by a tenth (at
   * least one call) a second, until the node limits us again (and it drops by a quarter).
   */
  private growPace(): void {
    const now = this.now();
    if (this.pace === null || now - this.lastLimitAt < 2_000 || now - this.lastGrowthAt < 1_000) return;
    this.pace += Math.max(1, Math.floor(this.pace / 10));
    this.lastGrowthAt = now;
  }

  /** The largest batch worth sending: what the node takes, and no more calls than its pace allows at once. */
  batchLimit(asked: number): number {
    return Math.max(1, Math.min(asked, this.batchMax ?? asked, this.pace ?? asked));
  }

  /** The node refused a batch of `size`: none at all from now on, or half as many. */
  refusedBatch(size: number, kind: 'none' | 'smaller'): void {
    this.batchMax = kind === 'none' ? 1 : Math.max(1, Math.min(this.batchMax ?? size, Math.floor(size / 2)));
  }

  private async waitFor(waiting: () => Promise<void>): Promise<void> {
    const start = this.now();
    await waiting();
    const end = this.now();
    if (end > this.waitedUntil) {
      this.waitedMs += end - Math.max(start, this.waitedUntil);
      this.waitedUntil = end;
    }
  }
}

const nodes = new Map<string, NodeLearning>();

/** The learning of one RPC address, made on first use and kept for the process. */
export function nodeLearning(url: string): NodeLearning {
  let node = nodes.get(url);
  if (!node) {
    node = new NodeLearning();
    nodes.set(url, node);
  }
  return node;
}

/** What a chain's addresses cost so far: rate-limited answers and the time spent waiting for them. */
export function limitsOf(urls: readonly string[]): { rateLimited: number; waitedMs: number } {
  let rateLimited = 0;
  let waitedMs = 0;
  for (const url of urls) {
    const node = nodes.get(url);
    if (!node) continue;
    rateLimited += node.rateLimited;
    waitedMs += node.waitedMs;
  }
  return { rateLimited, waitedMs };
}

/**
 * The largest slice of a kind of call (wallets per lens call, reads per Multicall3 chunk) a node
 * answered, learned from its refusals (gas cap, response size cap); kept per client, which the
 * pool keeps per chain and set of addresses for the process.
 */
const sliceCaps = new WeakMap<object, Map<string, number>>();

export function sliceCap(client: object, kind: string): number | null {
  return sliceCaps.get(client)?.get(kind) ?? null;
}

/**
 * A call of `size` items was too big for the node: slices of this kind stay under it from now on
 * (half of it, or what the node's refusal named as fitting).
 */
export function lowerSliceCap(client: object, kind: string, size: number, fits = Math.floor(size / 2)): number {
  let caps = sliceCaps.get(client);
  if (!caps) {
    caps = new Map();
    sliceCaps.set(client, caps);
  }
  const cap = Math.max(1, Math.min(caps.get(kind) ?? size, fits));
  caps.set(kind, cap);
  return cap;
}
