import type { DerivationScheme } from '../../../shared/device/paths';
import type { DeviceAccount, DeviceState, DeviceTransactionRequest, SignedMessage, SignedTransaction } from '../../../shared/device/state';

/**
 * What the console needs from a Ledger, whether the device service runs in this process (tests,
 * the browser shell, the demo's emulated device) or in Electron's utility process.
 */
export interface DevicePort {
  start(): Promise<void>;
  stop(): Promise<void>;
  getState(): DeviceState;
  subscribe(listener: (state: DeviceState) => void): () => void;
  refresh(): Promise<DeviceState>;
  openEthereumApp(): Promise<DeviceState>;
  /** The console's window was hidden or shown: the watch pauses and the device is released, or both resume. */
  setVisible(visible: boolean): Promise<DeviceState>;
  discoverAccounts(params: { scheme: DerivationScheme; start?: number; count?: number }): Promise<DeviceAccount[]>;
  verifyAddress(path: string, expectedAddress?: string): Promise<string>;
  signTransaction(path: string, request: DeviceTransactionRequest, options?: { expectedAddress?: string }): Promise<SignedTransaction>;
  signPersonalMessage(path: string, message: string | { raw: string }, options?: { expectedAddress?: string }): Promise<SignedMessage>;
  signTypedDataHash(path: string, hashes: { domainHash: string; messageHash: string }, options?: { expectedAddress?: string }): Promise<SignedMessage>;
}
