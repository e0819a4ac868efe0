/** Account discovery and address checks on the device, by derivation scheme and path. */
import { isAddressEqual, type Hex } from 'viem';
import { AppError } from '../../../shared/errors';
import { derivationPath, type DerivationScheme } from '../../../shared/device/paths';
import { addressScreens } from '../../../shared/device/screens';
import type { DeviceAccount } from '../../../shared/device/state';
import { accountAt, type DeviceAccess } from './device-access';
import { checkPath, invalidRequest } from './device-errors';

export interface AccountRange {
  scheme: DerivationScheme;
  start: number;
  count: number;
}

/** The range asked for, with its defaults, or the caller's mistake. */
export function accountRange(params: { scheme: DerivationScheme; start?: number; count?: number }): AccountRange {
  const start = params.start ?? 0;
  const count = params.count ?? 5;
  if (!Number.isInteger(count) || count < 1 || count > 100 || !Number.isInteger(start) || start < 0) {
    throw invalidRequest(`Read 1 to 100 accounts at a time, from index 0 up (asked for ${count} from ${start}).`, 'Ask for fewer accounts.');
  }
  return { scheme: params.scheme, start, count };
}

/** Addresses `start … start+count-1` of a derivation scheme, read silently. */
export async function discoverAccounts(device: DeviceAccess, { scheme, start, count }: AccountRange): Promise<DeviceAccount[]> {
  const { eth } = await device.ethereum();
  const accounts: DeviceAccount[] = [];
  for (let index = start; index < start + count && !device.signal.aborted; index++) {
    const path = derivationPath(scheme, index);
    accounts.push({ index, path, address: await accountAt(eth, path, undefined) });
  }
  return accounts;
}

/** Shows the address of `path` on the device for the user to compare and approve. */
export async function verifyAddress(device: DeviceAccess, path: string, expectedAddress: string | undefined): Promise<string> {
  checkPath(path);
  const { eth, ready } = await device.ethereum();
  const silent = await accountAt(eth, path, expectedAddress);
  device.show({ status: 'awaiting-confirmation', kind: 'verify-address', screens: addressScreens(silent) });
  const shown = await eth.getAddress(path, true, false);
  if (!isAddressEqual(shown.address as Hex, silent as Hex)) {
    throw new AppError({
      code: 'DEVICE_ADDRESS_MISMATCH',
      message: 'The device showed a different address than it reported.',
      action: 'Do not use this account; contact support.',
    });
  }
  device.show({ status: 'ready', ...ready, address: shown.address });
  return shown.address;
}
