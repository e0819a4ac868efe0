/**
 * The demo's emulated Ledger as the console shows it: what the demo panel's buttons do to the device
 * shows in the console's state without a "Check again".
 */
import { afterEach, describe, expect, it } from 'vitest';
import { pressEmulator, type DeviceHost } from '../../../electron/runtime/device-host';
import { startEmulatedDevice } from '../../../electron/runtime/emulated-device';

let host: DeviceHost | null = null;
afterEach(async () => {
  await host?.stop();
  host = null;
});

describe('the demo device', () => {
  it('"locked" clears once the PIN is entered on the panel; quitting the app and blind signing show at once', async () => {
    host = await startEmulatedDevice();
    const { service, emulator } = host;
    await service.refresh();
    expect(service.getState()).toMatchObject({ status: 'ready', blindSigning: true });
    pressEmulator(emulator!, 'lock');
    await expect.poll(() => service.getState().status, { timeout: 10_000 }).toBe('locked');
    pressEmulator(emulator!, 'unlock');
    await expect.poll(() => service.getState().status, { timeout: 10_000 }).toBe('ready');
    pressEmulator(emulator!, 'blindSigningOff');
    await expect.poll(() => service.getState(), { timeout: 10_000 }).toMatchObject({ status: 'ready', blindSigning: false });
    pressEmulator(emulator!, 'openDashboard');
    await expect.poll(() => service.getState().status, { timeout: 10_000 }).toBe('dashboard');
  });
});
