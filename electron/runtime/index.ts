import path from 'node:path';
import type { EventName, EventPayload } from '../../shared/ipc/contract';
import type { AppInfo } from '../../shared/ipc/schemas';
import { BUILT_IN_LINK_HOSTS, hostOf, isAllowedExternalUrl, isLoopbackUrl } from '../../shared/domain/external-links';
import { AppError } from '../../shared/errors';
import { ApiKeyVault } from '../services/secrets/api-key';
import type { SecretStore } from '../services/secrets/secret-store';
import type { Logger } from '../services/log/logger';
import { settingsDocument } from '../services/settings/settings';
import type { Handlers } from './handlers';
import { ServiceConnection, type EmbeddedSimulation } from './service-connection';
import { emulatorSnapshot, pressEmulator, startDeviceHost, type DeviceHost, type DeviceKind } from './device-host';
import { createSettingsFeature } from './features/settings';
import { loadEpochHistory, loadVaultList } from '../services/catalog/vault-views';
import { createWalletsFeature } from './features/wallets';
import { createSigningFeature, journalFolder } from './features/signing';
import { createBundlesHandlers } from './features/bundles';
import { createInsightsFeature } from './features/insights';
import { createPositionsFeature } from './features/positions';
import { createTransactionsFeature } from './features/transactions';
import { openWalletBook, seedDemoBook } from './features/demo-book';
import { PortfolioService } from '../services/portfolio/portfolio';
import { AgreementChecks } from '../services/portfolio/agreements';
import type { PortfolioVault } from '../../shared/portfolio/schemas';

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
  /** `--service URL` for this run: used instead of the saved one. */
  serviceUrlOverride?: string;
  offline?: boolean;
  fetch?: typeof fetch;
  /** Starts the Ledger host; injected by tests and by the Electron main process (utility process). */
  startDevice?: (kind: DeviceKind) => Promise<DeviceHost>;
}

export interface ConsoleRuntime {
  handlers: Handlers;
  onEvent(listener: <E extends EventName>(name: E, payload: EventPayload<E>) => void): () => void;
  close(): Promise<void>;
}

/**
 * Builds the console's service graph and its handler table, the same for the Electron main process
 * and the browser shell. Nothing here imports Electron.
 */
