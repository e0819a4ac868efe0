import { DeviceService, createHidTransportFactory, type TransportFactory } from '../../electron/services/device';
import { ApiKeyVault } from '../../electron/services/secrets/api-key';
import { KeychainSecretStore } from '../../electron/services/secrets/keychain-store';
import { journalKeysIn } from '../../electron/services/secrets/journal-key';
import { createServiceClient, type ServiceClient } from '../../electron/services/service-client';
import { createBundleService } from '../../electron/services/bundles';
import { createSigningService, type SigningService } from '../../electron/services/signing';
import { createServiceGraph, type ServiceGraph } from '../../electron/runtime/service-graph';
import { SimulationService, signingSimulations } from '../../electron/services/simulation';
import { VaultRegistry, type FirstSeenPolicy } from '../../electron/services/registry';
import { loadEpochHistory } from '../../electron/services/catalog/vault-views';
import { simulatePlan } from '../../electron/services/simulation';
import { writeFileAtomic } from '../../electron/services/storage/atomic-file';
import { SIM_MNEMONIC, FIRST_WALLET_INDEX } from '../../electron/demo/chain/accounts';
import type { BundleSource } from '../../shared/bundles';
import { args, dataDirOf, fail, say, simSeed, simServiceLag, simWallets } from './cli';
import { printProgress } from './print';
import { keepOnExit, simulationFile, type RunnerSimulation } from './simulation';
import { ensurePrivateFolder } from '../../electron/services/storage/private-folder';
import { settingsDocument } from '../../electron/services/settings/settings';
import { carryingCertifiedCalls, ledgerServiceOf } from '../../electron/runtime/ledger-service';

/** Where the runner plans and sends: the seeded simulation, or a real service with the operator's RPCs. */
export interface World {
  source: BundleSource;
  client: ServiceClient;
  /** The catalog, the chain pool (on the `--rpc` or simulated chains only) and the portfolio, built once. */
  graph: ServiceGraph;
  transports: TransportFactory;
  rpcOverrides: Map<number, string>;
  firstIndex: number;
  /** Told of every batch journaled on this world (the runner's simulation keeps their ids). */
  onBatch?(batchId: string): Promise<void>;
  stop(): Promise<void>;
}

async function simWorld(planned: BundleSource | null = null): Promise<World> {
  const { startLocalSimulation, parseServiceLag } = await import('../../electron/demo/indexer');
  const { startSimService } = await import('../../electron/demo/service');
  const seed = simSeed(planned);
  const wallets = simWallets(planned);
  // No cycle driver: nothing moves the chains but this run, so every run from the same seed and
  // wallet count starts with the same contracts at the same addresses, the same nonces, balances
  // and requests, and the same cycle states (block numbers and times may differ).
  const sim = await startLocalSimulation({ seed, wallets, pace: 'fast', drive: false, serviceLag: parseServiceLag(simServiceLag()) });
  const service = await startSimService({ store: sim.store, port: 0 });
  const client = createServiceClient({ baseUrl: service.url, getApiKey: async () => service.apiKey });
  const overrides = new Map(sim.network.chains.map(({ chain }) => [chain.chainId, chain.rpcUrl]));
  say(`simulation: seed ${seed}, ${wallets} wallets, chains ${[...overrides.keys()].join(', ')}, service ${service.url}`);
  return {
    source: { kind: 'simulation', seed, wallets },
    client,
    graph: graphOf(client, overrides),
    transports: await emulatedTransports(),
    rpcOverrides: overrides,
    firstIndex: FIRST_WALLET_INDEX,
    async stop() {
      await service.close();
      await sim.stop();
    },
  };
}


async function runnerSimWorld(sim: RunnerSimulation): Promise<World> {
  const client = createServiceClient({ baseUrl: sim.url, getApiKey: async () => sim.apiKey });
  const overrides = new Map(sim.chains.map((c) => [c.chainId, c.rpcUrl]));
  say(`simulation: seed ${sim.seed}, ${sim.wallets} wallets, chains ${[...overrides.keys()].join(', ')}, service ${sim.url} (pid ${sim.pid})`);
  return {
    source: { kind: 'simulation', seed: sim.seed, wallets: sim.wallets },
    client,
    graph: graphOf(client, overrides),
    transports: await emulatedTransports(),
    rpcOverrides: overrides,
    firstIndex: FIRST_WALLET_INDEX,
    async onBatch(batchId) {
      sim.batches.push(batchId);
      await writeFileAtomic(simulationFile(), `${JSON.stringify(sim, null, 2)}\n`);
      keepOnExit();
    },
    // The simulation outlives this run; runHere stops it once its batch is done.
    async stop() {},
  };
}

async function serviceWorld(url: string): Promise<World> {
  const overrides = new Map<number, string>();
  for (const pair of args.rpc ?? []) {
    const [id, rpc] = pair.split('=');
    if (!id || !rpc || !Number.isInteger(Number(id))) fail(`--rpc takes chainId=url, got "${pair}"`);
    overrides.set(Number(id), rpc);
  }
  const envKey = process.env.VAULTDESK_API_KEY;
  const vault = envKey ? null : new ApiKeyVault(new KeychainSecretStore());
  const client = createServiceClient({ baseUrl: url, getApiKey: async () => envKey ?? (await vault!.read(url)) });
  return {
    source: { kind: 'service', url },
    client,
    graph: graphOf(client, overrides),
    transports: args['emulated-device'] ? await emulatedTransports() : createHidTransportFactory(),
    rpcOverrides: overrides,
    firstIndex: args['emulated-device'] ? FIRST_WALLET_INDEX : 0,
    async stop() {},
  };
}

