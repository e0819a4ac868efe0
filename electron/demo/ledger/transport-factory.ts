/**
 * Plugs emulated Ledgers into the device service through the same port as the USB HID adapter:
 * one, or several at once (each with its own descriptor), as a desk with several devices.
 */
import type { TransportFactory } from '../../services/device/transport-port';
import type { EmulatedLedger } from './device';

export function emulatorTransportFactory(ledgers: EmulatedLedger | EmulatedLedger[]): TransportFactory {
  const all = Array.isArray(ledgers) ? ledgers : [ledgers];
  const byDescriptor = (descriptor: string) => all.find((l) => l.descriptor === descriptor) ?? all[0]!;
  return {
    listen(observer) {
      const subscriptions = all.map((ledger) =>
        ledger.listen({
          next: (event) =>
            event.type === 'add'
              ? observer.add(event.descriptor, event.serialNumber === undefined ? {} : { serialNumber: event.serialNumber })
              : observer.remove(event.descriptor),
        }),
      );
      return { unsubscribe: () => subscriptions.forEach((s) => s.unsubscribe()) };
    },
    open: (descriptor) => byDescriptor(descriptor).open(),
    present: () => all.filter((l) => l.snapshot().plugged).map((l) => l.descriptor),
  };
}
