/**
 * What the emulated Ledger is made of and tells its observers: its options, its snapshot, its
 * events. The device itself is `device.ts`.
 */
import type { LedgerModel } from '../../../shared/device/models';
import type { ConfirmationKind, DeviceScreen } from '../../../shared/device/state';

export const DASHBOARD = 'BOLOS';
export const ETHEREUM = 'Ethereum';
/** The descriptor hot-plug events carry for the emulated device. */
export const EMULATED_DESCRIPTOR = 'emulated-ledger';

export interface EmulatedLedgerOptions {
  /** BIP-39 mnemonic of the device (default: the public "abandon … about" test mnemonic). */
  mnemonic?: string;
  /** Approve every review as soon as it is shown (default false: call `approve()`/`reject()`). */
  autoApprove?: boolean;
  /** Whether the device starts plugged in (default true). */
  plugged?: boolean;
  /** Whether the PIN is still to be entered (default false). */
  locked?: boolean;
  /** The app open at start: "BOLOS" for the dashboard, "Ethereum", or another app's name (default "Ethereum"). */
  app?: string;
  /** The Ethereum app's blind signing setting (default false, as on a fresh install). */
  blindSigning?: boolean;
  /** Ethereum app version (default the current release, `CURRENT_APP_VERSION`: "1.22.0"). */
  appVersion?: string;
  /**
   * The device model (default "nanoX"): the USB product id it enumerates with (so the transport
   * reports it as `deviceModel`) and the layout of its reviews.
   */
  model?: LedgerModel;
  /** The Ethereum app's "Nonce" setting: a Nonce field in transaction reviews (default false). */
  displayNonce?: boolean;
  /** The app's "Transaction hash" setting (from 1.18): the hash on clear-signed reviews too (default false). */
  displayHash?: boolean;
  /** OS (secure element) version the dashboard reports, by B0 01 and E0 01 (default per model, "2.4.1" on a Nano X). */
  osVersion?: string;
  /** MCU version the dashboard's get-version (E0 01) reports (default "2.30"). */
  mcuVersion?: string;
  /** The descriptor its hot-plug events carry (default "emulated-ledger"; give each of several its own). */
  descriptor?: string;
  /** The USB serial number node-hid reports (default none; a real Ledger reports "0001", the same on every device). */
  serialNumber?: string;
  /** Apps installed besides the dashboard (default Ethereum and Bitcoin). */
  installedApps?: string[];
  /** Version reported by apps other than Ethereum (default "2.3.0"). */
  otherAppVersion?: string;
  /** What a locked device answers (default 0x5515; older firmware used 0x6B0C / 0x6804). */
  lockedStatusWord?: number;
  /** What the dashboard answers to Ethereum commands (default 0x6D00, INS not supported). */
  dashboardStatusWord?: number;
  /** What another app answers to the Ethereum class 0xE0 (default 0x6E00, CLA not supported). */
  otherAppStatusWord?: number;
  /**
   * Trust certificates signed by the emulator's test PKI root (default true: the emulator serves
   * tests and the demo). Off, it trusts no root, as a release device trusts Ledger's only.
   */
  trustTestCertificates?: boolean;
  /** How long the device is gone from USB when an app opens or closes (default 20 ms). */
  reenumerationDelayMs?: number;
}

export interface PendingConfirmation {
  kind: ConfirmationKind;
  screens: DeviceScreen[];
}

export interface EmulatorSnapshot {
  plugged: boolean;
  locked: boolean;
  app: string;
  appVersion: string;
  /** The model and the Ethereum app's version, whatever app is open (the device panel shows them). */
  model: LedgerModel;
  ethereumAppVersion: string;
  /** The OS version, whatever app is open. */
  osVersion: string;
  blindSigning: boolean;
  screens: DeviceScreen[];
  pending: PendingConfirmation | null;
}

export type EmulatorEvent =
  | { type: 'awaiting-confirmation'; kind: ConfirmationKind; screens: DeviceScreen[] }
  | { type: 'confirmation-settled'; kind: ConfirmationKind; outcome: 'approved' | 'rejected' | 'aborted' }
  | { type: 'usb'; change: 'add' | 'remove' }
  | { type: 'changed'; snapshot: EmulatorSnapshot };

/** The shape of `Transport.listen` observers, so the device can be discovered like a HID one. */
export interface UsbObserver {
  next(event: { type: 'add' | 'remove'; descriptor: string; serialNumber?: string }): void;
  error?(err: unknown): void;
  complete?(): void;
}
