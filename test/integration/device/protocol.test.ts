/**
 * Driving the device service by messages, as the utility process host does: tagged results,
 * never exceptions, and state events.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { concat, keccak256, recoverAddress, type Hex } from 'viem';
import { forwardDeviceEvents, handleDeviceRequest, type DeviceEvent } from '../../../electron/services/device';
import { DeviceFleet } from '../../../electron/services/device/device-fleet';
import { createEmulatedLedger, emulatorTransportFactory, type EmulatedLedgerOptions } from '../../../electron/demo/ledger';
import { ADDRESS, PATH } from './harness';

const running: DeviceFleet[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
});

/** The desk the device process serves, with one emulated Ledger on it. */
function setup(options: EmulatedLedgerOptions = {}) {
  const ledger = createEmulatedLedger(options);
  const service = new DeviceFleet({ transports: emulatorTransportFactory(ledger), confirmTimeoutMs: 5_000, commandTimeoutMs: 2_000, idleReleaseMs: 60_000, reenumerationTimeoutMs: 2_000, openTimeoutMs: 300 });
  return { ledger, service };
}

describe('device service messages', () => {
  it('answers requests with tagged results and forwards state changes', async () => {
    const { ledger, service } = setup({ autoApprove: true, blindSigning: true });
    running.push(service);
    const events: DeviceEvent[] = [];
    forwardDeviceEvents(service, (e) => events.push(e));
    await service.start();

    const accounts = await handleDeviceRequest(service, { id: 1, method: 'discoverAccounts', params: { scheme: 'legacy', count: 2 } });
    expect(accounts).toMatchObject({
      id: 1,
      ok: true,
      value: [
        { index: 0, path: "44'/60'/0'/0" },
        { index: 1, path: "44'/60'/0'/1" },
      ],
    });

    const domainHash = keccak256('0xaa');
    const messageHash = keccak256('0xbb');
    const typed = await handleDeviceRequest(service, {
      id: 2,
      method: 'signTypedDataHash',
      params: { path: PATH, domainHash, messageHash },
    });
    expect(typed).toMatchObject({ id: 2, ok: true, value: { address: ADDRESS } });
    const signature = (typed as { value: { signature: Hex } }).value.signature;
    expect(await recoverAddress({ hash: keccak256(concat(['0x1901', domainHash, messageHash])), signature })).toBe(ADDRESS);

    ledger.lock();
    const locked = await handleDeviceRequest(service, { id: 3, method: 'signPersonalMessage', params: { path: PATH, message: 'hi' } });
    expect(locked).toEqual({
      id: 3,
      ok: false,
      error: {
        code: 'DEVICE_LOCKED',
        message: 'The Ledger is locked.',
        action: 'Enter your PIN on the device, then try again.',
        details: { statusWord: '0x5515' },
      },
    });

    expect(events.flatMap((e) => (e.type === 'state' ? [e.state.status] : []))).toEqual(expect.arrayContaining(['disconnected', 'ready', 'awaiting-confirmation', 'locked']));
    expect(JSON.parse(JSON.stringify(events))).toEqual(events);
  });

  it('reports a bad request as a tagged error', async () => {
    const { service } = setup();
    running.push(service);
    await service.start();
    const answer = await handleDeviceRequest(service, { id: 9, method: 'discoverAccounts', params: { scheme: 'bip44', count: 1000 } });
    expect(answer).toMatchObject({ id: 9, ok: false, error: { code: 'DEVICE_INVALID_REQUEST' } });
  });
});
