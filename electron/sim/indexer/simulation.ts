import {
  createCycleDriver,
  seedScenario,
  startLocalNetwork,
  type CycleDriver,
  type LocalNetwork,
  type Pace,
  type SeedResult,
} from '../chain';
import { SimStore } from '../service/store';
import { createChainIndexer, type ChainIndexer } from './indexer';

export interface LocalSimulationOptions {
  seed?: number;
  wallets?: number;
  pace?: Pace;
  /** Store to fill (e.g. one that already holds a generated dataset); a new one when omitted. */
  store?: SimStore;
  /** How often the indexer re-reads the chains for lenders' own transactions, ms. */
  refreshMs?: number;
}

export interface LocalSimulation {
  network: LocalNetwork;
  seeded: SeedResult;
  store: SimStore;
  indexer: ChainIndexer;
  drivers: CycleDriver[];
  stop(): Promise<void>;
}

/**
 * The whole local chain side of the simulation: two anvil chains with the protocol deployed,
 * the seeded scenario, the indexer writing into the service store, and one cycle driver per
 * chain (the indexer refreshes after every cycle step and on a timer).
 */
export async function startLocalSimulation(options: LocalSimulationOptions = {}): Promise<LocalSimulation> {
  const network = await startLocalNetwork();
  try {
    const chains = network.chains.map(({ chain, deployment }) => ({ client: chain.client, deployment }));
    const seeded = await seedScenario(chains, {
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(options.wallets !== undefined ? { wallets: options.wallets } : {}),
    });
    const store = options.store ?? new SimStore();
    const indexer = await createChainIndexer(store, chains);
    await indexer.refresh();
    const drivers = chains.map((c) =>
      createCycleDriver(c.client, c.deployment, {
        pace: options.pace ?? 'demo',
        onEvent: () => {
          void indexer.refresh().catch(() => undefined);
        },
      }),
    );
    for (const driver of drivers) driver.start();
    const stopWatch = indexer.watch(options.refreshMs ?? 3000);
    return {
      network,
      seeded,
      store,
      indexer,
      drivers,
      async stop() {
        stopWatch();
        await Promise.all(drivers.map((d) => d.stop()));
        await network.stop();
      },
    };
  } catch (error) {
    await network.stop();
    throw error;
  }
}
