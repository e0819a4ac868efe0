import { BUILT_IN_LINK_HOSTS } from '../../../shared/domain/external-links';
import { AppError } from '../../../shared/errors';
import type { ApiKeyStatus, AppInfo, ConnectionTest, LinkHosts } from '../../../shared/ipc/schemas';
import { apiKeyFingerprint, type ApiKeyVault } from '../../services/secrets/api-key';
import type { KeychainOrFileStore } from '../../services/secrets/fallback-store';
import { normaliseBaseUrl } from '../../services/service-client';
import { assertLoopbackHttp } from '../../services/service-client/loopback-http';
import { pinnedFetch } from '../../services/service-client/pinned-fetch';
import { resolveServiceTarget, type Lookup } from '../../services/settings/service-target';
import type { JsonDocument } from '../../services/storage/json-document';
import type { Settings } from '../../services/settings/settings';
import type { Logger } from '../../services/log/logger';
import type { LinkAllowlist } from '../link-allowlist';
import type { ServiceConnection } from '../service-connection';
import { feature, type Feature } from '../feature';

/** Offline review: `--offline` holds for the run; otherwise the saved setting, which Settings can change. */
export interface OfflineSetting {
  (): boolean;
  set(on: boolean): void;
}

export function offlineSetting(forced: boolean | undefined, saved: boolean): OfflineSetting {
  let on = saved;
  return Object.assign(() => forced === true || on, {
    set: (value: boolean) => {
      on = value;
    },
  });
}

export interface SettingsDeps {
  vault: ApiKeyVault;
  /** Where the vault's secrets go: the keychain, else the passphrase-encrypted key file. */
  keyStore: KeychainOrFileStore;
  settings: JsonDocument<Settings>;
  connection: ServiceConnection;
  log: Logger & { forget?(value: string): void };
  offline: OfflineSetting;
  /** The external links' allowlist: Settings shows the hosts the service named. */
  links: Pick<LinkAllowlist, 'namedByService'>;
  info(): Promise<AppInfo>;
  /** Called after the mode may have changed, so the UI reloads what it shows. */
  onModeChanged(): Promise<void>;
  /** Resolves a typed-in service address for its test; the system's resolver unless injected. */
  lookup?: Lookup;
}

/**
 * The API key's life cycle: save to the keychain (only there), test, replace, remove; and the
 * offline-review switch. The renderer only ever learns whether a key is configured and its short
 * fingerprint.
 */
