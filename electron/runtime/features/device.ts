import type { EventName, EventPayload } from '../../../shared/ipc/contract';
import type { WalletBook } from '../../services/wallets/wallet-book';
import { emulatorSnapshot, pressEmulator, startDeviceHost, type DeviceHost, type DeviceKind, type EmulatedDeviceStarter, type EmulatedHostOptions } from '../device-host';
import type { CalldataDescriptorSource } from '../../services/device/clear-signing';
import { feature, type Feature } from '../feature';
import type { LedgerBindings } from '../../services/device/ledger-bindings';
import { bindLedger, deskView } from './ledger-desk';

interface DeviceFeatureDeps {
  /** The emulated Ledger in demo mode, the real one over USB otherwise. */
  kind: () => DeviceKind;
  /** Starts the Ledger host; injected by tests and by the Electron main process (utility process). */
  start?: (kind: DeviceKind, emulate?: EmulatedHostOptions) => Promise<DeviceHost>;
  /** Starts the demo's emulated Ledger (injected, like the embedded simulation). */
  startEmulated: EmulatedDeviceStarter;
  /** The demo's clear-signing source, for the emulated Ledger only. */
  demoClearSigning?: CalldataDescriptorSource;
  book: () => WalletBook;
  /** Which Ledger signs for which wallet group (the demo's own under its folder). */
  bindings: () => LedgerBindings;
  emit: <E extends EventName>(name: E, payload: EventPayload<E>) => void;
}

/**
 * The Ledger and the demo's emulator panel. The host starts on first use; a mode change that asks
 * for the other kind of device stops this one, and the next call starts the other.
 */
export function createDeviceFeature(deps: DeviceFeatureDeps): Feature & { host(): Promise<DeviceHost> } {
  let device: Promise<DeviceHost> | null = null;
  let unsubscribe: Array<() => void> = [];
  // The window's visibility, applied to a host started later too.
  let visible = true;
  const host = (): Promise<DeviceHost> => {
    const kind = deps.kind();
    const emulate = kind === 'emulated' && deps.demoClearSigning ? { calldataDescriptors: deps.demoClearSigning } : {};
    const start = deps.start ?? ((k: DeviceKind, e: EmulatedHostOptions = {}) => startDeviceHost(k, e, deps.startEmulated));
    device ??= start(kind, emulate).then((started) => {
      if (!visible) void started.service.setVisible(false).catch(() => undefined);
      unsubscribe = [
        started.service.subscribe((state) => deps.emit('deviceState', { kind: started.kind, state })),
        ...(started.emulator ? [started.emulator.subscribe(() => deps.emit('emulatorChanged', emulatorSnapshot(started.emulator)))] : []),
      ];
      return started;
    });
    return device;
  };
  const stop = async (unlessKind?: DeviceKind) => {
    const current = device ? await device : null;
    if (current && current.kind === unlessKind) return;
    for (const off of unsubscribe) off();
    unsubscribe = [];
    device = null;
    await current?.stop();
  };

  const ledger = feature(
    {
      device: {
        state: async () => {
          const { kind, service } = await host();
          return { kind, state: service.getState() };
        },
        refresh: async () => (await host()).service.refresh(),
        openEthereumApp: async () => (await host()).service.openEthereumApp(),
        setVisible: async ({ visible: now }) => {
          visible = now;
          // Not started yet: nothing to pause; the host starts with this visibility.
          if (device) await (await device).service.setVisible(now);
          return { watching: now };
        },
        discoverAccounts: async ({ scheme, start, count }) => (await host()).service.discoverAccounts({ scheme, start, count }),
        verifyAddress: async ({ path, address }) => {
          const shown = await (await host()).service.verifyAddress(path, address);
          return { address: shown, matches: shown.toLowerCase() === address.toLowerCase() };
        },
        importAccounts: async ({ scheme, indices, groupId }) => {
          const { service } = await host();
          const accounts = [];
          // Addresses come from the device itself, one index at a time, never from the window.
          for (const index of [...new Set(indices)].sort((a, b) => a - b)) {
            const [account] = await service.discoverAccounts({ scheme, start: index, count: 1 });
            if (account) accounts.push({ address: account.address, ledger: { scheme, path: account.path, index: account.index } });
          }
          return deps.book().importLedgerAccounts(accounts, groupId);
        },
        desk: async () => deskView(await host(), deps.bindings(), deps.book()),
        bind: async ({ groupId, deviceId }) => bindLedger(await host(), deps.bindings(), deps.book(), groupId, deviceId),
      },
      emulator: {
        snapshot: async () => emulatorSnapshot((await host()).emulator),
        command: async ({ command }) => {
          const { emulator } = await host();
          emulatorSnapshot(emulator);
          pressEmulator(emulator!, command);
          return emulatorSnapshot(emulator);
        },
      },
    },
    {
      reset: () => stop(deps.kind()),
      close: () => stop().catch(() => undefined),
    },
  );
  return { ...ledger, host };
}
