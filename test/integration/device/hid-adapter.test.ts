/**
 * The device service over the real USB HID adapter: `@ledgerhq/hw-transport-node-hid` runs
 * unchanged (enumeration, its hot-plug listener, HID framing, open and close) over a stand-in for
 * node-hid and usb backed by the emulated Ledger. Each case is something a Ledger does on a real
 * desk, and each asserts what the console shows.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { EmulatedLedgerOptions } from '../../../electron/demo/ledger';
import type { DeviceService, DeviceServiceOptions } from '../../../electron/services/device';
import type { DeviceStatus } from '../../../shared/device';
import type { FakeHidOptions } from '../../support/fake-hid';
import { ADDRESS, PATH, caught, hidSetup, waitForStatus } from './harness';

const running: DeviceService[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
});

/** Generous: the adapter's listener re-polls HID 500 ms after the last USB event. */
const SETTLE_MS = 10_000;

function setup(ledgerOptions: EmulatedLedgerOptions = {}, hid: FakeHidOptions = {}, serviceOptions: Partial<DeviceServiceOptions> = {}) {
  // A real HID adapter takes longer than the emulator's direct transport to reopen and re-enumerate.
  const ctx = hidSetup(ledgerOptions, hid, serviceOptions);
  running.push(ctx.service);
  return ctx;
}

const stateBecomes = <S extends DeviceStatus>(service: DeviceService, status: S, timeoutMs = SETTLE_MS) => waitForStatus(service, status, timeoutMs);

describe('the real HID adapter over a USB Ledger', () => {
  it('enumeration: a Ledger plugged in before start is found, opened on its hidraw path and read', async () => {
    const { service, usb } = setup({ appVersion: '1.19.1', blindSigning: true });
    await service.start();
    expect(await stateBecomes(service, 'ready')).toEqual({ status: 'ready', appVersion: '1.19.1', blindSigning: true, model: 'nanoX' });
    expect(usb.opened).toEqual(['/dev/hidraw3']);
    expect(await service.discoverAccounts({ scheme: 'bip44', count: 1 })).toEqual([
      { index: 0, path: "44'/60'/0'/0/0", address: expect.any(String) },
    ]);
  });

  it('hot-plug: plugging in shows a locked device, unlocking is seen, unplugging shows it gone', async () => {
    const { ledger, service } = setup({ plugged: false }, {}, { watchIntervalMs: 100 });
    await service.start();
    expect(service.getState()).toEqual({ status: 'disconnected' });
    ledger.replug();
    await stateBecomes(service, 'locked');
    ledger.unlock();
    await stateBecomes(service, 'dashboard');
    ledger.unplug();
    await stateBecomes(service, 'disconnected');
  });

  it('an app switch on the device while the console holds its handle (new path): shows the new app, not "disconnected"', async () => {
    const { ledger, usb, service, states } = setup();
    await service.start();
    await stateBecomes(service, 'ready');
    expect(service.holdsDevice).toBe(true);
    states.splice(0);
    const before = usb.path;
    ledger.openApp('Bitcoin');
    expect(await stateBecomes(service, 'wrong-app')).toEqual({ status: 'wrong-app', appName: 'Bitcoin' });
    expect(usb.path).not.toBe(before);
    expect(states.filter((s) => s.status === 'error' || s.status === 'disconnected')).toEqual([]);
    ledger.openApp('BOLOS');
    await stateBecomes(service, 'dashboard');
    ledger.openApp('Ethereum');
    await stateBecomes(service, 'ready');
    expect(states.filter((s) => s.status === 'error')).toEqual([]);
  });

  it('an app switch that reuses the hidraw path (no HID add/remove at all): "ready · Ethereum" does not stay', async () => {
    const { ledger, usb, service } = setup({}, { reusePath: true });
    await service.start();
    await stateBecomes(service, 'ready');
    const before = usb.path;
    ledger.openApp('Bitcoin');
    expect(await stateBecomes(service, 'wrong-app')).toEqual({ status: 'wrong-app', appName: 'Bitcoin' });
    expect(usb.path).toBe(before);
  });

  it('opening Ethereum from another app follows the device through two re-enumerations', async () => {
    const { ledger, service, usb } = setup({ app: 'Bitcoin' });
    await service.start();
    await stateBecomes(service, 'wrong-app');
    const opening = service.openEthereumApp();
    await ledger.waitForConfirmation();
    ledger.approve();
    expect(await opening).toMatchObject({ status: 'ready' });
    expect(new Set(usb.opened).size).toBe(3);
  });

  it('a device held by another application: its own state and fix; "Check again" finds it once released', async () => {
    const { ledger, usb, service } = setup({}, {});
    usb.heldByOtherProcess = true;
    await service.start();
    const held = await stateBecomes(service, 'in-use');
    expect(held.error.message).toMatch(/another application is using the Ledger/i);
    expect(held.error.action).toMatch(/Ledger Live/);
    expect(held.error.action).toMatch(/Check again/);
    expect(await caught(service.discoverAccounts({ scheme: 'bip44', count: 1 }))).toMatchObject({ code: 'DEVICE_CANNOT_OPEN' });
    usb.heldByOtherProcess = false;
    expect(await service.refresh()).toMatchObject({ status: 'ready' });
    void ledger;
  });

  it('unplugged during a review: the request fails as disconnected, the card says so, replugging shows it locked', async () => {
    const { ledger, usb, service } = setup();
    await service.start();
    await stateBecomes(service, 'ready');
    const verifying = caught(service.verifyAddress(PATH, ADDRESS));
    await ledger.waitForConfirmation();
    ledger.unplug();
    expect(await verifying).toMatchObject({
      code: 'DEVICE_DISCONNECTED',
      message: expect.stringMatching(/nothing was signed|disconnected/),
    });
    await stateBecomes(service, 'disconnected');
    ledger.replug();
    await stateBecomes(service, 'locked');
    expect(usb.closedDuringRead).toBe(0);
  });

  it('a read that never returns: the job fails with a timeout, no handle is closed under the read, the device is usable after a replug', async () => {
    const { ledger, usb, service } = setup({}, {}, { commandTimeoutMs: 500 });
    await service.start();
    await stateBecomes(service, 'ready');
    usb.stallNextCommand = true;
    expect(await caught(service.discoverAccounts({ scheme: 'bip44', count: 1 }))).toMatchObject({ code: 'DEVICE_TIMEOUT' });
    expect(service.getState()).toMatchObject({ status: 'error', error: { code: 'DEVICE_TIMEOUT' } });
    expect(usb.closedDuringRead).toBe(0);
    ledger.unplug();
    await stateBecomes(service, 'disconnected');
    ledger.replug({ locked: false, app: 'Ethereum' });
    await stateBecomes(service, 'ready');
    expect(usb.closedDuringRead).toBe(0);
  });
});
