/**
 * The real USB HID adapter over @ledgerhq/hw-transport-node-hid.
 *
 * `TransportNodeHid.listen` reports the devices present, then add/remove from USB events and a
 * debounced HID re-poll; it never completes. A transport's own "disconnect" event only fires when
 * a read or write fails, so the service combines both signals. `open` itself has no timeout (node-hid
 * opens synchronously, but a device held by another application can make it fail or stall), so
 * one is added here.
 */
import { AppError } from '../../../shared/errors';
import { describeDeviceError } from '../../../shared/device/errors';
import { loadTransportNodeHid } from './ledgerhq';
import { withTimeout } from './timeout';
import type { DeviceTransport, HotplugObserver, TransportFactory } from './transport-port';

export function createHidTransportFactory(): TransportFactory {
  return {
    listen(observer: HotplugObserver) {
      let subscription: { unsubscribe(): void };
      try {
        // Loading node-hid / usb can fail (missing native build, no USB stack): report it as a state.
        subscription = loadTransportNodeHid().listen({
          next(event) {
            const descriptor = String(event.descriptor ?? '');
            if (event.type === 'add') observer.add(descriptor);
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
      return { unsubscribe: () => subscription.unsubscribe() };
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
