import { ServiceStateSchema } from '../../shared/ipc/schemas';
import { loadEpochHistory } from '../services/catalog/vault-views';
import { ChainRpcBook } from '../services/settings/chain-rpcs';
import { assembleHandlers, type Feature } from './feature';
import { createLinkAllowlist } from './link-allowlist';
import { consoleServiceGraph } from './console-graph';
import { ServiceConnection } from './service-connection';
import { ModeClearSigning } from './mode-clear-signing';
import { createAppFeature } from './features/app';
import { createBundlesFeature } from './features/bundles';
import { createChainRpcsFeature } from './features/chain-rpcs';
import { seedDemoBook } from './demo-book';
import { createDeviceFeature } from './features/device';
import { LedgerBindings } from '../services/device/ledger-bindings';
import { walletDevicesOf } from './features/ledger-desk';
import { createDemoClockFeature } from './features/demo-clock';
import { createInsightsFeature } from './features/insights';
import { createPortfolioFeature } from './features/portfolio';
import { createPositionsFeature } from './features/positions';
import { createRegistryFeature } from './features/registry';
import { createSettingsFeature, offlineSetting } from './features/settings';
import { createLedgerTokensFeature } from './features/ledger-tokens';
import { createSigningFeature } from './features/signing';
import { createSimulationFeature } from './features/simulation';
import { SimulationService } from '../services/simulation';
import { createTransactionsFeature } from './features/transactions';
import { createAllowancesFeature } from './features/allowances';
import { createVaultsFeature } from './features/vaults';
import { createWalletsFeature } from './features/wallets';
import type { ConsoleRuntime, RuntimeOptions } from './options';
import { modeDataDir, openStores, portfolioWallets } from './stores';
import { createEventHub, replaying } from './events';
import { ledgerServiceOf } from './ledger-service';
export { KEY_FILE_NAME, type ConsoleRuntime, type RuntimeOptions } from './options';

/**
 * Builds the console's service graph and assembles its features into one handler table, the same
 * for the Electron main process and the browser shell. Nothing here imports Electron. A mode
 * change resets every feature; closing closes every feature.
 */
