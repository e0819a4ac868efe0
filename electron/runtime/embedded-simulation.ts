import { SIM_DERIVATION_PATH, type Artifacts } from '../demo/chain';
import { startLocalSimulation, type LocalSimulation, type ServiceLag } from '../demo/indexer';
import { generateDataset, startSimService, type SimService } from '../demo/service';
import type { Realism } from '../demo/service';
import type { EmbeddedSimulation } from './service-connection';
import { demoClearSigning } from './demo-clear-signing';

export interface DemoSimulation extends EmbeddedSimulation {
  /**
   * The local chains with their deployments, cycle drivers and indexer: what moves the demo's
   * epochs on, for a test that needs a vault in a state the seeded scenario does not end in.
   */
  local: LocalSimulation;
  /** The simulated service, for a test that scripts its faults (a rate limit, an outage). */
  service: SimService;
}

/**
 * The demo world: two local chains with the vault contracts, a seeded scenario and a cycle driver
 * at demo pace (stepped by the demo clock, which the operator can pause and step), the indexer, and the simulated service on a loopback port serving both the
 * indexed local vaults and a generated catalog. Started only when no real service is configured;
 * its key is generated per run (not a user secret).
 */
export async function startEmbeddedSimulation(
  options: {
    seed?: number;
    wallets?: number;
    /** `demo` (the default): a phase change every 10 minutes; `fast`: one a second, for tests. */
    pace?: 'demo' | 'fast';
    /** Overrides the pace's wall time of one epoch cycle (three phase changes), ms. */
    epochWallMs?: number;
    /** Whether the demo clock runs on its own (default true); off, it moves only when stepped. */
    drive?: boolean;
    artifacts?: Artifacts;
    /** How the service serves its records (the demo: `strict`); `wild` is drawn from `seed`. */
    realism?: Realism;
    wildFaultRate?: number;
    /** When the service records what the chains did (default: snapshots about daily plus on activity, like the real service). */
    serviceLag?: ServiceLag;
  } = {},
): Promise<DemoSimulation> {
  const seed = options.seed ?? 1;
  const store = generateDataset({ seed });
  const chains = await startLocalSimulation({
    seed,
    wallets: options.wallets ?? 24,
    pace: options.pace ?? 'demo',
    ...(options.epochWallMs !== undefined ? { epochWallMs: options.epochWallMs } : {}),
    store,
    ...(options.drive === false ? { drive: false } : {}),
    ...(options.artifacts ? { artifacts: options.artifacts } : {}),
    ...(options.serviceLag ? { serviceLag: options.serviceLag } : {}),
  });
  try {
    const service = await startSimService({
      store,
      port: 0,
      seed,
      ...(options.realism ? { realism: options.realism } : {}),
      ...(options.wildFaultRate !== undefined ? { wildFaultRate: options.wildFaultRate } : {}),
    });
    // The lenders are derived from the simulation's seed, which the emulated Ledger also holds,
    // so the demo can sign for them: m/44'/60'/0'/0/index (the "44'/60'/0'/0/x" scheme).
    const wallets = chains.seeded.wallets.map((w, i) => ({
      address: w.address as `0x${string}`,
      label: `Demo lender ${i + 1}${w.allowed ? '' : ' (no KYC)'}`,
      path: `${SIM_DERIVATION_PATH.replace(/^m\//, '')}/${w.index}`,
      index: w.index,
    }));
    return {
      url: service.url,
      apiKey: service.apiKey,
      wallets,
      localChains: chains.network.chains.map(({ chain }) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl, stop: () => chain.stop() })),
      local: chains,
      clock: chains.clock,
      clearSigning: demoClearSigning(chains.network.chains.map((c) => c.deployment)),
      service,
      async close() {
        await service.close();
        await chains.stop();
      },
    };
  } catch (err) {
    await chains.stop();
    throw err;
  }
}
