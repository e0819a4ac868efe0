/**
 * The device service's ears on USB: what a device appearing, leaving or USB changing under it
 * means for the service, given whether a job is switching apps (the remove/add that follows is
 * expected) and whether the console's window is hidden (nothing is opened then; the device is
 * asked again when the window shows).
 */
import { describeDeviceError } from '../../../shared/device/errors';
import type { AppErrorData } from '../../../shared/errors';
import type { DeviceLink } from './device-link';
import type { HotplugObserver } from './transport-port';

/** What the observer needs of the service. */
export interface UsbListener {
  readonly link: DeviceLink;
  readonly switchingApp: boolean;
  readonly hidden: boolean;
  readonly idle: boolean;
  /** USB changed while hidden: ask again when the window shows. */
  markStale(): void;
  /** Ask the device now (a device appeared). */
  ask(): void;
  /** Drop the handle and ask again after the queued jobs (USB changed under us). */
  recheck(): void;
  /** The device left USB. */
  gone(): void;
  failed(error: AppErrorData): void;
}

export function usbObserver(service: UsbListener): HotplugObserver {
  return {
    add: (descriptor) => {
      service.link.plugged(descriptor);
      if (service.switchingApp) return;
      if (service.hidden) service.markStale();
      else service.ask();
    },
    remove: (descriptor) => {
      if (service.link.unplugged(descriptor) && !service.switchingApp) service.gone();
    },
    changed: () => {
      // USB changed under us (an app switch, possibly on the same hidraw path): whatever handle
      // is open belongs to the old enumeration; look again on a fresh one.
      if (service.switchingApp) return;
      if (service.hidden) {
        service.markStale();
        if (service.idle) service.link.release();
      } else service.recheck();
    },
    error: (err) => service.failed(describeDeviceError(err)),
  };
}
