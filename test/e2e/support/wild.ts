import { startEmbeddedSimulation, type DemoSimulation } from '../../../electron/runtime/embedded-simulation';
import { openConsolePage, demoReady, outliving, type ConsolePage } from './console-page';

/** The seed of the wild suite: the same seed serves the same answers to the same requests, so runs repeat. */
export const WILD_SEED = 7;

export interface WildConsolePage extends ConsolePage {
  /** The demo world behind the console, its service serving `--realism wild`. */
  sim: DemoSimulation;
}

/**
 * The demo as a user gets it, but its service answers as someone else's server may within the
 * spec (`--realism wild`: nulls, unknown fields, new enum values, other number and date forms,
 * capped pages, occasional 429 and 5xx), drawn from a fixed seed. The cycle drivers are held
 * still; `prepare` may change the world's records before the console first reads them. Opens once
 * the first portfolio is on screen; `close` stops the console, then the world.
 */
export async function openWildDemoPage(
  options: { seed?: number; wildFaultRate?: number; prepare?: (sim: DemoSimulation) => void } = {},
): Promise<WildConsolePage> {
  const sim = await startEmbeddedSimulation({
    drive: false,
    seed: options.seed ?? WILD_SEED,
    realism: 'wild',
    ...(options.wildFaultRate !== undefined ? { wildFaultRate: options.wildFaultRate } : {}),
  });
  try {
    options.prepare?.(sim);
    const opened = await openConsolePage({ startSimulation: outliving(sim) });
    await demoReady(opened.page);
    const closeConsole = opened.close;
    return {
      ...opened,
      sim,
      async close() {
        await closeConsole();
        await sim.close();
      },
    };
  } catch (err) {
    await sim.close();
    throw err;
  }
}
