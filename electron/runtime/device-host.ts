import { AppError } from '../../shared/errors';
import type { EmulatorSnapshot } from '../../shared/ipc/schemas';
import { DEVICE_WATCH_INTERVAL_MS, createHidTransportFactory, type DevicePort } from '../services/device';
import { DeviceFleet } from '../services/device/device-fleet';
import type { LedgerDesk } from '../services/device/wallet-devices';
import type { CalldataDescriptorSource } from '../services/device/clear-signing';
import type { LedgerModel } from '../../shared/device/models';

export type DeviceKind = 'hid' | 'emulated';

/**
 * What the runtime asks of the demo's emulated Ledger (the demo panel shows it and presses its
 * buttons): a port the emulator satisfies, so the runtime never imports the emulator's code.
 */
export interface EmulatedDevice {
  snapshot(): EmulatorSnapshot;
  /** Called on every change of the emulated device. */
  subscribe(listener: () => void): () => void;
  approve(): void;
  reject(): void;
  lock(): void;
  unlock(): void;
  unplug(): void;
  replug(options: { locked?: boolean; app?: string }): void;
  openApp(name: string): void;
  setBlindSigning(enabled: boolean): void;
}

/**
 * The Ledger the console talks to. In demo mode that is an emulated device holding the
 * simulation's seed (so it signs for the demo lenders), with blind signing on and the Ethereum app
 * open; otherwise the real device over USB HID.
 */
export interface DeviceHost {
  kind: DeviceKind;
  service: DevicePort;
  emulator: EmulatedDevice | null;
  /** Every Ledger on the desk: the fleet in this process, or behind Electron's device process (`RemoteDevice`). */
  desk?: LedgerDesk;
  stop(): Promise<void>;
}

/** The demo's Ledger: which one it emulates, and what it signs in clear. Never applied to a real Ledger. */
export interface EmulatedHostOptions {
  model?: LedgerModel;
  /** The Ethereum app's version, e.g. `1.19.3` (default: the current one). */
  appVersion?: string;
  /** The demo's descriptors, certified by the emulator's test key (`demo-clear-signing.ts`). */
  calldataDescriptors?: CalldataDescriptorSource;
}

/**
 * Starts the demo's emulated Ledger host. Injected by the entry points (`emulated-device.ts`), as the
 * embedded simulation is, so the runtime never depends on the emulator's code.
 */
export type EmulatedDeviceStarter = (emulate: EmulatedHostOptions) => Promise<DeviceHost>;

/** The emulated Ledger through the injected starter in demo mode; the real one over USB HID otherwise. */
export async function startDeviceHost(kind: DeviceKind, emulate: EmulatedHostOptions, startEmulated: EmulatedDeviceStarter): Promise<DeviceHost> {
  if (kind === 'emulated') return startEmulated(emulate);
  // A real Ledger: the demo's test-certified descriptors are never given to it (it would refuse them).
  const service = new DeviceFleet({ transports: createHidTransportFactory(), watchIntervalMs: DEVICE_WATCH_INTERVAL_MS });
  await service.start();
  return { kind, service, desk: service, emulator: null, stop: () => service.stop() };
}

export function emulatorSnapshot(emulator: EmulatedDevice | null): EmulatorSnapshot {
  if (!emulator) {
    throw new AppError({ code: 'NOT_DEMO', message: 'The device panel is only for the demo\u2019s emulated Ledger.', action: 'Use the buttons on your Ledger.' });
  }
  const s = emulator.snapshot();
  return {
    plugged: s.plugged,
    locked: s.locked,
    app: s.app,
    appVersion: s.appVersion,
    model: s.model,
    ethereumAppVersion: s.ethereumAppVersion,
    osVersion: s.osVersion,
    blindSigning: s.blindSigning,
    screens: s.screens,
    pending: s.pending ? { kind: s.pending.kind, screens: s.pending.screens } : null,
  };
}

/** The demo panel's buttons, as the emulator's hands. */
export function pressEmulator(emulator: EmulatedDevice, command: string): void {
  try {
    press(emulator, command);
  } catch (err) {
    throw new AppError({ code: 'EMULATOR_REFUSED', message: `The emulated Ledger cannot do that now: ${(err as Error).message}.` });
  }
}

function press(emulator: EmulatedDevice, command: string): void {
  switch (command) {
    case 'approve':
      return emulator.approve();
    case 'reject':
      return emulator.reject();
    case 'lock':
      return emulator.lock();
    case 'unlock':
      return emulator.unlock();
    case 'unplug':
      return emulator.unplug();
    case 'replug':
      // A real device boots locked on the dashboard; the demo puts it back as it was most useful.
      return emulator.replug({ locked: false, app: 'Ethereum' });
    case 'openEthereum':
      return emulator.openApp('Ethereum');
    case 'openDashboard':
      return emulator.openApp('BOLOS');
    case 'blindSigningOn':
      return emulator.setBlindSigning(true);
    case 'blindSigningOff':
      return emulator.setBlindSigning(false);
  }
}
