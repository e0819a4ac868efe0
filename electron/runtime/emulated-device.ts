import type { DevicePort } from '../services/device';
import { DeviceFleet } from '../services/device/device-fleet';
import { SIM_MNEMONIC } from '../demo/chain';
import { createEmulatedLedger, emulatorTransportFactory, type EmulatedLedger } from '../demo/ledger';
import type { DeviceHost, EmulatedHostOptions } from './device-host';

/**
 * The demo's Ledger host: an emulated device holding the simulation's seed (so it signs for the demo
 * lenders), with blind signing on and the Ethereum app open. Like `embedded-simulation.ts`, an
 * injected starter: the Electron app, the browser shell and the tests hand it to the runtime
 * (`startEmulatedDevice` in its options), which itself never imports the emulator.
 *
 * `emulate`: which Ledger the demo emulates (e.g. `{ model: 'stax', appVersion: '1.19.3' }`; default a Nano X with the current app).
 */
export async function startEmulatedDevice(emulate: EmulatedHostOptions = {}): Promise<DeviceHost> {
  const { calldataDescriptors, ...ledger } = emulate;
  const emulator = createEmulatedLedger({ mnemonic: SIM_MNEMONIC, app: 'Ethereum', blindSigning: true, locked: false, ...ledger });
  const service = new DeviceFleet({ transports: emulatorTransportFactory(emulator), idleReleaseMs: 60_000, ...(calldataDescriptors ? { calldataDescriptors } : {}) });
  await service.start();
  const stopFollowing = followEmulator(emulator, service);
  return {
    kind: 'emulated',
    service,
    desk: service,
    emulator,
    stop: () => {
      stopFollowing();
      return service.stop();
    },
  };
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
