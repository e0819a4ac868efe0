import { create } from 'zustand';
import { APP_FEATURES, missingFeatures, modelName, type DeviceState, type LedgerModel } from '../../../shared/device';
import type { EmulatorSnapshot } from '../../../shared/ipc/schemas';
import type { AppErrorData } from '../../../shared/errors';
import { call, errorData, getBridge } from '../bridge';
import { followWindowVisibility } from './window-visibility';

interface DeviceStore {
  kind: 'hid' | 'emulated' | null;
  state: DeviceState | null;
  emulator: EmulatorSnapshot | null;
  /**
   * The model and Ethereum app version last read from the device (kept while it shows a review or
   * goes away): what the review's predictions are made for. Null until read.
   */
  target: DeviceTarget;
  error: AppErrorData | null;
  /** What the card is doing for the user right now ("Check again", "Open Ethereum"), if anything. */
  busy: 'check' | 'open' | null;
  /** Why the last "Check again" / "Open Ethereum" failed. */
  actionError: AppErrorData | null;
  init(): () => void;
  check(): Promise<void>;
  openEthereum(): Promise<void>;
  press(command: Parameters<ReturnType<typeof getBridge>['emulator']['command']>[0]['command']): Promise<void>;
}

export interface DeviceTarget {
  appVersion: string | null;
  model: LedgerModel | null;
  /** The OS version, as the dashboard reported it last (no app can tell it). */
  osVersion?: string | null;
}

/** The Ledger's state, kept current by the main side's events. */
export const useDeviceStore = create<DeviceStore>((set) => ({
  kind: null,
  state: null,
  emulator: null,
  target: { appVersion: null, model: null, osVersion: null },
  error: null,
  busy: null,
  actionError: null,
  init() {
    const bridge = getBridge();
    void call(bridge.device.state({}))
      .then(({ kind, state }) => {
        set({ kind, state });
        if (kind === 'emulated') return call(bridge.emulator.snapshot({})).then((emulator) => set({ emulator }));
        set({ emulator: null });
      })
      .catch((err: unknown) => set({ error: errorData(err) }));
    const offState = bridge.events.deviceState(({ kind, state }) => set({ kind, state, ...(kind === 'hid' ? { emulator: null } : {}) }));
    const offEmulator = bridge.events.emulatorChanged((emulator) => set({ emulator }));
    const offVisibility = followWindowVisibility();
    return () => {
      offState();
      offEmulator();
      offVisibility();
    };
  },
  async check() {
    set({ busy: 'check', actionError: null });
    try {
      set({ state: await call(getBridge().device.refresh({})) });
    } catch (err) {
      set({ actionError: errorData(err) });
    } finally {
      set({ busy: null });
    }
  },
  async openEthereum() {
    set({ busy: 'open', actionError: null });
    try {
      set({ state: await call(getBridge().device.openEthereumApp({})) });
    } catch (err) {
      set({ actionError: errorData(err) });
    } finally {
      set({ busy: null });
    }
  },
  async press(command) {
    try {
      set({ emulator: await call(getBridge().emulator.command({ command })), error: null });
    } catch (err) {
      set({ error: errorData(err) });
    }
  },
}));

// Remember what the device said it is, for the states that do not say it (a review, a lock, an unplug).
useDeviceStore.subscribe((now, before) => {
  if (now.state === before.state || !now.state) return;
  const state = now.state;
  const appVersion = state.status === 'ready' ? state.appVersion : now.target.appVersion;
  const model = (state.status === 'ready' || state.status === 'dashboard') && state.model ? state.model : now.target.model;
  const osVersion = (state.status === 'ready' || state.status === 'dashboard') && state.osVersion ? state.osVersion : state.status === 'disconnected' ? null : (now.target.osVersion ?? null);
  if (appVersion !== now.target.appVersion || model !== now.target.model || osVersion !== now.target.osVersion) {
    useDeviceStore.setState({ target: { appVersion, model, osVersion } });
  }
});

/** What the user can do about the state, in a sentence (null when nothing is needed). */
export function deviceHint(state: DeviceState | null): string | null {
  if (!state) return null;
  switch (state.status) {
    case 'disconnected':
      return 'Plug the Ledger in with a data cable and unlock it.';
    case 'in-use':
      return state.error.action ?? null;
    case 'locked':
      return 'Enter your PIN on the device; this updates by itself.';
    case 'dashboard':
      return 'Open the Ethereum app on the device, or choose Open Ethereum and confirm on the device.';
    case 'wrong-app':
      return `Quit ${state.appName} on the device, or choose Open Ethereum and confirm on the device.`;
    case 'ready': {
      const missing = missingFeatures(state.appVersion);
      if (missing.length > 0) {
        const needed = APP_FEATURES[missing[missing.length - 1]!];
        return `Update the Ethereum app to ${needed} or later in Ledger Live (My Ledger): this version does not show the transaction hash when blind signing, so Vaultdesk will not sign with it.`;
      }
      return state.blindSigning ? null : 'Turn on "Blind signing" in the Ethereum app settings before signing contract calls.';
    }
    case 'awaiting-confirmation':
      return 'Compare the screens on the device with Vaultdesk, then approve or reject on the device.';
    case 'rejected':
      return null;
    case 'error':
      return state.error.action ?? null;
  }
}

/** The device's state in a few words, and whether it is ready to sign. */
export function deviceSummary(state: DeviceState | null): { text: string; tone: 'ok' | 'warn' | 'bad' | 'muted' } {
  if (!state) return { text: 'Ledger: …', tone: 'muted' };
  switch (state.status) {
    case 'disconnected':
      return { text: 'Ledger not connected', tone: 'muted' };
    case 'in-use':
      return { text: 'Ledger in use by another application', tone: 'warn' };
    case 'locked':
      return { text: 'Ledger locked: enter your PIN', tone: 'warn' };
    case 'dashboard':
      return { text: 'Ledger: open the Ethereum app', tone: 'warn' };
    case 'wrong-app':
      return { text: `Ledger: ${state.appName} is open, open Ethereum`, tone: 'warn' };
    case 'ready':
      if (missingFeatures(state.appVersion).length > 0) return { text: `Ledger: Ethereum app ${state.appVersion} is too old`, tone: 'warn' };
      return {
        text: `${state.model ? modelName(state.model) : 'Ledger'} ready · Ethereum ${state.appVersion}${state.blindSigning ? ' · blind signing on' : ' · blind signing off'}`,
        tone: 'ok',
      };
    case 'awaiting-confirmation':
      return { text: 'Ledger: confirm on the device', tone: 'warn' };
    case 'rejected':
      return { text: `Ledger: ${state.message}`, tone: 'warn' };
    case 'error':
      return { text: `Ledger: ${state.error.message}`, tone: 'bad' };
  }
}

/**
 * What the device is, in one line, beside the state line: model, Ethereum app version, OS version,
 * each as far as it was read and not said by the state line already (a ready device's names its
 * model and app version). The OS version is known only once the dashboard told it (inside an app
 * nothing does); unknown, nothing is said of it. Null when there is nothing to add.
 */
export function deviceIdentity(target: DeviceTarget, state: DeviceState | null = null): string | null {
  const said = state?.status === 'ready';
  const parts = [
    target.model && !said ? modelName(target.model) : null,
    target.appVersion && !said ? `Ethereum app ${target.appVersion}` : null,
    target.osVersion ? `OS ${target.osVersion}` : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  // Versions alone name no device: say which.
  if (!said && !target.model) parts.unshift('Ledger');
  return parts.join(' · ');
}