export async function createConsoleRuntime(options: RuntimeOptions): Promise<ConsoleRuntime> {
  // Events first: the simulation and the device may report before the rest is built.
  const { emit, onEvent } = createEventHub();
  const { settings, loaded, keyStore, vault, books } = await openStores(options);
  const offline = offlineSetting(options.offline, loaded.value.offline);
  // The demo's vault calls in clear, with test-certified descriptors its emulated Ledger only trusts.
  const demoClearSigning = new ModeClearSigning();
  const demoClock = createDemoClockFeature({ simulation: () => connection.embedded(), onChange: (clock) => emit('demoClock', clock) });
  const connection = new ServiceConnection({
    vault,
    log: options.log,
    startSimulation: options.startSimulation,
    onSimulationReady: (sim) => {
      demoClock.attach(sim);
      demoClearSigning.use(sim.clearSigning ?? null);
      void seedDemoBook(books.demo.book, sim)
        .then(async () => emit('modeChanged', await app.info()))
        .catch((err: unknown) => options.log.error('could not fill the demo wallet book', { message: (err as Error).message }));
    },
    offline,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  // What the service's reads set aside and its rate-limit pause reach every screen as they change.
  connection.onServiceState((state) => emit('serviceState', ServiceStateSchema.parse(state)));
  const serviceUrlNow = async () => options.serviceUrlOverride ?? (await settings.read()).value.serviceUrl;

  // The services every feature shares: the current service, the catalog and the chain clients.
  const demo = () => connection.mode() === 'demo';
  const service = async () => (await connection.current()).client;
  const rpcBook = new ChainRpcBook(settings);
  const { graph, demoChains } = consoleServiceGraph({ connection, service, demo, rpcBook, log: options.log });
  const { catalog, chains, portfolio } = graph;
  const book = () => (demo() ? books.demo : books.live);
  const walletsOf = (groupId: string | null) => portfolioWallets(book().book, groupId);
  const links = createLinkAllowlist();

  const app = createAppFeature({
    version: options.version,
    shell: options.shell,
    connection,
    offline,
    links,
    openExternal: options.openExternal,
    ...(options.notify ? { notify: options.notify } : {}),
  });
  const ledgerBindings = () => new LedgerBindings(modeDataDir(options.dataDir, demo()));
  const device = createDeviceFeature({
    kind: () => (demo() ? 'emulated' : 'hid'),
    ...(options.startDevice ? { start: options.startDevice } : {}),
    startEmulated: options.startEmulatedDevice,
    demoClearSigning,
    book: () => book().book,
    bindings: ledgerBindings,
    emit,
  });
  // The service's position records (and agreements, pushed after each portfolio load) and transaction history of a batch.
  const positions = createPositionsFeature({ service, portfolio, wallets: walletsOf, emit, log: options.log });
  const transactions = createTransactionsFeature({ service, catalog, wallets: walletsOf, onExplorerUrls: (urls) => links.remember(urls) });
  // What will change: one simulation service, its forks started when a plan is kept and shared by
  // the review, the check before the device and the bundles.
  const simulations = new SimulationService({
    findPlan: (planId) => signing.current().pipeline.planToSimulate(planId),
    rpcUrls: (chainId) => chains.urls(chainId),
    offline,
  });
  const signing = createSigningFeature({
    dataDir: options.dataDir,
    secrets: keyStore,
    demo,
    keyless: () => connection.mode() === 'public',
    book: () => book().book,
    device: () => device.host(),
    walletDevices: walletDevicesOf(() => device.host(), ledgerBindings, () => book().book),
    demoClearSigning,
    readers: graph.planReaders,
    ledgerService: ledgerServiceOf(settings, offline),
    offline,
    log: options.log,
    simulations,
    onEvent: (event) => {
      positions.onSigningEvent(event);
      transactions.onSigningEvent(event);
      emit('signing', event);
    },
  });

  // The vaults feature comes first: it forgets the catalog before any other feature resets.
  const features: Feature[] = [
    createVaultsFeature({ catalog, service, links }),
    app,
    createSettingsFeature({
      vault,
      keyStore,
      settings,
      connection,
      log: options.log,
      offline,
      links,
      ...(options.lookup ? { lookup: options.lookup } : {}),
      info: () => app.info(),
      onModeChanged: async () => {
        await connection.select(await serviceUrlNow());
        // Nothing read from the previous source may be shown as current.
        for (const f of features) await f.reset();
        emit('modeChanged', await app.info());
      },
    }),
    createChainRpcsFeature({
      book: rpcBook,
      mode: () => connection.mode(),
      chainRecords: catalog.chainRecords(service),
      demoChains,
      onRpcsChanged: () => catalog.forget('chains'),
      log: options.log,
      ...(options.fetch ? { fetchFn: options.fetch } : {}),
    }),
    createPortfolioFeature({ portfolio, wallets: walletsOf, links, onLoaded: positions.afterPortfolioLoad }),
    positions,
    transactions,
    createAllowancesFeature({
      signing: () => signing.current(),
      portfolio,
      chain: (id) => chains.client(id),
      wallets: (groupId) => book().book.wallets(groupId ?? undefined),
      demo,
      keyless: () => connection.mode() === 'public',
    }),
    createWalletsFeature(book),
    // The pipeline lets go of the device before the device is switched or stopped.
    signing,
    device,
    // Offline review: bundles out of and back into the signing pipeline of the current mode.
    createBundlesFeature({
      signing: () => signing.current(),
      offline,
      source: async () =>
        connection.mode() === 'live' || connection.mode() === 'public'
          ? { kind: 'service', url: (await connection.current()).serviceUrl }
          : { kind: 'simulation', seed: null, wallets: null },
      epochHistory: async (vaultId) => (await loadEpochHistory(await service(), vaultId)).epochs,
      device: () => device.host(),
      simulationOf: (planId) => simulations.simulate(planId),
      log: options.log,
    }),
    // What will change: a kept plan simulated on local forks of its chains, through the operator's RPCs.
    createSimulationFeature({ service: simulations }),
    // The pinned vault registry of the current mode's pipeline: review, pin, export.
    createRegistryFeature({
      registry: () => signing.current().registry,
      portfolio,
      chain: (chainId) => chains.client(chainId),
      offline,
      device: () => device.host(),
      listing: graph.listedVaults,
    }),
    // The demo clock: paused and stepped from the banner and Settings.
    demoClock,
    // Campaigns and points, operators, performance, and the vault page's profile.
    createInsightsFeature({ service, catalog, book: () => book().book, links }),
    createLedgerTokensFeature({ registry: () => signing.current().registry, demoClearSigning: () => (demo() ? demoClearSigning : undefined) }),
  ];

  const handlers = assembleHandlers(features);
  // Selected once every feature exists: the simulation may report ready at once.
  await connection.select(await serviceUrlNow());
  return {
    handlers,
    // The last records pushed per batch reach a window that subscribes after them.
    onEvent: replaying(onEvent, 'positions', positions.kept),
    async close() {
      for (const f of features) await f.close();
      await connection.close();
    },
  };
}
