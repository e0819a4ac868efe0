/**
 * Every status word and transport failure of a Ledger, turned into what the user reads: a stable
 * code, what happened, and what to do. Errors are classified by `name`, `id` and `statusCode`,
 * never by `instanceof`: several copies of @ledgerhq/errors coexist in the dependency tree, and
 * errors also arrive here after crossing a process boundary as plain objects.
 */
import type { AppErrorData } from '../errors';
import { BLIND_SIGNING_OFF, LOCKED, describeStatusWord } from './status-words';

export { BLIND_SIGNING_OFF,   describeStatusWord,  } from './status-words';

function field(err: unknown, key: string): unknown {
  return typeof err === 'object' && err !== null ? (err as Record<string, unknown>)[key] : undefined;
}

/**
 * Turns whatever a Ledger call threw into `AppErrorData`. Already-described errors (an `AppError`
 * or its serialized form) pass through unchanged.
 */
export function describeDeviceError(err: unknown): AppErrorData {
  const name = field(err, 'name');
  const id = field(err, 'id');
  const statusCode = field(err, 'statusCode');
  const message = typeof field(err, 'message') === 'string' ? (field(err, 'message') as string) : String(err);

  if (name === 'AppError' && typeof field(err, 'code') === 'string') {
    const out: AppErrorData = { code: field(err, 'code') as string, message };
    const action = field(err, 'action');
    if (typeof action === 'string') out.action = action;
    return out;
  }
  if (name === 'EthAppPleaseEnableContractData' || name === 'CeloAppPleaseEnableContractData') {
    return { ...BLIND_SIGNING_OFF };
  }
  if (typeof statusCode === 'number') return describeStatusWord(statusCode);
  if (name === 'LockedDeviceError' || name === 'ManagerDeviceLocked') return { ...LOCKED };

  if (name === 'DisconnectedDeviceDuringOperation') {
    return {
      code: 'DEVICE_DISCONNECTED',
      message: 'The Ledger was disconnected during the operation; nothing was signed.',
      action: 'Plug the device in again, unlock it, open the Ethereum app and retry.',
    };
  }
  if (name === 'DisconnectedDevice') {
    return {
      code: 'DEVICE_DISCONNECTED',
      message: 'The Ledger is disconnected.',
      action: 'Plug the device in, unlock it and open the Ethereum app.',
    };
  }
  if (name === 'TransportRaceCondition' || id === 'TransportLocked') {
    return {
      code: 'DEVICE_BUSY',
      message: 'Another request is already waiting on the Ledger.',
      action: 'Finish or reject the request shown on the device, then try again.',
    };
  }
  if (id === 'InvalidChannel' || id === 'InvalidSequence' || id === 'InvalidTag') {
    // Answers on another HID channel: another application opened the device too and talks to it.
    return {
      code: 'DEVICE_IN_USE',
      message:
        'The Ledger is in use by another application (Ledger Live or a browser wallet is talking to it), so Vaultdesk stepped back. Nothing was signed.',
      action:
        'Let the other application finish, or close it, then choose "Check again". Until then Vaultdesk checks the device less and less often, so as not to disturb it.',
    };
  }
  if (name === 'CantOpenDevice' || /cannot open device/i.test(message)) {
    return {
      code: 'DEVICE_CANNOT_OPEN',
      message: 'Another application is using the Ledger, so Vaultdesk cannot open it.',
      action:
        'Close Ledger Live and any browser wallet connected to the Ledger, then choose "Check again". On Linux, if nothing else uses it, install the udev rule for vendor 2c97 (see the README) and plug the device in again.',
    };
  }
  if (id === 'NoDevice' || id === 'NoDeviceFound' || id === 'ListenTimeout') {
    return {
      code: 'DEVICE_NOT_FOUND',
      message: 'No Ledger was found.',
      action: 'Plug the device in with a data cable and unlock it.',
    };
  }
  if (name === 'TransportExchangeTimeoutError' || name === 'TimeoutTagged') {
    return {
      code: 'DEVICE_TIMEOUT',
      message: 'The Ledger did not answer in time.',
      action: 'Check the device screen, reject any pending request on it, and try again.',
    };
  }
  if (id === 'DataLengthTooBig') {
    return {
      code: 'DEVICE_REQUEST_TOO_LARGE',
      message: 'The request is too large for the Ledger.',
      action: 'Report this: the request should have been split into chunks.',
    };
  }
  return {
    code: 'DEVICE_ERROR',
    message: `The Ledger reported an error: ${message}`,
    action: 'Unplug the device, plug it in again, open the Ethereum app and retry.',
  };
}
