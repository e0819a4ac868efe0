import {
  createCycleDriver,
  createDemoClock,
  createOneClock,
  stepWallMs,
  type DemoClockControl,
  protocolSpecWithVaults,
  seedScenario,
  startLocalNetwork,
  type Artifacts,
  type CycleDriver,
  type LocalNetwork,
  type Pace,
  type SeedResult,
} from '../chain';
import { SimStore } from '../service/store';
import { createChainIndexer, type ChainIndexer } from './indexer';
import type { ServiceLag } from './publish';

interface LocalSimulationOptions {
  seed?: number;
  wallets?: number;
  pace?: Pace;
  /** Overrides the pace's wall time of one epoch cycle (three phase changes), ms. */
  epochWallMs?: number;
  /** Store to fill (e.g. one that already holds a generated dataset); a new one when omitted. */
  store?: SimStore;
  /** How often the indexer re-reads the chains for lenders' own transactions, ms. */
  refreshMs?: number;
  /**
   * Epoch vaults over the two chains, 2 to 10 (default: the default layout, 5): the first chain
   * gets the larger half.
   */
  vaults?: number;
  /** Whether the demo clock runs on its own (default true); tests that need a still world turn it off (it still steps when asked). */
  drive?: boolean;
  /** Compiled contracts; by default compiled from the sources (a packaged app ships them prebuilt). */
  artifacts?: Artifacts;
  /** When the service records what the chains did (default: snapshots about daily plus on activity, like the real service). */
  serviceLag?: ServiceLag;
}

export interface LocalSimulation {
  network: LocalNetwork;
  seeded: SeedResult;
  store: SimStore;
  indexer: ChainIndexer;
  drivers: CycleDriver[];
  /** Steps every chain's drivers together at the pace, the chains then on one time; pausable, and stepped by hand. */
  clock: DemoClockControl;
  stop(): Promise<void>;
}

/**
 * The whole local chain side of the simulation: two anvil chains with the protocol deployed,
 * the seeded scenario, the indexer writing into the service store, and one cycle driver per
 * chain (the indexer refreshes after every cycle step and on a timer).
 */
export async function startLocalSimulation(options: LocalSimulationOptions = {}): Promise<LocalSimulation> {
  const specs =
    options.vaults !== undefined ? [protocolSpecWithVaults(0, Math.ceil(options.vaults / 2)), protocolSpecWithVaults(1, Math.floor(options.vaults / 2))] : undefined;
  const network = await startLocalNetwork({ ...(specs ? { specs } : {}), ...(options.artifacts ? { artifacts: options.artifacts } : {}) });
  try {
    const chains = network.chains.map(({ chain, deployment }) => ({ client: chain.client, deployment }));
    const seeded = await seedScenario(chains, {
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(options.wallets !== undefined ? { wallets: options.wallets } : {}),
    });
    // The seeded histories leave the chains days apart: they start on one clock.
    const oneClock = createOneClock(chains.map((c) => c.client));
    await oneClock.align();
    const store = options.store ?? new SimStore();
    const indexer = await createChainIndexer(store, chains, options.serviceLag ? { serviceLag: options.serviceLag } : {});
    await indexer.refresh();
    const drivers = chains.map((c) =>
      createCycleDriver(c.client, c.deployment, {
        pace: options.pace ?? 'demo',
        oneClock,
        onEvent: () => {
          void indexer.refresh().catch(() => undefined);
        },
      }),
    );
    const pace = options.pace ?? 'demo';
    const clock = createDemoClock(drivers, {
      stepMs: pace === 'immediate' ? 0 : stepWallMs(pace, options.epochWallMs),
      paused: options.drive === false || pace === 'immediate',
      oneClock,
    });
    const stopWatch = indexer.watch(options.refreshMs ?? 3000);
    return {
      network,
      seeded,
      store,
      indexer,
      drivers,
      clock,
      async stop() {
        stopWatch();
        await clock.close();
        await Promise.all(drivers.map((d) => d.stop()));
        indexer.close();
        await network.stop();
      },
    };
  } catch (error) {
    await network.stop();
    throw error;
  }
}
