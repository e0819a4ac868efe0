/**
 * The device service's own failures (the caller's mistakes, a wrong app, a signature that does not
 * recover) as `AppError`s, and the state each failure leaves the device in. Status words and the
 * Ledger libraries' errors are described in `shared/device/errors.ts`.
 */
import { isAddressEqual, type Hex } from 'viem';
import { AppError, type AppErrorData } from '../../../shared/errors';
import { describeDeviceError } from '../../../shared/device/errors';
import { isPlannerPath, parseBip32Path, PLANNER_PATH_REFUSAL } from '../../../shared/device/paths';
import type { DeviceState } from '../../../shared/device/state';

export const SERVICE_STOPPED: AppErrorData = {
  code: 'DEVICE_SERVICE_STOPPED',
  message: 'The Ledger service stopped before the request ran; nothing was signed.',
  action: 'Try again. If it keeps happening, unplug the Ledger and plug it in again.',
};

export function appErrorFrom(err: unknown): AppError {
  if (err instanceof AppError) return err;
  return new AppError(describeDeviceError(err), { cause: err });
}

export function invalidRequest(message: string, action: string): AppError {
  return new AppError({ code: 'DEVICE_INVALID_REQUEST', message, action });
}

export function wrongApp(state: DeviceState): AppError {
  if (state.status === 'dashboard') {
    return new AppError({
      code: 'DEVICE_WRONG_APP',
      message: 'No app is open on the Ledger: it is on its dashboard.',
      action: 'Open the Ethereum app on the device (or choose "Open Ethereum" in Vaultdesk), then try again.',
    });
  }
  if (state.status === 'wrong-app') {
    return new AppError({
      code: 'DEVICE_WRONG_APP',
      message: `The ${state.appName} app is open on the Ledger, not Ethereum.`,
      action: 'Quit it and open the Ethereum app on the device (or choose "Open Ethereum" in Vaultdesk), then try again.',
    });
  }
  return new AppError(describeDeviceError({ name: 'TransportStatusError', statusCode: 0x6e00 }));
}

export function deviceNotFound(): AppError {
  return new AppError({
    code: 'DEVICE_NOT_FOUND',
    message: 'No Ledger is connected.',
    action: 'Plug the Ledger in with a data cable and unlock it.',
  });
}

/** The device left USB to open or quit an app and did not come back as `appName`. */
export function appDidNotReturn(appName: string, quitting: boolean): AppError {
  return new AppError({
    code: 'DEVICE_TIMEOUT',
    message: `The Ledger did not come back after ${quitting ? 'quitting the app' : `opening ${appName}`}.`,
    action: 'Unplug the Ledger, plug it in again, open the Ethereum app and retry.',
  });
}

/** A path the device would refuse (or hw-app-eth would silently mangle) is the caller's mistake. */
export function checkPath(path: string): void {
  try {
    parseBip32Path(path);
  } catch (err) {
    throw invalidRequest(err instanceof Error ? err.message : `Invalid derivation path "${path}"`, "Use a path like 44'/60'/0'/0/0.");
  }
}

/**
 * The planner's account signs EIP-712 plan hashes only: a transaction or a personal message at its
 * path is refused before anything reaches the device, whoever asks.
 */
export function checkNotPlanner(path: string): void {
  if (isPlannerPath(path)) throw invalidRequest(PLANNER_PATH_REFUSAL.message, PLANNER_PATH_REFUSAL.action);
}

/** The caller named the wallet it expects at `path`: another Ledger (or seed) must not sign for it. */
export function checkExpected(path: string, actual: string, expected: string | undefined): void {
  if (expected === undefined || isAddressEqual(expected as Hex, actual as Hex)) return;
  throw new AppError({
    code: 'DEVICE_ADDRESS_MISMATCH',
    message: `This Ledger's account at ${path} is ${actual}, not ${expected}.`,
    action: "Connect the Ledger that holds this wallet, or check the wallet's derivation path.",
    details: { path, expected, actual },
  });
}

export function hexBytes(hex: string): Uint8Array {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(hex)) {
    throw invalidRequest('The message bytes are not 0x-hex.', 'Rebuild the message and try again.');
  }
  return Buffer.from(hex.slice(2), 'hex');
}

export function signatureMismatch(path: string, expected: string, recovered: string | null): AppError {
  return new AppError({
    code: 'DEVICE_SIGNATURE_MISMATCH',
    message: `The signature from the Ledger does not match its account at ${path}; it was discarded.`,
    action: 'Nothing was broadcast. Unplug the Ledger, plug it in again and retry; if it persists, do not use this device.',
    details: { path, expected, recovered: recovered ?? 'no valid signature' },
  });
}

/**
 * The state a failure leaves the device in, as the user should see it; null keeps the current one.
 * `devicePresent`: USB still reports the device (after a failed exchange it may have been unplugged).
 */
export function stateAfterError(error: AppError, current: DeviceState, devicePresent: boolean): DeviceState | null {
  // The caller's mistakes say nothing about the device, unless a review was left on screen.
  const aboutRequest = error.code === 'DEVICE_INVALID_REQUEST' || error.code === 'DEVICE_ADDRESS_MISMATCH';
  if (aboutRequest && current.status !== 'awaiting-confirmation') return null;
  switch (error.code) {
    case 'DEVICE_LOCKED':
      return { status: 'locked' };
    case 'DEVICE_REJECTED':
    case 'DEVICE_OPEN_APP_REFUSED':
      return { status: 'rejected', message: error.message };
    case 'DEVICE_WRONG_APP':
      // The probe already set dashboard / wrong-app when it could tell which.
      if (current.status === 'dashboard' || current.status === 'wrong-app') return null;
      break;
    case 'DEVICE_DISCONNECTED':
      if (!devicePresent) return { status: 'disconnected' };
      break;
    case 'DEVICE_NOT_FOUND':
      return { status: 'disconnected' };
    case 'DEVICE_CANNOT_OPEN':
    case 'DEVICE_IN_USE':
      return devicePresent ? { status: 'in-use', error: error.toData() } : { status: 'disconnected' };
    case 'DEVICE_TIMEOUT':
      // The queue gave up on the job; whatever the device shows is no longer awaited.
      break;
  }
  return { status: 'error', error: error.toData() };
}
