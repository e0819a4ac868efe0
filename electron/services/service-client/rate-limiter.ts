/**
 * One pause shared by every call of a client: when the service answers 429, no call of this
 * client sends anything until the pause is over, so concurrent reads do not each hit the limit
 * and burn their own retries. The state is observable, so the UI can say "waiting for the
 * service (rate limit), N s" instead of showing failures.
 */

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RateLimitState {
  /** When calls may be sent again (epoch ms), or null when they may be sent now. */
  waitingUntil(): number | null;
  /** Called with the new `waitingUntil` whenever a pause starts or ends; returns the unsubscribe. */
  subscribe(listener: (waitingUntil: number | null) => void): () => void;
}

export interface RateLimiter extends RateLimitState {
  /** Starts (or lengthens) the shared pause, then waits `ms` itself. */
  hold(ms: number, signal?: AbortSignal): Promise<void>;
  /** Waits for the shared pause, if one is running. */
  ready(signal?: AbortSignal): Promise<void>;
}

export function createRateLimiter(sleep: Sleep, now: () => number = Date.now): RateLimiter {
  let until = 0;
  const listeners = new Set<(waitingUntil: number | null) => void>();
  const notify = () => {
    const value = until > now() ? until : null;
    for (const listener of listeners) listener(value);
  };
  // Only the wait that reaches the end of the pause says it is over.
  const end = (pausedUntil: number) => {
    if (until === pausedUntil) {
      until = 0;
      notify();
    }
  };

  return {
    waitingUntil: () => (until > now() ? until : null),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async hold(ms, signal) {
      const target = now() + ms;
      if (target > until) {
        until = target;
        notify();
      }
      await sleep(ms, signal);
      end(target);
    },
    async ready(signal) {
      for (;;) {
        const pausedUntil = until;
        const remaining = pausedUntil - now();
        if (remaining <= 0) return;
        await sleep(remaining, signal);
        // Lengthened while this call slept (another 429): wait the rest; otherwise go.
        if (until <= pausedUntil) return end(pausedUntil);
      }
    },
  };
}
