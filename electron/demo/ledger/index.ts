/**
 * An emulated Ledger running the Ethereum app, at the APDU level. Its `transport` is a real
 * `@ledgerhq/hw-transport` Transport, so `@ledgerhq/hw-app-eth` and the device service run against
 * it exactly as against a USB device. Tests and the demo mode drive its buttons.
 */
import { EmulatedLedger, type EmulatedLedgerOptions } from './device';

export function createEmulatedLedger(options: EmulatedLedgerOptions = {}): EmulatedLedger {
  return new EmulatedLedger(options);
}

export {
  EmulatedLedger,
  
  
  
  type EmulatedLedgerOptions,
  
  
  
  
} from './device';
export { EmulatedTransport } from './transport';
export { TEST_MNEMONIC } from './keys';
;
export { emulatorTransportFactory } from './transport-factory';
