import { protocolSpecWithVaults, startLocalNetwork, type Artifacts, type LocalNetwork } from '../chain';
import { createChainIndexer, type ChainIndexer, type IndexStats } from '../indexer/indexer';
import { SimStore } from '../service/store';
import { indexerClientAtScale } from './indexer-client';
import { recordPooledPositions } from './service-records';
import { seedScenarioAtScale, type ScaleSeedResult } from './seed';

interface ScaledSimulationOptions {
  seed?: number;
  /** Lender wallets, 12 to 20,000. */
  wallets: number;
  /** Epoch vaults over the two chains, 2 to 10: the first chain gets the larger half. */
  vaults: number;
  artifacts?: Artifacts;
}

export interface ScaledSimulation {
  network: LocalNetwork;
  seeded: ScaleSeedResult;
  store: SimStore;
  indexer: ChainIndexer;
  /** The indexer's first pass over the seeded chains (it fills the service's store). Never run again: it would drop the pooled deposits' records. */
  indexed: IndexStats;
  stop(): Promise<void>;
}

/**
 * A still world of many wallets for measuring: the two chains with the protocol, the scenario
 * seeded by `seedScenarioAtScale`, and the store the simulated service serves, indexed once (with
 * the records of the pooled deposits). No
 * cycle driver and no indexer timer run: the chains and the store do not move while measured.
 */
export async function startScaledSimulation(options: ScaledSimulationOptions): Promise<ScaledSimulation> {
  const specs = [protocolSpecWithVaults(0, Math.ceil(options.vaults / 2)), protocolSpecWithVaults(1, Math.floor(options.vaults / 2))];
  const network = await startLocalNetwork({ specs, ...(options.artifacts ? { artifacts: options.artifacts } : {}) });
  try {
    const chains = network.chains.map(({ chain, deployment }) => ({ client: chain.client, deployment }));
    const seeded = await seedScenarioAtScale(chains, {
      wallets: options.wallets,
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
    });
    const store = new SimStore();
    const indexerChains = await Promise.all(chains.map(async (c) => ({ ...c, client: await indexerClientAtScale(c.client) })));
    const indexer = await createChainIndexer(store, indexerChains);
    const indexed = await indexer.refresh();
    await recordPooledPositions(store, indexer.vaults, seeded.pooled, new Map(chains.map((c) => [c.client.chainId, c.client])));
    return { network, seeded, store, indexer, indexed, stop: () => network.stop() };
  } catch (error) {
    await network.stop();
    throw error;
  }
}
