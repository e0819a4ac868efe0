import path from 'node:path';
import type { EventName, EventPayload } from '../../shared/ipc/contract';
import { ServiceStateSchema } from '../../shared/ipc/schemas';
import { PositionRecordsProgressSchema } from '../../shared/positions/schemas';
import { isLoopbackUrl } from '../../shared/domain/external-links';
import { CATALOG_TTL_MS, ServiceCatalog, VAULTS_TOKENS_CHAINS } from '../services/catalog/catalog';
import { chainsFromRpcs } from '../services/catalog/chains-from-rpcs';
import { epochVaultEntries, type EpochVaultEntry } from '../services/portfolio/catalog';
import { loadEpochHistory } from '../services/catalog/vault-views';
import { ChainPool } from '../services/chain/pool';
import { PortfolioService } from '../services/portfolio/portfolio';
import { ApiKeyVault } from '../services/secrets/api-key';
import { KeychainOrFileStore } from '../services/secrets/fallback-store';
import { PassphraseFileStore } from '../services/secrets/passphrase-file-store';
import type { SecretStore } from '../services/secrets/secret-store';
import type { Logger } from '../services/log/logger';
import { settingsDocument } from '../services/settings/settings';
import { ChainRpcBook } from '../services/settings/chain-rpcs';
import type { Handlers } from './handlers';
import { assembleHandlers, type Feature } from './feature';
import { createLinkAllowlist } from './link-allowlist';
import { ServiceConnection, type EmbeddedSimulation } from './service-connection';
import type { DeviceHost, DeviceKind, EmulatedHostOptions } from './device-host';
import { ModeClearSigning } from './demo-clear-signing';
import { createAppFeature } from './features/app';
import { createBundlesFeature } from './features/bundles';
import { createChainRpcsFeature } from './features/chain-rpcs';
import { openWalletBook, seedDemoBook } from './demo-book';
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
import type { Lookup } from '../services/settings/service-target';
import { ensurePrivateFolder } from '../services/storage/private-folder';

/** The encrypted key file in the data folder, used only where the OS keychain cannot be reached. */
export const KEY_FILE_NAME = 'key-file.json';

export interface RuntimeOptions {
  version: string;
  shell: 'electron' | 'browser';
  dataDir: string;
  secrets: SecretStore;
  log: Logger & { forget?(value: string): void };
  /** Starts the embedded simulation (demo mode); injected so the runtime never depends on sim code directly. */
  startSimulation: () => Promise<EmbeddedSimulation>;
  /** Opens an allowlisted https link in the user's browser. */
  openExternal: (url: string) => Promise<void>;
  /** Shows an OS notification (the desktop app); absent in the browser shell. */
  notify?: (title: string, body: string) => boolean;
  /** `--service URL` for this run: used instead of the saved one. */
  serviceUrlOverride?: string;
  offline?: boolean;
  fetch?: typeof fetch;
  /** Resolves a service address typed in Settings before its test; injected by tests. */
  lookup?: Lookup;
  /** Starts the Ledger host; injected by tests and by the Electron main process (utility process). */
  startDevice?: (kind: DeviceKind, emulate?: EmulatedHostOptions) => Promise<DeviceHost>;
}

export interface ConsoleRuntime {
  handlers: Handlers;
  onEvent(listener: <E extends EventName>(name: E, payload: EventPayload<E>) => void): () => void;
  close(): Promise<void>;
}

/**
 * Builds the console's service graph and assembles its features into one handler table, the same
 * for the Electron main process and the browser shell. Nothing here imports Electron. A mode
 * change resets every feature; closing closes every feature.
 */
