import { create } from 'zustand';
import type { ApiKeyStatus, ConnectionTest, LinkHosts } from '../../../shared/ipc/schemas';
import type { AppErrorData } from '../../../shared/errors';
import { call, errorData, getBridge } from '../bridge';

interface SettingsState {
  status: ApiKeyStatus | null;
  busy: null | 'test' | 'save' | 'remove' | 'forget' | 'key-file';
  test: ConnectionTest | null;
  error: AppErrorData | null;
  /** Set after a successful save or removal, for a confirmation line. */
  notice: string | null;
  /**
   * The address a test was refused for because it is on the local network: the operator may
   * confirm it and test again (only that address, only with the key typed for it).
   */
  localAddress: string | null;
  /** The hosts external links may open (the service's grow as its records are read), or why they could not be read. */
  linkHosts: LinkHosts | AppErrorData | null;
  load(): Promise<void>;
  loadLinkHosts(): Promise<void>;
  /** `allowPrivateAddress`: the operator confirmed a local-network address after the refusal. */
  testConnection(serviceUrl: string, apiKey: string, options?: { allowPrivateAddress?: boolean }): Promise<void>;
  save(serviceUrl: string, apiKey: string): Promise<boolean>;
  remove(): Promise<void>;
  /** Forgets the service address: the console runs on the demo. */
  forget(): Promise<void>;
  /** Without a keychain: makes or opens the encrypted key file; true once it is open. */
  unlockKeyFile(passphrase: string): Promise<boolean>;
  lockKeyFile(): Promise<void>;
  removeKeyFile(): Promise<void>;
}

/** Where a key is kept, in a notice's words. */
const keptIn = (status: ApiKeyStatus) => (status.keyFile === null ? 'the OS keychain' : 'the encrypted key file');

type Busy = NonNullable<SettingsState['busy']>;

export const useSettingsStore = create<SettingsState>((set, get) => {
  /**
   * One change of the key's status through the bridge: busy while it runs, the new status and its
   * notice once done, the error otherwise; `reset` clears what the change makes stale. True once done.
   */
  async function changeStatus(
    busy: Busy,
    reset: Partial<Pick<SettingsState, 'test' | 'localAddress'>>,
    request: () => Promise<ApiKeyStatus>,
    notice: (status: ApiKeyStatus) => string,
  ): Promise<boolean> {
    set({ busy, error: null, notice: null, ...reset });
    try {
      const status = await request();
      set({ status, notice: notice(status) });
      return true;
    } catch (err) {
      set({ error: errorData(err) });
      return false;
    } finally {
      set({ busy: null });
    }
  }

  return {
    status: null,
    busy: null,
    test: null,
    error: null,
    notice: null,
    localAddress: null,
    linkHosts: null,
    async loadLinkHosts() {
      try {
        set({ linkHosts: await call(getBridge().settings.linkHosts({})) });
      } catch (err) {
        set({ linkHosts: errorData(err) });
      }
    },
    async load() {
      try {
        set({ status: await call(getBridge().settings.apiKeyStatus({})), error: null });
      } catch (err) {
        set({ error: errorData(err) });
      }
    },
    async testConnection(serviceUrl, apiKey, options = {}) {
      set({ busy: 'test', test: null, error: null, notice: null, localAddress: null });
      try {
        const confirmed = options.allowPrivateAddress === true ? { allowPrivateAddress: true } : {};
        const input = apiKey ? { serviceUrl, apiKey, ...confirmed } : {};
        set({ test: await call(getBridge().settings.testConnection(input)) });
      } catch (err) {
        const error = errorData(err);
        set({ error, localAddress: error.code === 'SERVICE_PRIVATE_ADDRESS' && apiKey ? serviceUrl : null });
      } finally {
        set({ busy: null });
      }
    },
    save: (serviceUrl, apiKey) =>
      changeStatus(
        'save',
        { localAddress: null },
        () => call(getBridge().settings.setApiKey({ serviceUrl, apiKey })),
        (status) => `Key saved to ${keptIn(status)} (${status.fingerprint ?? 'no fingerprint'}). The console now reads ${serviceUrl}.`,
      ),
    async remove() {
      await changeStatus(
        'remove',
        { test: null, localAddress: null },
        () => call(getBridge().settings.removeApiKey({})),
        (status) =>
          status.serviceUrl
            ? `Key removed from ${keptIn(status)}. The console now reads ${status.serviceUrl} without a key: its public data only.`
            : `Key removed from ${keptIn(status)}. The console is back on the embedded simulation.`,
      );
    },
    unlockKeyFile(passphrase) {
      const made = get().status?.keyFile === 'absent';
      return changeStatus(
        'key-file',
        {},
        () => call(getBridge().settings.unlockKeyFile({ passphrase })),
        (status) =>
          made
            ? 'Encrypted key file made. Save the API key to keep it there; you will enter the passphrase each time the console starts.'
            : status.configured
              ? `Key file unlocked: the console reads ${status.serviceUrl ?? 'the service'} with its key.`
              : 'Key file unlocked.',
      );
    },
    async lockKeyFile() {
      await changeStatus(
        'key-file',
        {},
        () => call(getBridge().settings.lockKeyFile({})),
        () => 'Key file locked: the service is read without its key until the passphrase is entered again.',
      );
    },
    async removeKeyFile() {
      await changeStatus('key-file', {}, () => call(getBridge().settings.removeKeyFile({})), () => 'Key file removed, with the key it held.');
    },
    async forget() {
      await changeStatus(
        'forget',
        { test: null, localAddress: null },
        () => call(getBridge().settings.forgetService({})),
        () => 'Service address forgotten. The console is back on the embedded simulation.',
      );
    },
  };
});
