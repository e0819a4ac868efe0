/** A device service wired to an emulated Ledger, with short time limits for tests. */
import { afterEach } from 'vitest';
import { createEmulatedLedger, emulatorTransportFactory, type EmulatedLedgerOptions } from '../../../electron/demo/ledger';
import { createHidTransportFactory, DeviceService, type DeviceServiceOptions } from '../../../electron/services/device';
import { useFakeHid, type FakeHidOptions } from '../../support/fake-hid';
import type { TransportFactory } from '../../../electron/services/device/transport-port';
import type { DeviceState, DeviceStatus } from '../../../shared/device';

export const PATH = "44'/60'/0'/0'/0";
export const ADDRESS = '0xCbA98362e199c41E1864D0923AF9646d3A648451';
export const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

export function setup(
  ledgerOptions: EmulatedLedgerOptions = {},
  serviceOptions: Partial<DeviceServiceOptions> = {},
  wrap: (factory: TransportFactory) => TransportFactory = (f) => f,
) {
  const ledger = createEmulatedLedger(ledgerOptions);
  return { ledger, ...testDeviceService(wrap(emulatorTransportFactory(ledger)), serviceOptions) };
}

/**
 * A device service over the real USB HID adapter (`@ledgerhq/hw-transport-node-hid` over the fake
 * HID backed by the emulated Ledger), with the longer limits a real adapter needs to reopen and
 * re-enumerate; the emulator and the fake USB are returned to act on.
 */
export function hidSetup(ledgerOptions: EmulatedLedgerOptions = {}, hid: FakeHidOptions = {}, serviceOptions: Partial<DeviceServiceOptions> = {}) {
  const ledger = createEmulatedLedger({ reenumerationDelayMs: 30, ...ledgerOptions });
  const usb = useFakeHid(ledger, hid);
  return { ledger, usb, ...testDeviceService(createHidTransportFactory(), { reenumerationTimeoutMs: 5_000, openTimeoutMs: 1_000, ...serviceOptions }) };
}

/** A device service over these transports with short time limits for tests, and every state it reports. */
export function testDeviceService(transports: TransportFactory, serviceOptions: Partial<DeviceServiceOptions> = {}) {
  const service = new DeviceService({
    transports,
    confirmTimeoutMs: 5_000,
    commandTimeoutMs: 2_000,
    idleReleaseMs: 60_000,
    reenumerationTimeoutMs: 2_000,
    openTimeoutMs: 300,
    ...serviceOptions,
  });
  const states: DeviceState[] = [];
  service.subscribe((s) => states.push(s));
  return { service, states };
}

/**
 * `started(setup(…))` starts the set-up's device service; each one started is stopped after every
 * test of the file that called this (it registers the `afterEach`).
 */
export function stoppedAfterEach() {
  const running: DeviceService[] = [];
  afterEach(async () => {
    for (const s of running.splice(0)) await s.stop();
  });
  return function started<T extends { service: DeviceService }>(ctx: T): T {
    ctx.service.start();
    running.push(ctx.service);
    return ctx;
  };
}

/** Resolves with the first state of this status (the current one included). */
export function waitForStatus<S extends DeviceStatus>(
  service: DeviceService,
  status: S,
  timeoutMs = 2_000,
): Promise<Extract<DeviceState, { status: S }>> {
  return new Promise((resolve, reject) => {
    let off = () => {};
    const timer = setTimeout(() => {
      off();
      reject(new Error(`state never became "${status}" (last: ${JSON.stringify(service.getState())})`));
    }, timeoutMs);
    off = service.subscribe((s) => {
      if (s.status === status) {
        clearTimeout(timer);
        queueMicrotask(() => off());
        resolve(s as Extract<DeviceState, { status: S }>);
      }
    });
  });
}

export const caught = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as { code: string; message: string; action?: string },
  );