export async function createConsoleRuntime(options: RuntimeOptions): Promise<ConsoleRuntime> {
  // Events first: the simulation and the device may report before the rest is built.
  const listeners = new Set<(name: EventName, payload: unknown) => void>();
  const emit = <E extends EventName>(name: E, payload: EventPayload<E>) => {
    for (const l of listeners) l(name, payload);
  };
  const settings = settingsDocument(options.dataDir);
  const loaded = await settings.read();
  if (loaded.recovered) {
    options.log.warn('settings file was unreadable and was kept aside', { keptAt: loaded.recovered.keptAt, reason: loaded.recovered.reason });
  }
  const vault = new ApiKeyVault(options.secrets);
  // Demo wallets never mix with the operator's own: the demo keeps its book under demo/.
  const books = {
    live: await openWalletBook(path.join(options.dataDir), options.log),
    demo: await openWalletBook(path.join(options.dataDir, 'demo'), options.log),
  };
  // `--offline` holds for the run; otherwise the saved setting, which Settings can change.
  let offlineSetting = loaded.value.offline;
  const offline = () => options.offline === true || offlineSetting;
  const connection = new ServiceConnection({
    vault,
    log: options.log,
    startSimulation: options.startSimulation,
    onSimulationReady: (sim) => {
      void seedDemoBook(books.demo.book, sim)
        .then(async () => emit('modeChanged', await appInfo()))
        .catch((err: unknown) => options.log.error('could not fill the demo wallet book', { message: (err as Error).message }));
    },
    offline,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const serviceUrlNow = async () => options.serviceUrlOverride ?? (await settings.read()).value.serviceUrl;
  await connection.select(await serviceUrlNow());

  const bookNow = () => (connection.mode() === 'demo' ? books.demo : books.live);
  const walletsFeature = () => createWalletsFeature(bookNow().book, bookNow().recoveredFrom);
  const agreements = new AgreementChecks();
  let lastVaults: PortfolioVault[] | null = null;
  const portfolio = new PortfolioService({
    service: async () => (await connection.current()).client,
    // The demo reads only its own local chains: the generated catalog's other chains are not
    // simulated, and the demo never contacts anything beyond this machine.
    includeVault: (entry) => connection.mode() !== 'demo' || isLoopbackUrl(entry.rpcUrl),
  });

  // Signing: one pipeline per mode, so demo journals never mix with the operator's own.
  let signing: ReturnType<typeof createSigningFeature> | null = null;
  const signingNow = () => {
    signing ??= createSigningFeature({
      dataDir: journalFolder(options.dataDir, connection.mode() === 'demo'),
      book: () => bookNow().book,
      device: () => deviceNow(),
      portfolio,
      service: async () => (await connection.current()).client,
      log: options.log,
      onEvent: (event) => {
        positions.onSigningEvent(event);
        transactions.onSigningEvent(event);
        emit('signing', event);
      },
    });
    return signing;
  };

  // The Ledger: the emulated one in demo mode, the real one over USB otherwise.
  const deviceKind = (): DeviceKind => (connection.mode() === 'demo' ? 'emulated' : 'hid');
  let device: Promise<DeviceHost> | null = null;
  let deviceUnsubscribe: Array<() => void> = [];
  const deviceNow = (): Promise<DeviceHost> => {
    device ??= (options.startDevice ?? startDeviceHost)(deviceKind()).then((host) => {
      deviceUnsubscribe = [
        host.service.subscribe((state) => emit('deviceState', { kind: host.kind, state })),
        ...(host.emulator ? [host.emulator.subscribe(() => emit('emulatorChanged', emulatorSnapshot(host.emulator)))] : []),
      ];
      return host;
    });
    return device;
  };
  const switchDevice = async () => {
    const current = device ? await device : null;
    if (current && current.kind === deviceKind()) return;
    for (const off of deviceUnsubscribe) off();
    deviceUnsubscribe = [];
    device = null;
    await current?.stop();
  };

  async function appInfo(): Promise<AppInfo> {
    const mode = connection.mode();
    const simulation = connection.status();
    // While the simulation starts, its address is not known yet; everything else answers at once.
    const serviceUrl = simulation === 'starting' || simulation === 'failed' ? '' : (await connection.current()).serviceUrl;
    return { version: options.version, mode, serviceUrl, shell: options.shell, platform: process.platform, simulation };
  }

  const settingsFeature = createSettingsFeature({
    vault,
    settings,
    connection,
    log: options.log,
    onModeChanged: async () => {
      await connection.select(await serviceUrlNow());
      // Nothing read from the previous source may be shown as current.
      portfolio.reset();
      agreements.reset();
      insights.reset();
      positions.reset();
      transactions.reset();
      lastVaults = null;
      signing?.close();
      signing = null;
      await switchDevice();
      emit('modeChanged', await appInfo());
    },
  });

  // Hosts the external opener accepts: explorers of the chains the service lists, KYC providers of
  // its vaults, and a few well-known explorers. Refreshed whenever the vault list is loaded.
  const linkHosts = new Set<string>(BUILT_IN_LINK_HOSTS);
  const rememberLinkHosts = (urls: Iterable<string | null>) => {
    for (const url of urls) {
      const host = url ? hostOf(url) : null;
      if (host) linkHosts.add(host);
    }
  };

  // The service's position records and transaction history of a batch, each a step of its own.
  const walletsOf = (groupId: string | null) =>
    bookNow().book.wallets(groupId ?? undefined).map((w) => ({ address: w.address as `0x${string}`, label: w.label }));
  const positions = createPositionsFeature({ service: async () => (await connection.current()).client, portfolio, wallets: walletsOf });
  const transactions = createTransactionsFeature({ service: async () => (await connection.current()).client, wallets: walletsOf, onExplorerUrls: rememberLinkHosts });

  // Campaigns and points, operators, performance, and the vault page's profile.
  const insights = createInsightsFeature({
    service: async () => (await connection.current()).client,
    book: () => bookNow().book,
    links: { remember: rememberLinkHosts, allows: (url) => isAllowedExternalUrl(url, linkHosts) },
  });

  const handlers: Handlers = {
    app: { info: appInfo },
    settings: {
      apiKeyStatus: () => settingsFeature.status(),
      setApiKey: (input) => settingsFeature.setApiKey(input),
      setOffline: async ({ offline: on }) => {
        const { value } = await settings.read();
        await settings.write({ ...value, offline: on });
        offlineSetting = on;
        await settingsFeature.reselect();
        return appInfo();
      },
      removeApiKey: () => settingsFeature.removeApiKey(),
      testConnection: (input) => settingsFeature.testConnection(input),
    },
    vaults: {
      list: async () => {
        const { client } = await connection.current();
        const { list, linkUrls } = await loadVaultList(client);
        rememberLinkHosts(linkUrls);
        return list;
      },
      epochs: async ({ vaultId }) => loadEpochHistory((await connection.current()).client, vaultId),
      profile: (input) => insights.vaultProfile(input),
    },
    portfolio: {
      load: async ({ groupId }) => {
        const book = bookNow().book;
        const wallets = book.wallets(groupId ?? undefined).map((w) => ({ address: w.address as `0x${string}`, label: w.label }));
        const view = await portfolio.load(wallets, groupId);
        rememberLinkHosts(view.vaults.flatMap((v) => [v.kyc.link, v.chain.explorerUrl]));
        lastVaults = view.vaults;
        positions.remember(view);
        return view;
      },
      agreements: async ({ groupId, force }) => {
        const { client } = await connection.current();
        const wallets = bookNow().book.wallets(groupId ?? undefined);
        const vaults = lastVaults ?? (await portfolio.load([], groupId)).vaults;
        const pairs = vaults
          .filter((v) => v.lenderSignatureIds.length > 0)
          .flatMap((v) => wallets.map((w) => ({ wallet: w.address, vaultId: v.id, signatureIds: v.lenderSignatureIds })));
        return { rows: await agreements.load(client, pairs, force ? { force: true } : {}), checkedAtMs: Date.now() };
      },
    },
    positions: { records: (input) => positions.records(input) },
    transactions: { list: (input) => transactions.list(input) },
    wallets: {
      list: async () => walletsFeature().view(),
      add: (input) => bookNow().book.add(input),
      update: ({ address, ...patch }) => bookNow().book.update(address, patch),
      remove: async ({ addresses }) => ({ removed: await bookNow().book.remove(addresses) }),
      importCsv: ({ csv, groupId }) => bookNow().book.importCsv(csv, groupId),
      export: async ({ format, groupId }) => walletsFeature().export(format, groupId),
      createGroup: ({ name }) => bookNow().book.createGroup(name),
      renameGroup: ({ id, name }) => bookNow().book.renameGroup(id, name),
      deleteGroup: async ({ id }) => {
        await bookNow().book.deleteGroup(id);
        return { deleted: true as const };
      },
      setGroupMembers: async ({ groupId, addresses, member }) => ({ changed: await bookNow().book.setMembership(groupId, addresses, member) }),
    },
    device: {
      state: async () => {
        const host = await deviceNow();
        return { kind: host.kind, state: host.service.getState() };
      },
      refresh: async () => (await deviceNow()).service.refresh(),
      openEthereumApp: async () => (await deviceNow()).service.openEthereumApp(),
      discoverAccounts: async ({ scheme, start, count }) => (await deviceNow()).service.discoverAccounts({ scheme, start, count }),
      verifyAddress: async ({ path, address }) => {
        const shown = await (await deviceNow()).service.verifyAddress(path, address);
        return { address: shown, matches: shown.toLowerCase() === address.toLowerCase() };
      },
      importAccounts: async ({ scheme, indices, groupId }) => {
        const host = await deviceNow();
        const accounts = [];
        // Addresses come from the device itself, one index at a time, never from the window.
        for (const index of [...new Set(indices)].sort((a, b) => a - b)) {
          const [account] = await host.service.discoverAccounts({ scheme, start: index, count: 1 });
          if (account) accounts.push({ address: account.address, ledger: { scheme, path: account.path, index: account.index } });
        }
        return bookNow().book.importLedgerAccounts(accounts, groupId);
      },
    },
    emulator: {
      snapshot: async () => emulatorSnapshot((await deviceNow()).emulator),
      command: async ({ command }) => {
        const host = await deviceNow();
        emulatorSnapshot(host.emulator);
        pressEmulator(host.emulator!, command);
        return emulatorSnapshot(host.emulator);
      },
    },
    signing: {
      plan: (input) => signingNow().plan(input),
      createBatch: ({ planId, acknowledgeBlindSigning }) => signingNow().createBatch(planId, acknowledgeBlindSigning),
      listBatches: () => signingNow().listBatches(),
      openBatch: ({ batchId }) => signingNow().openBatch(batchId),
      run: async ({ batchId }) => signingNow().run(batchId),
      pause: ({ batchId }) => signingNow().pause(batchId),
      retry: async ({ batchId, itemId }) => signingNow().retry(batchId, itemId),
      skip: ({ batchId, itemId }) => signingNow().skip(batchId, itemId),
      resign: ({ batchId, itemId }) => signingNow().resign(batchId, itemId),
      report: ({ batchId }) => signingNow().report(batchId),
    },
    campaigns: insights.campaigns,
    operators: insights.operators,
    performance: insights.performance,
    // Offline review: bundles out of and back into the signing pipeline of the current mode.
    bundles: createBundlesHandlers({
      signing: signingNow,
      offline,
      source: async () =>
        connection.mode() === 'live' ? { kind: 'service', url: (await connection.current()).serviceUrl } : { kind: 'simulation', seed: null, wallets: null },
      epochHistory: async (vaultId) => (await loadEpochHistory((await connection.current()).client, vaultId)).epochs,
      log: options.log,
    }),
    system: {
      openExternal: async ({ url }) => {
        if (offline()) {
          // Opening a page would have the browser reach the network on this machine's behalf.
          throw new AppError({
            code: 'OFFLINE',
            message: `This install is in offline mode: it opens no links (${url}).`,
            action: 'Open the address on an online machine if you need it.',
          });
        }
        if (!isAllowedExternalUrl(url, linkHosts)) {
          throw new AppError({
            code: 'LINK_NOT_ALLOWED',
            message: `The console does not open links to ${hostOf(url) ?? 'that address'}: only https links to known explorers and providers.`,
          });
        }
        await options.openExternal(url);
        return { opened: true };
      },
    },
  };

  return {
    handlers,
    onEvent(listener) {
      const l = listener as (name: EventName, payload: unknown) => void;
      listeners.add(l);
      return () => listeners.delete(l);
    },
    async close() {
      signing?.close();
      for (const off of deviceUnsubscribe) off();
      if (device) await (await device).stop().catch(() => undefined);
      await connection.close();
    },
  };
}
