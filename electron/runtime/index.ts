import type { EventName, EventPayload } from '../../shared/ipc/contract';
import type { AppInfo } from '../../shared/ipc/schemas';
import { BUILT_IN_LINK_HOSTS, hostOf } from '../../shared/domain/external-links';
import { isAllowedExternalUrl } from '../../shared/domain/external-links';
import { AppError } from '../../shared/errors';
import { ApiKeyVault } from '../services/secrets/api-key';
import type { SecretStore } from '../services/secrets/secret-store';
import type { Logger } from '../services/log/logger';
import { settingsDocument } from '../services/settings/settings';
import type { Handlers } from './handlers';
import { ServiceConnection, type EmbeddedSimulation } from './service-connection';
import { createSettingsFeature } from './features/settings';
import { loadVaultList } from './features/vaults';
import { createWalletsFeature } from './features/wallets';
import { WalletBook, walletBookDocument } from '../services/wallets/wallet-book';

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
  const settings = settingsDocument(options.dataDir);
  const loaded = await settings.read();
  if (loaded.recovered) {
    options.log.warn('settings file was unreadable and was kept aside', { keptAt: loaded.recovered.keptAt, reason: loaded.recovered.reason });
  }
  const vault = new ApiKeyVault(options.secrets);
  const offline = options.offline ?? loaded.value.offline;
  const connection = new ServiceConnection({
    vault,
    log: options.log,
    startSimulation: options.startSimulation,
    offline,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const serviceUrlNow = async () => options.serviceUrlOverride ?? (await settings.read()).value.serviceUrl;
  await connection.select(await serviceUrlNow());

  const book = new WalletBook(walletBookDocument(options.dataDir));
  const bookLoad = await book.load();
  if (bookLoad.recovered) {
    options.log.warn('wallet book was unreadable and was kept aside', { keptAt: bookLoad.recovered.keptAt, reason: bookLoad.recovered.reason });
  }
  const walletsFeature = createWalletsFeature(book, bookLoad.recovered?.keptAt ?? null);

  const listeners = new Set<(name: EventName, payload: unknown) => void>();
  const emit = <E extends EventName>(name: E, payload: EventPayload<E>) => {
    for (const l of listeners) l(name, payload);
  };

  async function appInfo(): Promise<AppInfo> {
    const active = await connection.current();
    return { version: options.version, mode: active.mode, serviceUrl: active.serviceUrl, shell: options.shell, platform: process.platform };
  }

  const settingsFeature = createSettingsFeature({
    vault,
    settings,
    connection,
    log: options.log,
    onModeChanged: async () => {
      await connection.select(await serviceUrlNow());
      emit('modeChanged', await appInfo());
    },
  });

  // Hosts the external opener accepts: explorers of the chains the service lists, KYC providers of
  // its vaults, and a few well-known explorers. Refreshed whenever the vault list is loaded.
  const linkHosts = new Set<string>(BUILT_IN_LINK_HOSTS);

  const handlers: Handlers = {
    app: { info: appInfo },
    settings: {
      apiKeyStatus: () => settingsFeature.status(),
      setApiKey: (input) => settingsFeature.setApiKey(input),
      removeApiKey: () => settingsFeature.removeApiKey(),
      testConnection: (input) => settingsFeature.testConnection(input),
    },
    vaults: {
      list: async () => {
        const { client } = await connection.current();
        const list = await loadVaultList(client);
        return list;
      },
    },
    wallets: {
      list: async () => walletsFeature.view(),
      add: (input) => book.add(input),
      update: ({ address, ...patch }) => book.update(address, patch),
      remove: async ({ addresses }) => ({ removed: await book.remove(addresses) }),
      importCsv: ({ csv, groupId }) => book.importCsv(csv, groupId),
      export: async ({ format, groupId }) => walletsFeature.export(format, groupId),
      createGroup: ({ name }) => book.createGroup(name),
      renameGroup: ({ id, name }) => book.renameGroup(id, name),
      deleteGroup: async ({ id }) => {
        await book.deleteGroup(id);
        return { deleted: true as const };
      },
      setGroupMembers: async ({ groupId, addresses, member }) => ({ changed: await book.setMembership(groupId, addresses, member) }),
    },
    system: {
      openExternal: async ({ url }) => {
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
    close: () => connection.close(),
  };
}
