/**
 * Plugs the emulated Ledger into the device service through the same port as the USB HID adapter.
 */
import type { TransportFactory } from '../../services/device/transport-port';
import type { EmulatedLedger } from './device';

export function emulatorTransportFactory(ledger: EmulatedLedger): TransportFactory {
  return {
    listen(observer) {
      return ledger.listen({
        next: (event) => (event.type === 'add' ? observer.add(event.descriptor) : observer.remove(event.descriptor)),
      });
    },
    open: () => ledger.open(),
  };
}