/** The runner's readers on one service and its chains' RPCs, as the console builds its own. */
const graphOf = (client: ServiceClient, rpcs: ReadonlyMap<number, string>) =>
  createServiceGraph({ service: async () => client, rpcUrls: rpcsOf(rpcs), noRpcAction: rpcFlagAction });

/** The one RPC of a chain given with `--rpc` (or the runner's simulated chain), as the chain pool asks for it. */
const rpcsOf = (rpcs: ReadonlyMap<number, string>) => (chainId: number) => {
  const url = rpcs.get(chainId);
  return url ? [url] : [];
};

/** Against a service, the chains are reached only through the operator's own RPCs, given on the command line. */
const rpcFlagAction = (chainId: number) => `Give this chain's RPC with --rpc ${chainId}=URL (the service's RPCs are never used to plan).`;

/** The device: the emulated Ledger (holding the simulation's seed) or the one on USB. */
export async function deviceTransports(): Promise<TransportFactory> {
  return args.sim || args['emulated-device'] ? emulatedTransports() : createHidTransportFactory();
}

async function emulatedTransports(): Promise<TransportFactory> {
  const { createEmulatedLedger, emulatorTransportFactory } = await import('../../electron/demo/ledger');
  const ledger = createEmulatedLedger({ mnemonic: SIM_MNEMONIC, blindSigning: true, autoApprove: args['auto-approve'] });
  // Exporting an unsigned bundle signs too: the planner's account signs its plan hash. A dry run signs nothing.
  const signsHere = !args.broadcast && !args['dry-run'];
  if (signsHere && !args['auto-approve']) say('emulated Ledger: nobody presses its buttons without --auto-approve; reviews will time out');
  return emulatorTransportFactory(ledger);
}


/** The online services of the runner: the world (simulation or service), the device, the pipeline and the bundles. */
export async function onlineServices(planned: BundleSource | null = null, runnerSim: RunnerSimulation | null = null) {
  const world = runnerSim ? await runnerSimWorld(runnerSim) : args.sim ? await simWorld(planned) : await serviceWorld(args.service!);
  const device = new DeviceService({ transports: world.transports, autoOpenEthereum: true, idleReleaseMs: 60_000 });
  await device.start();
  // The same RPCs as the pipeline: a chain without one shows from the service only and is never planned on.
  const { portfolio } = world.graph;
  const dataDir = dataDirOf();
  ensurePrivateFolder(dataDir);
  const registry = new VaultRegistry(dataDir);
  // Against an operator's service the vault calls' certified descriptors come from Ledger's service
  // (its address from the data folder's settings), as the console asks them; a simulation's never do.
  const ledgerService = args.sim || runnerSim ? undefined : ledgerServiceOf(settingsDocument(dataDir), () => false);
  // The same check before the device as the console's: a kept plan's forks start in the background
  // (from the same RPCs the plan is read through), and an item that reverts on a fork is held.
  let pipeline: SigningService | null = null;
  const simulations = new SimulationService({ findPlan: (planId) => pipeline!.planToSimulate(planId), rpcUrls: rpcsOf(world.rpcOverrides) });
  const signing = createSigningService({
    dataDir,
    // The console's keychain: a journal written here is checked there too, and the other way round.
    journalKeys: journalKeysIn(new KeychainSecretStore(), dataDir),
    device: carryingCertifiedCalls(device, ledgerService),
    ...world.graph.planReaders,
    registry,
    firstSeen: firstSeenPolicy(),
    receiptPollingMs: args.sim || args['emulated-device'] ? 100 : 2_000,
    ...signingSimulations(simulations),
    ...(ledgerService ? { calldataDescriptors: ledgerService } : {}),
  });
  pipeline = signing;
  const bundles = createBundleService({
    dataDir,
    signing,
    chain: world.graph.chain,
    source: () => world.source,
    epochHistory: async (vaultId) => (await loadEpochHistory(world.client, vaultId)).epochs,
    registry,
    device,
    // An exported plan carries its simulation: on a fork of the operator's --rpc (or, with --sim, of the simulation's chain).
    simulationOf: (planId) => simulatePlan(signing.planForExport(planId).plan, { rpcUrls: rpcsOf(world.rpcOverrides) }),
    // An exported bundle carries the calls Ledger's service certified, for the offline install to check against its own.
    ...(ledgerService ? { certifiedCalls: ledgerService } : {}),
  });
  printProgress(signing);
  return {
    world,
    device,
    portfolio,
    signing,
    simulations,
    bundles,
    registry,
    dataDir,
    async stop() {
      // No fork outlives the run.
      await simulations.close();
      await device.stop();
      await world.stop();
    },
  };
}

/**
 * Vaults seen for the first time: the runner's own simulation pins its vaults once their checks
 * pass; against a service, only with --trust-new-vaults (the operator's explicit choice on the
 * command line), otherwise the plan is refused naming the flag.
 */
function firstSeenPolicy(): FirstSeenPolicy {
  if (args.sim) return { kind: 'pin-after-checks', by: 'the batch runner on its own simulation' };
  if (args['trust-new-vaults']) return { kind: 'pin-after-checks', by: 'the batch runner with --trust-new-vaults' };
  return {
    kind: 'refuse',
    action: 'Run again with --trust-new-vaults to pin vaults seen for the first time once their on-chain checks pass (or pin them in the console on this data folder).',
  };
}
