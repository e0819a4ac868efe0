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

export const useSettingsStore = create<SettingsState>((set) => ({
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
  async save(serviceUrl, apiKey) {
    set({ busy: 'save', error: null, notice: null, localAddress: null });
    try {
      const status = await call(getBridge().settings.setApiKey({ serviceUrl, apiKey }));
      set({ status, notice: `Key saved to ${keptIn(status)} (${status.fingerprint ?? 'no fingerprint'}). The console now reads ${serviceUrl}.` });
      return true;
    } catch (err) {
      set({ error: errorData(err) });
      return false;
    } finally {
      set({ busy: null });
    }
  },
  async remove() {
    set({ busy: 'remove', error: null, notice: null, test: null, localAddress: null });
    try {
      const status = await call(getBridge().settings.removeApiKey({}));
      set({
        status,
        notice: status.serviceUrl
          ? `Key removed from ${keptIn(status)}. The console now reads ${status.serviceUrl} without a key: its public data only.`
          : `Key removed from ${keptIn(status)}. The console is back on the embedded simulation.`,
      });
    } catch (err) {
      set({ error: errorData(err) });
    } finally {
      set({ busy: null });
    }
  },
  async unlockKeyFile(passphrase) {
    set({ busy: 'key-file', error: null, notice: null });
    try {
      const made = useSettingsStore.getState().status?.keyFile === 'absent';
      const status = await call(getBridge().settings.unlockKeyFile({ passphrase }));
      set({
        status,
        notice: made
          ? 'Encrypted key file made. Save the API key to keep it there; you will enter the passphrase each time the console starts.'
          : status.configured
            ? `Key file unlocked: the console reads ${status.serviceUrl ?? 'the service'} with its key.`
            : 'Key file unlocked.',
      });
      return true;
    } catch (err) {
      set({ error: errorData(err) });
      return false;
    } finally {
      set({ busy: null });
    }
  },
  async lockKeyFile() {
    set({ busy: 'key-file', error: null, notice: null });
    try {
      set({ status: await call(getBridge().settings.lockKeyFile({})), notice: 'Key file locked: the service is read without its key until the passphrase is entered again.' });
    } catch (err) {
      set({ error: errorData(err) });
    } finally {
      set({ busy: null });
    }
  },
  async removeKeyFile() {
    set({ busy: 'key-file', error: null, notice: null });
    try {
      set({ status: await call(getBridge().settings.removeKeyFile({})), notice: 'Key file removed, with the key it held.' });
    } catch (err) {
      set({ error: errorData(err) });
    } finally {
      set({ busy: null });
    }
  },
  async forget() {
    set({ busy: 'forget', error: null, notice: null, test: null, localAddress: null });
    try {
      set({ status: await call(getBridge().settings.forgetService({})), notice: 'Service address forgotten. The console is back on the embedded simulation.' });
    } catch (err) {
      set({ error: errorData(err) });
    } finally {
      set({ busy: null });
    }
  },
}));
