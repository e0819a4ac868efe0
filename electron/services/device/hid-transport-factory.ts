/**
 * The real USB HID adapter over @ledgerhq/hw-transport-node-hid.
 *
 * `TransportNodeHid.listen` reports the devices present, then add/remove from a HID re-poll
 * debounced after USB events; it never completes. That poll misses what a Ledger does at every app
 * switch: when the old path is gone and a new one present in the same poll it reports only the
 * "add", and when Linux gives the new USB device the old hidraw path it reports nothing. So the raw
 * USB attach/detach events are also passed on (settled) as `changed`, for the service to look again:
 * only Ledger's (vendor 0x2c97), so a mouse, a phone or a disk coming and going does not make the
 * console open the Ledger.
 *
 * A transport's own "disconnect" event only fires when a write fails, so the service combines these
 * signals. `open` itself has no timeout (node-hid opens synchronously, but a device held by another
 * application can make it fail or stall), so one is added here.
 */
import { AppError } from '../../../shared/errors';
import { describeDeviceError } from '../../../shared/device/errors';
import { listLedgerPaths, loadTransportNodeHid, loadUsbEvents } from './ledgerhq';
import { withTimeout } from './timeout';
import type { DeviceTransport, HotplugObserver, TransportFactory } from './transport-port';

/** Ledger's USB vendor id. */
const LEDGER_USB_VENDOR_ID = 0x2c97;

interface HidTransportOptions {
  /** Quiet time after the last raw USB event before `changed` is reported (default 800 ms, after the HID re-poll). */
  usbSettleMs?: number;
}

export function createHidTransportFactory(options: HidTransportOptions = {}): TransportFactory {
  const usbSettleMs = options.usbSettleMs ?? 800;
  return {
    listen(observer: HotplugObserver) {
      let subscription: { unsubscribe(): void };
      try {
        // Loading node-hid / usb can fail (missing native build, no USB stack): report it as a state.
        subscription = loadTransportNodeHid().listen({
          next(event) {
            const descriptor = String(event.descriptor ?? '');
            const serialNumber = (event as { device?: { serialNumber?: unknown } }).device?.serialNumber;
            if (event.type === 'add') observer.add(descriptor, typeof serialNumber === 'string' && serialNumber ? { serialNumber } : {});
            else if (event.type === 'remove') observer.remove(descriptor);
          },
          error(err: unknown) {
            observer.error(err);
          },
          complete() {
            // listen never completes for HID; nothing to do if a future version does.
          },
        });
      } catch (err) {
        observer.error(err);
        return { unsubscribe: () => undefined };
      }
      const stopUsb = watchUsbChanges(usbSettleMs, () => observer.changed?.());
      return {
        unsubscribe: () => {
          stopUsb();
          subscription.unsubscribe();
        },
      };
    },

    present() {
      try {
        return listLedgerPaths();
      } catch {
        // No USB stack: the listener reports that as an error already.
        return [];
      }
    },

    async open(descriptor: string, timeoutMs: number): Promise<DeviceTransport> {
      const TransportNodeHid = loadTransportNodeHid();
      try {
        const transport = await withTimeout(
          TransportNodeHid.open(descriptor || undefined),
          timeoutMs,
          () =>
            new AppError({
              code: 'DEVICE_TIMEOUT',
              message: 'The Ledger could not be opened in time.',
              action: 'Close other applications that use the Ledger (Ledger Live, browser wallets), unplug it and plug it in again.',
            }),
        );
        return transport as unknown as DeviceTransport;
      } catch (err) {
        throw new AppError(describeDeviceError(err), { cause: err });
      }
    },
  };
}

/** Calls `onChange` once USB has been quiet for `settleMs` after an attach or detach. */
function watchUsbChanges(settleMs: number, onChange: () => void): () => void {
  let usb: ReturnType<typeof loadUsbEvents>;
  try {
    usb = loadUsbEvents();
  } catch {
    // Without raw USB events the HID listener's own events (and the watch) still work.
    return () => undefined;
  }
  let timer: ReturnType<typeof setTimeout> | null = null;
  const onUsb = (device?: { deviceDescriptor?: { idVendor?: number } }) => {
    if (device?.deviceDescriptor?.idVendor !== LEDGER_USB_VENDOR_ID) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      onChange();
    }, settleMs);
  };
  usb.on('attach', onUsb);
  usb.on('detach', onUsb);
  return () => {
    if (timer) clearTimeout(timer);
    usb.removeListener('attach', onUsb);
    usb.removeListener('detach', onUsb);
  };
}
