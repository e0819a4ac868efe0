import { hashSeed, mulberry32 } from '../prng';

/**
 * The occasional 429 and 5xx of a busy real service, drawn from the seed, the request and how
 * many times it was asked, so a run repeats. A request answered with a fault is served on its next
 * try, so a client that retries always gets through.
 */

type Answer = () => Response;

const json = (status: number, code: string, message: string, headers: Record<string, string> = {}) => () =>
  Response.json({ code, message, statusCode: status }, { status, headers });

const ANSWERS: readonly Answer[] = [
  json(429, 'RATE_LIMITED', 'Too many requests', { 'retry-after': '1' }),
  // Real gateways often rate-limit without saying for how long.
  json(429, 'RATE_LIMITED', 'Too many requests'),
  json(500, 'INTERNAL_ERROR', 'Internal server error'),
  json(503, 'SERVICE_UNAVAILABLE', 'Service unavailable'),
  () => new Response('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } }),
];

export class WildFaults {
  /** Per request key: how many times it was asked and whether the last answer was a fault. */
  private readonly asked = new Map<string, { count: number; faulted: boolean }>();

  constructor(
    private readonly seed: number,
    private readonly rate: number,
  ) {}

  pick(key: string): Response | null {
    const state = this.asked.get(key) ?? { count: 0, faulted: false };
    const draw = mulberry32(hashSeed(`${this.seed}|${state.count}|${key}`));
    const fault = !state.faulted && this.rate > 0 && draw() < this.rate;
    this.asked.set(key, { count: state.count + 1, faulted: fault });
    return fault ? ANSWERS[Math.floor(draw() * ANSWERS.length)]!() : null;
  }
}

