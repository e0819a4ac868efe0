import type { LedgerModel } from '../../../shared/device/models';
import type { DeviceState } from '../../../shared/device/state';
import { checkExpected } from './device-errors';
import type { EthApp } from './ledgerhq';

/** The Ethereum app's settings as the last probe read them. */
export interface Ready {
  appVersion: string;
  blindSigning: boolean;
  /** The device model the transport reports, when it reports one. */
  model?: LedgerModel;
}

/** What an operation on the device gets from the service, inside its queued job. */
export interface DeviceAccess {
  /** The Ethereum app, open (opened first when the service is configured to). */
  ethereum(): Promise<{ eth: EthApp; ready: Ready }>;
  /** Publishes the device's state to the subscribers. */
  show(state: DeviceState): void;
  /** The console gave up on a review (a job timed out) that may still be on the device's screen. */
  reviewLeftOnScreen: boolean;
  /** Aborted when the job overran its time limit. */
  signal: AbortSignal;
}

/** The address of `path`, read silently, checked against the one the caller expects. */
export async function accountAt(eth: EthApp, path: string, expectedAddress: string | undefined): Promise<string> {
  const { address } = await eth.getAddress(path, false, false);
  checkExpected(path, address, expectedAddress);
  return address;
}
