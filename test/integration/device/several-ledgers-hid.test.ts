/**
 * Two Ledgers on one desk over the real USB HID adapter (`@ledgerhq/hw-transport-node-hid` over the
 * fake node-hid): both listed with their paths, models and what they run; every Ledger reports the
 * serial number "0001", so neither is known by it and each is chosen by path; a job for one goes
 * to that one only, and an app switch on one (a new hidraw path) keeps it the same device.
 */
import { afterEach, expect, it } from 'vitest';
import { createEmulatedLedger, TEST_MNEMONIC } from '../../../electron/demo/ledger';
import { createHidTransportFactory } from '../../../electron/services/device';
import { DeviceFleet } from '../../../electron/services/device/device-fleet';
import { selectorOf, type LedgerListing } from '../../../shared/device/desk';
import { useFakeHidDesk } from '../../support/fake-hid';
import { ADDRESS, PATH, caught } from './harness';

const OTHER_MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const SETTLE_MS = 10_000;

let fleet: DeviceFleet | null = null;
afterEach(async () => {
  await fleet?.stop();
  fleet = null;
});

function desk() {
  const nano = createEmulatedLedger({ mnemonic: TEST_MNEMONIC, model: 'nanoX', reenumerationDelayMs: 30 });
  const stax = createEmulatedLedger({ mnemonic: OTHER_MNEMONIC, model: 'stax', app: 'BOLOS', osVersion: '1.8.1', reenumerationDelayMs: 30 });
  const [nanoUsb, staxUsb] = useFakeHidDesk([{ ledger: nano }, { ledger: stax }]);
  fleet = new DeviceFleet({ transports: createHidTransportFactory(), reenumerationTimeoutMs: 5_000, openTimeoutMs: 1_000, confirmTimeoutMs: 5_000, commandTimeoutMs: 2_000 });
  return { nano, stax, nanoUsb: nanoUsb!, staxUsb: staxUsb!, fleet };
}

function listedAs(fleet: DeviceFleet, test: (devices: LedgerListing[]) => boolean): Promise<LedgerListing[]> {
  return new Promise((resolve, reject) => {
    let off = () => {};
    const timer = setTimeout(() => {
      off();
      reject(new Error(`never listed so: ${JSON.stringify(fleet.listDevices())}`));
    }, SETTLE_MS);
    off = fleet.subscribeDevices((devices) => {
      if (!test(devices)) return;
      clearTimeout(timer);
      queueMicrotask(() => off());
      resolve(devices);
    });
  });
}

it('lists both Ledgers with path, model and versions; "0001" tells neither apart, so each is chosen by path', async () => {
  const { fleet, nanoUsb, staxUsb } = desk();
  await fleet.start();
  const devices = await listedAs(fleet, (d) => d.length === 2 && d.every((x) => x.model && (x.appVersion || x.osVersion)));
  const byPath = new Map(devices.map((d) => [d.path, d]));
  expect(byPath.get(nanoUsb.path)).toMatchObject({ model: 'nanoX', appVersion: '1.22.0', serialNumber: '0001', serialIdentifies: false, state: { status: 'ready' } });
  expect(byPath.get(staxUsb.path)).toMatchObject({ model: 'stax', osVersion: '1.8.1', serialIdentifies: false, state: { status: 'dashboard' } });
  expect(selectorOf(byPath.get(staxUsb.path)!)).toEqual({ path: staxUsb.path });
});

it('a job for one device goes to that one: its address there, and the other one refuses the wallet', async () => {
  const { fleet, nanoUsb, stax } = desk();
  await fleet.start();
  await listedAs(fleet, (d) => d.length === 2);
  stax.openApp('Ethereum');
  await listedAs(fleet, (d) => d.some((x) => x.model === 'stax' && x.state.status === 'ready'));
  const stPath = fleet.listDevices().find((d) => d.model === 'stax')!.path!;
  const onNano = await fleet.signPersonalMessage(PATH, 'hello', { expectedAddress: ADDRESS, device: { path: nanoUsb.path! } }).catch((e: unknown) => e);
  // The wallet's own device shows the message for the buttons (not pressed here: the job waits).
  expect(onNano).toMatchObject({ code: 'DEVICE_TIMEOUT' });
  const signed = fleet.signPersonalMessage(PATH, 'hello', { expectedAddress: ADDRESS, device: { path: stPath } });
  expect(await caught(signed)).toMatchObject({ code: 'DEVICE_ADDRESS_MISMATCH' });
  expect(stax.pendingConfirmation).toBeNull();
}, 30_000);

it('an app switch on one device (a new hidraw path) keeps it the same device, beside the other', async () => {
  const { fleet, stax, staxUsb } = desk();
  await fleet.start();
  await listedAs(fleet, (d) => d.length === 2 && d.every((x) => x.model));
  const before = fleet.listDevices().find((d) => d.model === 'stax')!;
  const oldPath = staxUsb.path;
  stax.openApp('Ethereum');
  const after = await listedAs(fleet, (d) => d.length === 2 && d.some((x) => x.model === 'stax' && x.state.status === 'ready'));
  const staxNow = after.find((d) => d.model === 'stax')!;
  expect(staxNow.path).not.toBe(oldPath);
  expect(staxNow).toMatchObject({ id: before.id, osVersion: '1.8.1', appVersion: '1.22.0' });
  expect(after).toHaveLength(2);
}, 30_000);
