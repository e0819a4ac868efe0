/**
 * No Ledger is ever plugged into the machines tests run on, so the USB HID adapter is only checked
 * for what it can be without a device: it builds without loading node-hid's native module.
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
