import { AppError } from '../../shared/errors';
import type { EmulatorSnapshot } from '../../shared/ipc/schemas';
import { DEVICE_WATCH_INTERVAL_MS, createHidTransportFactory, type DevicePort } from '../services/device';
import { DeviceFleet } from '../services/device/device-fleet';
import type { LedgerDesk } from '../services/device/wallet-devices';
import type { CalldataDescriptorSource } from '../services/device/clear-signing';
import { SIM_MNEMONIC } from '../sim/chain';
import { createEmulatedLedger, emulatorTransportFactory, type EmulatedLedger, type EmulatedLedgerOptions } from '../sim/ledger';

export type DeviceKind = 'hid' | 'emulated';

/**
 * The Ledger the console talks to. In demo mode that is an emulated device holding the
 * simulation's seed (so it signs for the demo lenders), with blind signing on and the Ethereum app
 * open; otherwise the real device over USB HID.
 */
export interface DeviceHost {
  kind: DeviceKind;
  service: DevicePort;
  emulator: EmulatedLedger | null;
  /** Every Ledger on the desk: the fleet in this process, or behind Electron's device process (`RemoteDevice`). */
  desk?: LedgerDesk;
  stop(): Promise<void>;
}

/** The demo's Ledger: which one it emulates, and what it signs in clear. Never applied to a real Ledger. */
export interface EmulatedHostOptions extends Pick<EmulatedLedgerOptions, 'model' | 'appVersion'> {
  /** The demo's descriptors, certified by the emulator's test key (`demo-clear-signing.ts`). */
  calldataDescriptors?: CalldataDescriptorSource;
}

/** `emulate`: which Ledger the demo emulates (e.g. `{ model: 'stax', appVersion: '1.19.3' }`; default a Nano X with the current app). */
export async function startDeviceHost(kind: DeviceKind, emulate: EmulatedHostOptions = {}): Promise<DeviceHost> {
  if (kind === 'emulated') {
    const { calldataDescriptors, ...ledger } = emulate;
    const emulator = createEmulatedLedger({ mnemonic: SIM_MNEMONIC, app: 'Ethereum', blindSigning: true, locked: false, ...ledger });
    const service = new DeviceFleet({ transports: emulatorTransportFactory(emulator), idleReleaseMs: 60_000, ...(calldataDescriptors ? { calldataDescriptors } : {}) });
    await service.start();
    const stopFollowing = followEmulator(emulator, service);
    return {
      kind,
      service,
      desk: service,
      emulator,
      stop: () => {
        stopFollowing();
        return service.stop();
      },
    };
  }
  // A real Ledger: the demo's test-certified descriptors are never given to it (it would refuse them).
  const service = new DeviceFleet({ transports: createHidTransportFactory(), watchIntervalMs: DEVICE_WATCH_INTERVAL_MS });
  await service.start();
  return { kind, service, desk: service, emulator: null, stop: () => service.stop() };
}

/**
 * The demo's hands act on the emulated device directly; like the watch on a real one, the console
 * then asks the device again, so "locked" clears once the PIN is entered, and an app opened or
 * quit, or blind signing toggled, shows at once.
 */
function followEmulator(emulator: EmulatedLedger, service: DevicePort): () => void {
  let seen = key(emulator.snapshot());
  return emulator.subscribe((event) => {
    if (event.type !== 'changed') return;
    // A change made while a review is on the device (a lock) is asked about once the review is
    // gone: remembered as seen before that, it would never reach the sidebar, which would go on
    // saying "ready" beside a locked panel.
    if (!event.snapshot.plugged || event.snapshot.pending) return;
    const next = key(event.snapshot);
    if (next === seen) return;
    seen = next;
    service.refresh().catch(() => undefined);
  });
  function key(s: { plugged: boolean; locked: boolean; app: string; blindSigning: boolean }): string {
    return `${s.plugged}|${s.locked}|${s.app}|${s.blindSigning}`;
  }
}

export function emulatorSnapshot(emulator: EmulatedLedger | null): EmulatorSnapshot {
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
export function pressEmulator(emulator: EmulatedLedger, command: string): void {
  try {
    press(emulator, command);
  } catch (err) {
    throw new AppError({ code: 'EMULATOR_REFUSED', message: `The emulated Ledger cannot do that now: ${(err as Error).message}.` });
  }
}

function press(emulator: EmulatedLedger, command: string): void {
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

;
