/**
 * Living beside other Ledger clients, over the real HID adapter and a fake HID that behaves like a
 * desktop: another application can open the device at the same time (a shared open) and its
 * answers reach every open handle; USB events come from every vendor; each Ledger model has its
 * own product ids.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmulatedLedger } from '../../../electron/demo/ledger';
import { createHidTransportFactory, type DeviceService, type DeviceServiceOptions } from '../../../electron/services/device';
import { loadTransportNodeHid } from '../../../electron/services/device/ledgerhq';
import type { DeviceStatus } from '../../../shared/device';
import { LEDGER_MODELS, useFakeHid, type FakeHidOptions, type LedgerModel } from '../../support/fake-hid';
import { hidSetup, waitForStatus } from './harness';

const running: DeviceService[] = [];
const cleanups: (() => void)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const c of cleanups.splice(0)) c();
  for (const s of running.splice(0)) await s.stop();
});

const CEILING_MS = 10_000;

function setup(hid: FakeHidOptions = {}, serviceOptions: Partial<DeviceServiceOptions> = {}) {
  const ctx = hidSetup({}, hid, { idleReleaseMs: 0, ...serviceOptions });
  running.push(ctx.service);
  return ctx;
}

const stateBecomes = <S extends DeviceStatus>(service: DeviceService, status: S, timeoutMs = CEILING_MS) => waitForStatus(service, status, timeoutMs);

/** The gaps between successive times. */
const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);

describe('USB events of other vendors', () => {
  it('a mouse or a phone coming and going does not make the console look at the Ledger; the Ledger leaving does', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const ledger = createEmulatedLedger();
    const usb = useFakeHid(ledger);
    const changed = vi.fn();
    const subscription = createHidTransportFactory({ usbSettleMs: 50 }).listen({ add() {}, remove() {}, changed, error() {} });
    cleanups.push(() => subscription.unsubscribe());
    for (let i = 0; i < 5; i++) {
      usb.otherVendorEvent('attach');
      usb.otherVendorEvent('detach');
    }
    vi.advanceTimersByTime(5_000);
    expect(changed).not.toHaveBeenCalled();
    ledger.unplug();
    vi.advanceTimersByTime(5_000);
    expect(changed).toHaveBeenCalledTimes(1);
  });
});

describe('every Ledger model on USB', () => {
  const EXPECTED: Record<LedgerModel, string> = {
    nanoS: 'nanoS',
    nanoSP: 'nanoSP',
    nanoX: 'nanoX',
    stax: 'stax',
    flex: 'europa',
    apex: 'apex',
  };
  it.each(Object.keys(LEDGER_MODELS) as LedgerModel[])('%s: found by its product id, opened and read', async (model) => {
    const { service } = setup({ model });
    const events: { deviceModel?: { id: string } | null }[] = [];
    const listening = loadTransportNodeHid().listen({ next: (e) => events.push(e as never), error() {}, complete() {} });
    cleanups.push(() => listening.unsubscribe());
    await expect.poll(() => events.length, { timeout: CEILING_MS }).toBeGreaterThan(0);
    expect(events[0]!.deviceModel?.id).toBe(EXPECTED[model]);
    await service.start();
    await stateBecomes(service, 'ready');
  });
});

describe('another application using the Ledger', () => {
  it('held exclusively: "in use by another application", and the watch checks less and less often', async () => {
    const { usb, service } = setup({}, { watchIntervalMs: 30 });
    usb.heldByOtherProcess = true;
    await service.start();
    const held = await stateBecomes(service, 'in-use');
    expect(held.error.message).toMatch(/another application is using the Ledger/i);
    await expect.poll(() => usb.openAttempts.length, { timeout: CEILING_MS }).toBeGreaterThanOrEqual(6);
    // Each wait at least doubles (30 ms × 2, 4, 8 …): no retry storm.
    const waits = gaps(usb.openAttempts.slice(-5));
    for (let i = 1; i < waits.length; i++) expect(waits[i]!).toBeGreaterThanOrEqual(30 * 2 ** i);
    // The user's "Check again" goes through at once once it is released, and the pace comes back.
    usb.heldByOtherProcess = false;
    expect(await service.refresh()).toMatchObject({ status: 'ready' });
  });

  it('shared open: answers for the other application reach the console, which says so, drops its handle and backs off', async () => {
    const { usb, service } = setup({}, { watchIntervalMs: 30 });
    await service.start();
    await stateBecomes(service, 'ready');
    // Ledger Live opens the device too (the open succeeds for both) and keeps asking it.
    const other = usb.otherApplication();
    cleanups.push(() => other.close());
    let talking = true;
    const busy = (async () => {
      while (talking) {
        await other.exchange(Buffer.from('b001000000', 'hex')).catch(() => undefined);
        // Like a wallet polling the device: a command every few milliseconds.
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    cleanups.push(() => (talking = false));
    const inUse = await stateBecomes(service, 'in-use');
    expect(inUse.error).toMatchObject({
      code: 'DEVICE_IN_USE',
      message: expect.stringMatching(/in use by another application/),
      action: expect.stringMatching(/Check again/),
    });
    expect(service.holdsDevice).toBe(false);
    // While it makes 400 more exchanges, the console checks far less often than its 30 ms watch
    // would: each meeting doubles the wait, a check that goes through keeps it. (Counted against
    // the time it took, however busy the machine: at most a third of the plain watch's checks.)
    const from = usb.openAttempts.length;
    const since = Date.now();
    const answered = other.answered;
    await expect.poll(() => other.answered, { timeout: 6 * CEILING_MS }).toBeGreaterThanOrEqual(answered + 400);
    const elapsed = Date.now() - since;
    expect(usb.openAttempts.length - from).toBeLessThanOrEqual(elapsed / 90 + 3);
    talking = false;
    await busy;
    expect(await service.refresh()).toMatchObject({ status: 'ready' });
  });
});
