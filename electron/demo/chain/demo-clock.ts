import type { DemoClock, DemoClockControl } from '../../../shared/demo/clock';
import type { CycleDriver } from './driver';
import type { OneClock } from './one-clock';

export type { DemoClockControl };

/** The demo's clock: every chain's cycle driver stepped together, on a timer that can be paused. */

interface DemoClockOptions {
  /** Wall time between two steps while running, ms. */
  stepMs: number;
  /** Whether the timer starts paused (a still world for a test, or the `immediate` pace). */
  paused?: boolean;
  now?: () => number;
  /** The chains' one time: after each step the chains behind catch up with the furthest. */
  oneClock?: OneClock;
}

/**
 * One timer for every chain: the chains' vaults move at the same moment, so the banner can say
 * when the next phase change comes, and the operator can hold them still while signing by hand.
 */
export function createDemoClock(drivers: readonly CycleDriver[], options: DemoClockOptions): DemoClockControl {
  const now = options.now ?? Date.now;
  const listeners = new Set<(clock: DemoClock) => void>();
  let timer: NodeJS.Timeout | undefined;
  let nextStepAtMs: number | null = null;
  let paused = options.paused ?? false;
  let steps = 0;
  let stepping = false;
  let inFlight: Promise<void> = Promise.resolve();

  const status = (): DemoClock => ({
    paused,
    stepSeconds: Math.round(options.stepMs / 1000),
    nextStepAtMs: paused || stepping ? null : nextStepAtMs,
    steps,
    stepping,
  });
  const changed = () => {
    const clock = status();
    for (const l of listeners) l(clock);
  };

  const arm = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (paused) {
      nextStepAtMs = null;
      return;
    }
    nextStepAtMs = now() + options.stepMs;
    timer = setTimeout(() => void runStep(), options.stepMs);
    timer.unref();
  };

  // Steps never overlap: the chains' clocks jump forward during one, and a second would jump again.
  const runStep = (): Promise<void> => {
    inFlight = inFlight.then(async () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      stepping = true;
      changed();
      try {
        // The chains step side by side, each vault of one after the other, then share the time
        // the furthest reached. A driver a test stopped stays still.
        const stepAll = () => Promise.all(drivers.filter((d) => !d.isHalted()).map((d) => d.step()));
        await (options.oneClock ? options.oneClock.step(stepAll) : stepAll());
      } finally {
        steps += 1;
        stepping = false;
        arm();
        changed();
      }
    });
    return inFlight;
  };

  if (!paused) arm();

  return {
    status,
    resume() {
      if (!paused) return;
      paused = false;
      if (!stepping) arm();
      changed();
    },
    pause() {
      if (paused) return;
      paused = true;
      arm();
      changed();
    },
    async step() {
      await runStep();
      return status();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      paused = true;
      arm();
      await inFlight.catch(() => undefined);
    },
  };
}
