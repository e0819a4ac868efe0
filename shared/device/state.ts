/**
 * The Ledger's state as the UI sees it, and the shapes that cross the IPC bridge with it.
 * Everything here is JSON-serializable: amounts and ids are decimal strings, bytes are 0x-hex.
 */
import type { AppErrorData } from '../errors';
import type { LedgerModel } from './models';

/** One screen of a review on the device: a title and, for key/value screens, the value. */
export interface DeviceScreen {
  title: string;
  value?: string;
}

/** What the device is asking the user to confirm. */
export type ConfirmationKind = 'sign-transaction' | 'sign-message' | 'sign-typed-data' | 'verify-address' | 'open-app';

export type DeviceState =
  /** No Ledger is plugged in (or it is held by another application). */
  | { status: 'disconnected' }
  /**
   * Plugged in, but the console cannot open it: another application (Ledger Live, a browser
   * wallet) holds it, or on Linux the udev rule is missing. `error` says which fix to try.
   */
  | { status: 'in-use'; error: AppErrorData }
  /** Plugged in, but the PIN has not been entered. */
  | { status: 'locked' }
  /** Unlocked, on the dashboard: no app is open. */
  | { status: 'dashboard'; osVersion?: string; model?: LedgerModel }
  /** Another app (Bitcoin, …) is open. */
  | { status: 'wrong-app'; appName: string }
  /**
   * The Ethereum app is open and answering. `model` is the device model the USB transport reports
   * (absent when it reports none): it decides how the device lays out a review. `osVersion` is
   * the OS version the dashboard reported last (no app can tell it), absent until it was open.
   */
  | { status: 'ready'; appVersion: string; blindSigning: boolean; address?: string; model?: LedgerModel; osVersion?: string }
  /** The device shows a review and waits for the user's buttons. */
  | { status: 'awaiting-confirmation'; kind: ConfirmationKind; screens: DeviceScreen[] }
  /** The user refused the last request on the device. */
  | { status: 'rejected'; message: string }
  /** The last operation failed for another reason. */
  | { status: 'error'; error: AppErrorData };

export type DeviceStatus = DeviceState['status'];

/** An account found by discovery. */
export interface DeviceAccount {
  index: number;
  path: string;
  address: string;
}

/**
 * A transaction for the device to sign. Amounts are decimal strings of wei; `type` picks the
 * envelope (legacy = type 0, eip2930 = type 1, eip1559 = type 2).
 */
export interface DeviceTransactionRequest {
  type: 'legacy' | 'eip2930' | 'eip1559';
  chainId: number;
  nonce: number;
  /** Omitted for a contract creation. */
  to?: string;
  value?: string;
  data?: string;
  gas: string;
  /** legacy and eip2930 */
  gasPrice?: string;
  /** eip1559 */
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  accessList?: { address: string; storageKeys: string[] }[];
  /** A certified clear-signing description of this call (Ledger's service), as JSON; the device service checks it on arrival. */
  certified?: unknown;
}

export interface SignedTransaction {
  /** The signed transaction, ready for `eth_sendRawTransaction`. */
  serialized: string;
  /** Its hash once broadcast (keccak of the signed bytes). */
  hash: string;
  /** The hash the device signed and showed in blind mode (keccak of the unsigned bytes). */
  signingHash: string;
  from: string;
  r: string;
  s: string;
  /** 0 or 1 */
  yParity: number;
  /** The legacy `v` (EIP-155 for legacy with a chain id), as a decimal string. */
  v: string;
}

export interface SignedMessage {
  /** 65-byte r‖s‖v signature, v = 27/28. */
  signature: string;
  address: string;
}
