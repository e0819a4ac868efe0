/** What the Ledger device service is built with: its transports, time limits and watch. */
import type { CalldataDescriptorSource } from './clear-signing';
import type { DescriptorIndex } from './token-descriptors';
import type { TransportFactory } from './transport-port';

export interface DeviceServiceOptions {
  transports: TransportFactory;
  /** Limit for jobs that wait for the user's buttons (default 3 min). */
  confirmTimeoutMs?: number;
  /** Limit for jobs that do not (default 20 s). */
  commandTimeoutMs?: number;
  /** Limit for opening the USB handle (default 5 s). */
  openTimeoutMs?: number;
  /** Close the handle after this long without jobs, so other apps can use the device (default 5 s). */
  idleReleaseMs?: number;
  /** How long the device may stay away from USB while an app opens or quits (default 15 s). */
  reenumerationTimeoutMs?: number;
  /** Open the Ethereum app (the user confirms on the device) when a job finds it closed (default false). */
  autoOpenEthereum?: boolean;
  /**
   * While no job runs, ask the device again this often (and release it right after), so unlocking,
   * opening or quitting an app, toggling blind signing or another application letting go of the
   * device shows up without a click. 0 turns it off (default).
   */
  watchIntervalMs?: number;
  /**
   * ERC-20 descriptors besides Ledger's own, for a device that trusts another signing key (the
   * emulator's test key). A real Ledger refuses them; never set for one.
   */
  tokenDescriptors?: DescriptorIndex;
  /** Certified ERC-7730 descriptors: a call one covers is signed in clear (see `clear-signing.ts`). */
  calldataDescriptors?: CalldataDescriptorSource;
}

/** How often the console checks a real Ledger while nothing else uses it (a probe of three APDUs). */
export const DEVICE_WATCH_INTERVAL_MS = 3_000;