export async function createConsoleRuntime(options: RuntimeOptions): Promise<ConsoleRuntime> {
  // Events first: the simulation and the device may report before the rest is built.
  const listeners = new Set<(name: EventName, payload: unknown) => void>();
  const emit = <E extends EventName>(name: E, payload: EventPayload<E>) => {
    for (const l of listeners) l(name, payload);
  };
  ensurePrivateFolder(options.dataDir);
  const settings = settingsDocument(options.dataDir);
  const loaded = await settings.read();
  if (loaded.recovered) {
    options.log.warn('settings file was unreadable and was kept aside', {
      keptAt: loaded.recovered.keptAt,
      reason: loaded.recovered.reason,
    });
  }
  // The keychain when it answers, else the passphrase-encrypted key file: the API key and the
  // journal keys always have a place, and Settings says which before a key is typed.
  const keyStore = new KeychainOrFileStore(options.secrets, new PassphraseFileStore(path.join(options.dataDir, KEY_FILE_NAME)));
  const vault = new ApiKeyVault(keyStore);
  // Demo wallets never mix with the operator's own: the demo keeps its book under demo/.
  const books = {
    live: await openWalletBook(path.join(options.dataDir), options.log),
    demo: await openWalletBook(path.join(options.dataDir, 'demo'), options.log),
  };
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
  // Without a key the service gives no chain records: each chain its vaults name is found among the
  // operator's own RPCs (asked directly, not through the pool, which names chains from these records).
  const catalog: ServiceCatalog = new ServiceCatalog(
    CATALOG_TTL_MS,
    chainsFromRpcs({
      rpcChains: async () => [...(await rpcBook.all()).keys()],
      hasCode: async (chainId, address): Promise<boolean> => {
        const code: string | undefined = await chains.clientFor(chainId, await rpcBook.urls(chainId)).getCode({ address });
        return code !== undefined && code !== '0x';
      },
      log: options.log,
    }),
  );
  // The demo's local chains are set by the demo itself; the operator never has to.
  const demoChains = async () => (demo() ? ((await connection.embedded())?.localChains ?? []) : null);
  // Live, a chain is reached only through the operator's own RPCs (Settings → Chains): the
  // service's are suggestions until the operator confirms one, never used silently.
  const chains: ChainPool = new ChainPool({
    chainRecords: catalog.chainRecords(service),
    rpcUrls: async (chainId) => {
      const local = await demoChains();
      if (local) return local.filter((c) => c.chainId === chainId).map((c) => c.rpcUrl);
      return rpcBook.urls(chainId);
    },
  });
  // The demo reads only its own local chains: the generated catalog's other chains are not
  // simulated, and the demo never contacts anything beyond this machine.
  const followed = (entry: EpochVaultEntry) => !demo() || isLoopbackUrl(entry.rpcUrl);
  /** The vaults the service lists now, as the portfolio follows them (what the registry's pinned vaults are looked for in). */
  const listedVaults = async () =>
    epochVaultEntries(await catalog.read(await service(), VAULTS_TOKENS_CHAINS, { now: Date.now() }))
      .filter(followed)
      .map((e) => ({ vaultId: e.vault._id, chainId: e.chainId }));
  const portfolio = new PortfolioService({
    service,
    catalog,
    chains,
    includeVault: followed,
    setAside: () => connection.serviceState().setAside,
    log: options.log,
  });
  const book = () => (demo() ? books.demo : books.live);
  const walletsOf = (groupId: string | null) =>
    book()
      .book.wallets(groupId ?? undefined)
      .map((w) => ({ address: w.address as `0x${string}`, label: w.label }));
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
  const ledgerBindings = () => new LedgerBindings(demo() ? path.join(options.dataDir, 'demo') : options.dataDir);
  const device = createDeviceFeature({
    kind: () => (demo() ? 'emulated' : 'hid'),
    ...(options.startDevice ? { start: options.startDevice } : {}),
    demoClearSigning,
    book: () => book().book,
    bindings: ledgerBindings,
    emit,
  });
  // The service's position records and transaction history of a batch, each a step of its own.
  const positions = createPositionsFeature({
    service,
    portfolio,
    wallets: walletsOf,
    onProgress: (event) => emit('positionRecordsProgress', PositionRecordsProgressSchema.parse(event)),
  });
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
    portfolio,
    service,
    chain: (chainId) => chains.client(chainId),
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
    createPortfolioFeature({ portfolio, service, wallets: walletsOf, links, onView: (view) => positions.remember(view) }),
    positions,
    transactions,
    createAllowancesFeature({ signing: () => signing.current(), portfolio, chain: (id) => chains.client(id), wallets: (groupId) => book().book.wallets(groupId ?? undefined), demo, keyless: () => connection.mode() === 'public' }),
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
      listing: listedVaults,
    }),
    // The demo clock: paused and stepped from the banner and Settings.
    demoClock,
    // Campaigns and points, operators, performance, and the vault page's profile.
    createInsightsFeature({ service, catalog, book: () => book().book, links }),
    createLedgerTokensFeature({ registry: () => signing.current().registry }),
  ];

  const handlers = assembleHandlers(features);
  // Selected once every feature exists: the simulation may report ready at once.
  await connection.select(await serviceUrlNow());
  return {
    handlers,
    onEvent(listener) {
      const l = listener as (name: EventName, payload: unknown) => void;
      listeners.add(l);
      return () => listeners.delete(l);
    },
    async close() {
      for (const f of features) await f.close();
      await connection.close();
    },
  };
}
