/**
 * Every status word and transport failure of a Ledger, turned into what the user reads: a stable
 * code, what happened, and what to do. Errors are classified by `name`, `id` and `statusCode`,
 * never by `instanceof`: several copies of @ledgerhq/errors coexist in the dependency tree, and
 * errors also arrive here after crossing a process boundary as plain objects.
 */
import type { AppErrorData } from '../errors';

export type DeviceErrorCode =
  | 'DEVICE_REJECTED'
  | 'DEVICE_LOCKED'
  | 'DEVICE_BLIND_SIGNING_OFF'
  | 'DEVICE_INVALID_DATA'
  | 'DEVICE_WRONG_APP'
  | 'DEVICE_TX_TYPE_UNSUPPORTED'
  | 'DEVICE_BAD_PARAMETERS'
  | 'DEVICE_APP_NOT_INSTALLED'
  | 'DEVICE_APP_TOO_OLD'
  | 'DEVICE_PLUGIN_MISSING'
  | 'DEVICE_OPEN_APP_REFUSED'
  | 'DEVICE_WRONG_LENGTH'
  | 'DEVICE_TECHNICAL_PROBLEM'
  | 'DEVICE_STATUS'
  | 'DEVICE_DISCONNECTED'
  | 'DEVICE_NOT_FOUND'
  | 'DEVICE_CANNOT_OPEN'
  | 'DEVICE_BUSY'
  | 'DEVICE_TIMEOUT'
  | 'DEVICE_REQUEST_TOO_LARGE'
  | 'DEVICE_SIGNATURE_MISMATCH'
  | 'DEVICE_ADDRESS_MISMATCH'
  | 'DEVICE_INVALID_REQUEST'
  | 'DEVICE_SERVICE_STOPPED'
  | 'DEVICE_ERROR';

interface Described {
  code: DeviceErrorCode;
  message: string;
  action: string;
}

const REJECTED: Described = {
  code: 'DEVICE_REJECTED',
  message: 'The request was rejected on the Ledger.',
  action: 'If the details on the device were right, start again and approve on the device.',
};
const LOCKED: Described = {
  code: 'DEVICE_LOCKED',
  message: 'The Ledger is locked.',
  action: 'Enter your PIN on the device, then try again.',
};
const WRONG_APP: Described = {
  code: 'DEVICE_WRONG_APP',
  message: 'The Ethereum app is not open on the Ledger.',
  action: 'Open the Ethereum app on the device (or let Vaultdesk open it), then try again.',
};

export const BLIND_SIGNING_OFF: Described = {
  code: 'DEVICE_BLIND_SIGNING_OFF',
  message: 'Blind signing is turned off in the Ethereum app, so the Ledger refuses contract calls.',
  action:
    'On the device, open the Ethereum app, go to Settings and turn on "Blind signing", then sign again. Compare the transaction hash on the device with the one Vaultdesk shows.',
};

/**
 * Status words of the Ledger OS and its Ethereum app. Keys are the 16-bit words; several words mean
 * the same thing to the user across firmware generations.
 */
export const STATUS_WORDS: Readonly<Record<number, Described>> = {
  0x6985: REJECTED,
  0x5515: LOCKED,
  // Older firmware answered a locked device with these.
  0x6b0c: LOCKED,
  0x6804: LOCKED,
  0x6982: LOCKED,
  0x6a80: {
    code: 'DEVICE_INVALID_DATA',
    message: 'The Ethereum app refused the data it was sent as invalid.',
    action:
      'If this was a contract call, turn on "Blind signing" in the Ethereum app settings. Otherwise update the Ethereum app with Ledger Live and try again.',
  },
  // The dashboard or another app does not know the Ethereum app's class or instructions.
  0x6d00: WRONG_APP,
  0x6d02: WRONG_APP,
  0x6e00: WRONG_APP,
  0x6e01: WRONG_APP,
  0x6511: WRONG_APP,
  0x650f: WRONG_APP,
  0x6501: {
    code: 'DEVICE_TX_TYPE_UNSUPPORTED',
    message: 'The Ethereum app on the Ledger does not support this transaction type.',
    action: 'Update the Ethereum app with Ledger Live, or sign a legacy or EIP-1559 transaction.',
  },
  // SWO_COMMAND_NOT_ALLOWED: a continuation with no signing started (the app's signing state was
  // reset, e.g. another application talked to it), or a request while a review is on its screen.
  0x6980: {
    code: 'DEVICE_BUSY',
    message: 'The Ethereum app refused the request: it is busy with another one, or its signing was interrupted. Nothing was signed.',
    action: 'Reject any request still shown on the Ledger, close other applications that use it, then try again.',
  },
  0x6a84: {
    code: 'DEVICE_TECHNICAL_PROBLEM',
    message: 'The Ethereum app ran out of memory for this request. Nothing was signed.',
    action: 'Quit and reopen the Ethereum app on the device, then try again; if it happens again, update the app with Ledger Live.',
  },
  0x6a87: {
    code: 'DEVICE_WRONG_LENGTH',
    message: 'The Ethereum app refused a request of the wrong length. Nothing was signed.',
    action: 'Update the Ethereum app with Ledger Live and try again.',
  },
  0x6b00: {
    code: 'DEVICE_BAD_PARAMETERS',
    message: 'The Ethereum app refused the parameters of the request.',
    action: 'Update the Ethereum app with Ledger Live and try again.',
  },
  0x6807: {
    code: 'DEVICE_APP_NOT_INSTALLED',
    message: 'The Ethereum app is not installed on the Ledger.',
    action: 'Install the Ethereum app from "My Ledger" in Ledger Live, then try again.',
  },
  0x5501: {
    code: 'DEVICE_OPEN_APP_REFUSED',
    message: 'Opening the Ethereum app was refused on the Ledger.',
    action: 'Start again and accept "Open application" on the device, or open the Ethereum app yourself.',
  },
  0x6700: {
    code: 'DEVICE_WRONG_LENGTH',
    message: 'The Ledger refused a request of the wrong length.',
    action: 'Update the Ethereum app with Ledger Live and try again.',
  },
  0x6f00: {
    code: 'DEVICE_TECHNICAL_PROBLEM',
    message: 'The Ledger reported an internal problem.',
    action: 'Unplug the device, plug it in again, open the Ethereum app and retry.',
  },
};

function hex4(sw: number): string {
  return `0x${sw.toString(16).padStart(4, '0').toUpperCase()}`;
}

/** The user-facing description of one status word; unknown words still get a useful message. */
export function describeStatusWord(sw: number): AppErrorData {
  const known = STATUS_WORDS[sw];
  if (known) return { ...known, details: { statusWord: hex4(sw) } };
  return {
    code: 'DEVICE_STATUS',
    message: `The Ledger answered with status ${hex4(sw)}.`,
    action: 'Check the device screen, make sure the Ethereum app is open and up to date, and try again.',
    details: { statusWord: hex4(sw) },
  };
}

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
