/**
 * A desk of two Ledgers behind the device process, as the Electron app runs it: the fleet served
 * over a message channel (every message through JSON, as between processes), the main side's
 * `RemoteDevice` listing them, told of each change, and the batch's wait for "the device holding
 * the next wallet" working through it.
 */
import { afterEach, expect, it } from 'vitest';
import { RemoteDevice, serveDevice, type DeviceChannel } from '../../../electron/services/device';
import { DeviceFleet } from '../../../electron/services/device/device-fleet';
import type { DeviceEvent, DeviceRequest, DeviceResponse } from '../../../electron/services/device/protocol';
import { WalletDevices } from '../../../electron/services/device/wallet-devices';
import { createEmulatedLedger, emulatorTransportFactory, TEST_MNEMONIC } from '../../../electron/demo/ledger';
import type { LedgerBinding, LedgerListing } from '../../../shared/device/desk';
import type { AppErrorData } from '../../../shared/errors';

const fleets: DeviceFleet[] = [];
afterEach(async () => {
  for (const f of fleets.splice(0)) await f.stop();
});

function deskProcess() {
  const nano = createEmulatedLedger({ mnemonic: TEST_MNEMONIC, app: 'Ethereum', locked: false, descriptor: 'ledger-a', serialNumber: 'A1B2C3', reenumerationDelayMs: 5 });
  const stax = createEmulatedLedger({ model: 'stax', app: 'Ethereum', locked: false, descriptor: 'ledger-b', serialNumber: 'D4E5F6', reenumerationDelayMs: 5 });
  const fleet = new DeviceFleet({ transports: emulatorTransportFactory([nano, stax]), idleReleaseMs: 60_000, openTimeoutMs: 300, reenumerationTimeoutMs: 2_000 });
  fleets.push(fleet);
  const spawn = (): DeviceChannel => {
    let toMain: (m: DeviceResponse | DeviceEvent) => void = () => undefined;
    let toHost: (m: DeviceRequest) => void = () => undefined;
    const wire = <T>(m: T): T => JSON.parse(JSON.stringify(m)) as T;
    serveDevice(fleet, { onMessage: (l) => void (toHost = l), post: (m) => queueMicrotask(() => toMain(wire(m))) });
    void fleet.start();
    return {
      post: (m) => queueMicrotask(() => toHost(wire(m))),
      onMessage: (l) => void (toMain = l),
      onExit: () => undefined,
      kill: () => undefined,
    };
  };
  return { nano, stax, remote: new RemoteDevice(spawn) };
}

function listedAs(remote: RemoteDevice, test: (devices: LedgerListing[]) => boolean): Promise<LedgerListing[]> {
  return new Promise((resolve, reject) => {
    let off = () => {};
    const timer = setTimeout(() => (off(), reject(new Error('the desk was never listed so'))), 10_000);
    off = remote.subscribeDevices((devices) => {
      if (!test(devices)) return;
      clearTimeout(timer);
      queueMicrotask(() => off());
      resolve(devices);
    });
  });
}

it('lists both Ledgers, and follows one leaving and coming back', async () => {
  const { nano, remote } = deskProcess();
  await remote.start();
  await listedAs(remote, (d) => d.length === 2 && d.every((x) => x.state.status === 'ready'));
  expect((await remote.listDevices()).map((d) => [d.path, d.serialNumber, d.serialIdentifies, d.model])).toEqual([
    ['ledger-a', 'A1B2C3', true, 'nanoX'],
    ['ledger-b', 'D4E5F6', true, 'stax'],
  ]);
  nano.unplug();
  await listedAs(remote, (d) => d.length === 1 && d[0]!.serialNumber === 'D4E5F6');
  nano.replug({ locked: false, app: 'Ethereum' });
  await listedAs(remote, (d) => d.length === 2);
  await remote.stop();
});

it("a batch's wait for the Ledger holding the next wallet goes through the device process", async () => {
  const { nano, remote } = deskProcess();
  await remote.start();
  await listedAs(remote, (d) => d.length === 2);
  const wallet = '0xCbA98362e199c41E1864D0923AF9646d3A648451';
  const binding: LedgerBinding = { groupId: 'g-treasury', device: { serialNumber: 'A1B2C3' }, model: 'nanoX', boundAt: new Date().toISOString() };
  const devices = new WalletDevices({ desk: async () => remote, bindings: async () => [binding], groupsOf: async () => [{ id: 'g-treasury', name: 'Treasury' }] });
  nano.unplug();
  await listedAs(remote, (d) => d.length === 1);
  const said: Array<AppErrorData | null> = [];
  const waiting = devices.awaitDevice(wallet, { waiting: (reason) => said.push(reason), stopped: () => false });
  await expect.poll(() => said[0]?.message, { timeout: 10_000 }).toBe('Connect the Ledger for Treasury (Nano X, serial A1B2C3).');
  nano.replug({ locked: false, app: 'Ethereum' });
  expect(await waiting).toBe('present');
  expect(said).toEqual([expect.objectContaining({ code: 'DEVICE_WAITING_FOR_LEDGER' }), null]);
  // And the wallet's job goes to its device, named across the process.
  const signing = devices.signPersonalMessage("44'/60'/0'/0'/0", 'hello', { expectedAddress: wallet });
  await nano.waitForConfirmation('sign-message');
  nano.approve();
  expect((await signing).address).toBe(wallet);
  await remote.stop();
});
