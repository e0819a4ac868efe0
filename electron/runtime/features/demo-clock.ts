import { AppError } from '../../../shared/errors';
import type { DemoClock } from '../../../shared/demo/clock';
import type { DemoClockControl } from '../../../shared/demo/clock';
import type { EmbeddedSimulation } from '../service-connection';
import { feature, type Feature } from '../feature';

interface DemoClockFeatureDeps {
  /** The running simulation in demo mode, else null. */
  simulation: () => Promise<EmbeddedSimulation | null>;
  onChange: (clock: DemoClock) => void;
}

/**
 * The demo clock for the banner and Settings: pause it to sign by hand without the vaults moving,
 * step it to see the next phase. Only the demo has one; elsewhere the chains keep their own time.
 */
export function createDemoClockFeature(deps: DemoClockFeatureDeps): Feature & { attach(sim: EmbeddedSimulation): void } {
  let detach: (() => void) | null = null;

  async function clock(): Promise<DemoClockControl> {
    const sim = await deps.simulation();
    if (!sim?.clock) {
      throw new AppError({
        code: 'DEMO_CLOCK_UNAVAILABLE',
        message: 'Only the demo has a clock to pause or step: the console is not running the embedded simulation.',
        action: 'Forget the service address in Settings to go back to the demo.',
      });
    }
    return sim.clock;
  }

  return {
    ...feature(
      {
        demo: {
          clock: async () => (await clock()).status(),
          setClockPaused: async ({ paused }) => {
            const c = await clock();
            if (paused) c.pause();
            else c.resume();
            return c.status();
          },
          stepClock: async () => (await clock()).step(),
        },
      },
      {
        close: () => {
          detach?.();
          detach = null;
        },
      },
    ),
    attach(sim) {
      detach?.();
      detach = sim.clock ? sim.clock.onChange(deps.onChange) : null;
    },
  };
}