export function createSettingsFeature(deps: SettingsDeps): Feature {
  async function status(): Promise<ApiKeyStatus> {
    const { value } = await deps.settings.read();
    const store = await deps.keyStore.state();
    const keychain = store.keychain.available ? { keychainAvailable: true, keychainProblem: null, keyFile: null } : { keychainAvailable: false, keychainProblem: store.keychain.reason, keyFile: store.file };
    if (!store.keychain.available && store.file !== 'unlocked') {
      return { serviceUrl: value.serviceUrl, configured: false, fingerprint: null, ...keychain };
    }
    const key = value.serviceUrl ? await deps.vault.read(value.serviceUrl) : null;
    return { serviceUrl: value.serviceUrl, configured: key !== null, fingerprint: key ? apiKeyFingerprint(key) : null, ...keychain };
  }

  /** Where a key goes now, in the log's and the notices' words. */
  const whereKept = async () => ((await deps.keyStore.state()).keychain.available ? 'the OS keychain' : 'the encrypted key file');

  async function unlockKeyFile({ passphrase }: { passphrase: string }): Promise<ApiKeyStatus> {
    deps.log.forget?.(passphrase);
    const before = await deps.keyStore.file.state();
    await deps.keyStore.file.unlock(passphrase);
    deps.log.info(before === 'absent' ? 'encrypted key file made' : 'encrypted key file unlocked');
    // A key saved in it before is read now: the console goes from the public routes to live.
    await deps.onModeChanged();
    return status();
  }

  async function lockKeyFile(): Promise<ApiKeyStatus> {
    deps.keyStore.file.lock();
    deps.log.info('encrypted key file locked');
    await deps.onModeChanged();
    return status();
  }

  async function removeKeyFile(): Promise<ApiKeyStatus> {
    await deps.keyStore.file.remove();
    deps.log.info('encrypted key file removed');
    await deps.onModeChanged();
    return status();
  }

  async function setApiKey(input: { serviceUrl: string; apiKey: string }): Promise<ApiKeyStatus> {
    deps.log.forget?.(input.apiKey);
    // Refused before anything is saved: an http:// address off this machine would carry the key in clear.
    normaliseBaseUrl(input.serviceUrl);
    const store = await deps.keyStore.state();
    if (!store.keychain.available && store.file !== 'unlocked') {
      throw new AppError({
        code: 'KEY_STORE_UNAVAILABLE',
        message: `The key was not saved: the OS keychain cannot be reached (${store.keychain.reason.replace(/\.$/, '')}) and the encrypted key file is ${store.file === 'locked' ? 'locked' : 'not made yet'}.`,
        action:
          store.file === 'locked'
            ? 'Enter the key file passphrase in Settings, then save the key again.'
            : 'Create the encrypted key file with a passphrase in Settings (or start a Secret Service such as GNOME Keyring), then save the key again.',
      });
    }
    const { value } = await deps.settings.read();
    await deps.vault.save(input.serviceUrl, input.apiKey);
    // A key replaced under another URL must not linger in the keychain.
    if (value.serviceUrl && value.serviceUrl !== input.serviceUrl) await deps.vault.remove(value.serviceUrl).catch(() => false);
    await deps.settings.write({ ...value, serviceUrl: input.serviceUrl });
    deps.log.info(`API key saved to ${await whereKept()}`, { serviceUrl: input.serviceUrl, fingerprint: apiKeyFingerprint(input.apiKey) });
    await deps.onModeChanged();
    return status();
  }

  async function removeApiKey(): Promise<ApiKeyStatus> {
    const { value } = await deps.settings.read();
    if (value.serviceUrl) await deps.vault.remove(value.serviceUrl);
    deps.log.info(`API key removed from ${await whereKept()}`, { serviceUrl: value.serviceUrl });
    await deps.onModeChanged();
    return status();
  }

  /** Without an address the console is back on the demo; a key saved for the address goes with it. */
  async function forgetService(): Promise<ApiKeyStatus> {
    const { value } = await deps.settings.read();
    if (value.serviceUrl) await deps.vault.remove(value.serviceUrl).catch(() => false);
    await deps.settings.write({ ...value, serviceUrl: null });
    deps.log.info('service address forgotten', { serviceUrl: value.serviceUrl });
    await deps.onModeChanged();
    return status();
  }

  async function testConnection(input: { serviceUrl?: string; apiKey?: string; allowPrivateAddress?: boolean }): Promise<ConnectionTest> {
    let client;
    let serviceUrl: string;
    if (input.apiKey !== undefined) {
      if (!input.serviceUrl) throw new AppError({ code: 'IPC_BAD_INPUT', message: 'Enter the service address to test the key against.' });
      deps.log.forget?.(input.apiKey);
      // https:// only, except on this machine's loopback: the key travels with the test.
      normaliseBaseUrl(input.serviceUrl);
      serviceUrl = input.serviceUrl;
      // The window names the address: it does not get to make the console reach the local network
      // (or a cloud's metadata address) without the operator saying so. Offline, nothing is reached.
      // Resolved once: the test then connects to these addresses only, never to a second answer.
      const target = deps.offline() ? null : await resolveServiceTarget(serviceUrl, deps.lookup);
      const privateAddresses = target && input.allowPrivateAddress !== true ? target.privateAddresses : [];
      if (privateAddresses.length > 0) {
        throw new AppError({
          code: 'SERVICE_PRIVATE_ADDRESS',
          message: `${new URL(serviceUrl).hostname} is ${privateAddresses.includes(new URL(serviceUrl).hostname.replace(/^\[|\]$/g, '')) ? 'an address' : `a name for ${privateAddresses.join(', ')}`} on the local network, not a public service; the console did not connect to it.`,
          action: 'Check the address. If the service really runs on your local network, choose "Test this local-network address anyway", or save the key without testing it: the console then connects to the saved address.',
          details: { addresses: privateAddresses },
        });
      }
      // Plain http carries the key in clear: only to addresses of this machine, whatever the name says.
      if (target && new URL(serviceUrl).protocol === 'http:') assertLoopbackHttp(target.host, target.addresses);
      client = deps.connection.probeClient(serviceUrl, input.apiKey, target ? pinnedFetch(target) : undefined);
    } else {
      const active = await deps.connection.current();
      serviceUrl = active.serviceUrl;
      client = active.client;
    }
    const started = performance.now();
    try {
      const page = await client.listVaults({ limit: 1 });
      return {
        ok: true,
        serviceUrl,
        latencyMs: Math.round(performance.now() - started),
        vaultCount: page.totalCount ?? page.data.length,
        message: 'Connected: the service accepted the key.',
      };
    } catch (err) {
      const e = err as { message?: string; action?: string };
      return {
        ok: false,
        serviceUrl,
        latencyMs: Math.round(performance.now() - started),
        vaultCount: null,
        message: [e.message ?? String(err), e.action].filter(Boolean).map(asSentence).join(' '),
      };
    }
  }

  async function setOffline({ offline: on }: { offline: boolean }): Promise<AppInfo> {
    const { value } = await deps.settings.read();
    await deps.settings.write({ ...value, offline: on });
    deps.offline.set(on);
    await deps.onModeChanged();
    return deps.info();
  }

  async function linkHosts(): Promise<LinkHosts> {
    return { builtIn: [...BUILT_IN_LINK_HOSTS].sort(), namedByService: deps.links.namedByService() };
  }

  return feature({
    settings: { apiKeyStatus: status, setApiKey, setOffline, removeApiKey, unlockKeyFile, lockKeyFile, removeKeyFile, forgetService, testConnection, linkHosts },
  });
}

/** Joins error message and action as sentences, whatever punctuation each came with. */
function asSentence(text: string | undefined): string {
  const t = (text ?? '').trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}
