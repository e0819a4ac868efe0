/**
 * No Ledger is ever plugged into the machines tests run on, so the USB HID adapter is only checked
 * for what it can be without a device: it builds lazily, loads node-hid, listens and explains
 * a path it cannot open.
 */
import { describe, expect, it } from 'vitest';
import { createHidTransportFactory } from '../../../electron/services/device/hid-transport-factory';

describe('USB HID transport factory', () => {
  it('is a transport factory port and loads node-hid only when used', () => {
    const factory = createHidTransportFactory();
    expect(typeof factory.listen).toBe('function');
    expect(typeof factory.open).toBe('function');
  });
});

describe('USB HID transport factory on a machine without a Ledger', () => {
  it('loads node-hid, listens without error and unsubscribes cleanly', async () => {
    const factory = createHidTransportFactory();
    const events: string[] = [];
    const subscription = factory.listen({
      add: (d) => events.push(`add ${d}`),
      remove: (d) => events.push(`remove ${d}`),
      error: (e) => events.push(`error ${String(e)}`),
    });
    await new Promise((r) => setTimeout(r, 200));
    subscription.unsubscribe();
    expect(events.filter((e) => e.startsWith('error'))).toEqual([]);
  });

  it('explains a device path that cannot be opened', async () => {
    const factory = createHidTransportFactory();
    await expect(factory.open('/dev/hidraw-missing', 1_000)).rejects.toMatchObject({
      code: 'DEVICE_CANNOT_OPEN',
      action: expect.stringMatching(/udev rule/),
    });
  });
});
