/**
 * The port through which the device service reaches a Ledger. The USB HID adapter and the emulated
 * Ledger both implement it, so the service runs the same code against either.
 */
import type { DeviceTransport } from './ledgerhq';

export type { DeviceTransport };

export interface HotplugObserver {
  /**
   * A device appeared (also reported for every device present when listening starts), with the
   * USB serial number the platform gives, if any.
   */
  add(descriptor: string, usb?: UsbIdentity): void;
  /** A device went away. */
  remove(descriptor: string): void;
  /**
   * Something changed on USB (a raw attach or detach, settled), whether or not the HID device list
   * shows it: an app switch on Linux can give the new USB device the hidraw path of the old one, and
   * the HID listener then reports nothing at all.
   */
  changed?(): void;
  /** Device discovery itself failed (e.g. the USB stack is not available). */
  error(err: unknown): void;
}

export interface UsbIdentity {
  serialNumber?: string;
}

export interface TransportFactory {
  /**
   * The descriptors of the Ledgers on USB now, where the platform can list them: after an app
   * switch tells a device that came back on a new path from a second device plugged in.
   */
  present?(): string[];
  /** Starts reporting add/remove events until unsubscribed. */
  listen(observer: HotplugObserver): { unsubscribe(): void };
  /** Opens a handle to the device; rejects once `timeoutMs` has passed without one. */
  open(descriptor: string, timeoutMs: number): Promise<DeviceTransport>;
}
