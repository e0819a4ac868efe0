/**
 * Fault injection for the simulated service, switchable at runtime. Two ways to ask for faults:
 * - rates (`set({ failRate: 0.2 })`): each `/v1` request draws independently;
 * - a script (`enqueue({ kind: 'rateLimit', retryAfterSeconds: 1 })`): the next matching requests
 *   get exactly these faults, in order, before any rate applies. Tests use the script, so they do
 *   not depend on luck.
 */

export type FaultKind =
  /** 500 with an error body. */
  | 'serverError'
  /** 503 with an error body. */
  | 'unavailable'
  /** 502 with a non-JSON body, as a proxy would answer. */
  | 'badGateway'
  /** 429 with `Retry-After`. */
  | 'rateLimit'
  /** 200 whose body is not JSON. */
  | 'malformedJson'
  /** 200 whose body stops half-way (the connection is cut). */
  | 'truncate';

interface ScriptedFault {
  kind: FaultKind;
  /** Only requests whose path starts with this take the fault (default: any `/v1` request). */
  path?: string;
  /** Only requests with this method (default: any). */
  method?: string;
  /** For `rateLimit`: the `Retry-After` value in seconds (default 1). */
  retryAfterSeconds?: number;
}

export interface FaultSettings {
  /** Added to every `/v1` response. */
  latencyMs: number;
  /** Probability of a 500 or 503 (half each). */
  failRate: number;
  /** Probability of a 429. */
  rateLimitRate: number;
  /** `Retry-After` of rate-limited answers, seconds. */
  retryAfterSeconds: number;
  /** Probability of a malformed JSON body. */
  malformedRate: number;
  /** Probability of a truncated body. */
  truncateRate: number;
}

const NO_FAULTS: FaultSettings = {
  latencyMs: 0,
  failRate: 0,
  rateLimitRate: 0,
  retryAfterSeconds: 1,
  malformedRate: 0,
  truncateRate: 0,
};

export interface PickedFault {
  kind: FaultKind;
  retryAfterSeconds: number;
}

export class FaultControl {
  private current: FaultSettings;
  private readonly script: ScriptedFault[] = [];
  /** How many faults were served, by kind: lets a test check that a fault really happened. */
  readonly served: Record<FaultKind, number> = {
    serverError: 0,
    unavailable: 0,
    badGateway: 0,
    rateLimit: 0,
    malformedJson: 0,
    truncate: 0,
  };

  constructor(
    initial: Partial<FaultSettings> = {},
    private readonly random: () => number = Math.random,
  ) {
    this.current = { ...NO_FAULTS, ...initial };
  }

  get settings(): Readonly<FaultSettings> {
    return this.current;
  }

  set(patch: Partial<FaultSettings>): void {
    this.current = { ...this.current, ...patch };
  }

  /** Back to no faults at all, and an empty script. */
  reset(): void {
    this.current = { ...NO_FAULTS };
    this.script.length = 0;
  }

  enqueue(...faults: ScriptedFault[]): void {
    this.script.push(...faults);
  }

  /** Scripted faults not served yet. */
  get pending(): number {
    return this.script.length;
  }

  /** The fault for this request, if any. */
  pick(method: string, path: string): PickedFault | null {
    const index = this.script.findIndex(
      (f) => (f.path === undefined || path.startsWith(f.path)) && (f.method === undefined || f.method === method),
    );
    if (index >= 0) {
      const [fault] = this.script.splice(index, 1);
      return this.count({ kind: fault!.kind, retryAfterSeconds: fault!.retryAfterSeconds ?? 1 });
    }
    const s = this.current;
    const retryAfterSeconds = s.retryAfterSeconds;
    if (s.rateLimitRate > 0 && this.random() < s.rateLimitRate) return this.count({ kind: 'rateLimit', retryAfterSeconds });
    if (s.failRate > 0 && this.random() < s.failRate) {
      return this.count({ kind: this.random() < 0.5 ? 'serverError' : 'unavailable', retryAfterSeconds });
    }
    if (s.malformedRate > 0 && this.random() < s.malformedRate) return this.count({ kind: 'malformedJson', retryAfterSeconds });
    if (s.truncateRate > 0 && this.random() < s.truncateRate) return this.count({ kind: 'truncate', retryAfterSeconds });
    return null;
  }

  private count(fault: PickedFault): PickedFault {
    this.served[fault.kind] += 1;
    return fault;
  }
}
