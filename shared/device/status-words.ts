/**
 * The status words a Ledger answers, each with the command(s) that can return it, the app versions,
 * and what the user should do. Read from the Ethereum app's source: `src/apdu_constants.h`
 * (`APDU_RESPONSE_*`, up to 1.19.3), the SDK's `status_words.h` (`SWO_*`, which the app uses from
 * 1.20), the command handlers under `src/`, and the table in `doc/ethapp.adoc`. Words the Ledger OS
 * answers itself (locked, another screen, app not installed) are listed with them.
 *
 * Several words depend on where they come from: `describeInApp` reads them with what the console
 * knows when the Ethereum app answered (which command, the app's version, its blind-signing setting).
 */
import type { AppErrorData } from '../errors';
import { compareVersions } from './versions';

interface Described {
  code: string;
  message: string;
  action: string;
}

/** Where a word comes from: the app's (or the SDK's) name for it, which commands, which versions. */
interface StatusWordSource {
  name: string;
  from: string;
  versions: string;
}

const UPDATE_APP = 'Update the Ethereum app with Ledger Live (My Ledger), open it again and retry.';

const REJECTED: Described = {
  code: 'DEVICE_REJECTED',
  message: 'The request was rejected on the Ledger.',
  action: 'If the details on the device were right, start again and approve on the device.',
};
export const LOCKED: Described = {
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
const BUSY: Described = {
  code: 'DEVICE_BUSY',
  message: 'The Ethereum app refused the request: it is busy with another one, or its signing was interrupted. Nothing was signed.',
  action: 'Reject any request still shown on the Ledger, close other applications that use it, then try again.',
};
const WRONG_LENGTH: Described = {
  code: 'DEVICE_WRONG_LENGTH',
  message: 'The Ethereum app refused a request of the wrong length. Nothing was signed.',
  action: UPDATE_APP,
};
const PLUGIN_MISSING: Described = {
  code: 'DEVICE_PLUGIN_MISSING',
  message: 'The Ethereum app asked for a plugin that is not installed on the Ledger. Nothing was signed.',
  action:
    'Install the plugin Ledger Live proposes for this contract (My Ledger), or turn on "Blind signing" in the Ethereum app, then try again.',
};
const OTHER_SCREEN: Described = {
  code: 'DEVICE_ON_OTHER_SCREEN',
  message:
    'The Ledger is busy on another screen (switching apps, its settings or Control Center, or a request from another application), so it did not answer.',
  action: 'Look at the device: finish or leave that screen and go back to the Ethereum app. Vaultdesk checks again by itself.',
};
const INTERNAL: Described = {
  code: 'DEVICE_APP_INTERNAL_ERROR',
  message: 'The Ethereum app stopped on an internal error. Nothing was signed.',
  action:
    'Quit and reopen the Ethereum app on the device, then try again; if it repeats, update the app with Ledger Live and report the status word.',
};

/** Every word with a meaning of its own, and where it comes from. */
export const STATUS_WORDS: Readonly<Record<number, Described & StatusWordSource>> = {
  0x6985: {
    ...REJECTED,
    name: 'SWO_CONDITIONS_NOT_SATISFIED (CONDITION_NOT_SATISFIED up to 1.19.3)',
    from: 'every review (E0 02 P1=01, 04, 08, 0C); up to 1.19.3 also a message started while busy',
    versions: 'all',
  },
  0x5515: { ...LOCKED, name: 'SWO_SEC_PIN_15', from: 'the OS, to any command while the PIN screen shows', versions: 'all' },
  0x6b0c: { ...LOCKED, name: 'locked (older OS)', from: 'the OS', versions: 'older firmware' },
  0x6804: { ...LOCKED, name: 'locked (older OS)', from: 'the OS', versions: 'older firmware' },
  0x6982: { ...LOCKED, name: 'SECURITY_NOT_SATISFIED', from: 'the OS (locked) and app up to 1.19.3', versions: 'all' },
  0x6a80: {
    code: 'DEVICE_INVALID_DATA',
    message: 'The Ethereum app refused the data it was sent as invalid.',
    action:
      'If this was a contract call, turn on "Blind signing" in the Ethereum app settings. Otherwise update the Ethereum app with Ledger Live and try again.',
    name: 'SWO_INCORRECT_DATA (INVALID_DATA up to 1.19.3)',
    from: 'every command: malformed data; E0 04 / E0 0C also with blind signing off, an approval carrying ETH, unsupported fields',
    versions: 'all',
  },
  0x6d00: {
    ...WRONG_APP,
    name: 'SWO_INVALID_INS',
    from: 'the dashboard or another app; inside the Ethereum app an instruction its version lacks',
    versions: 'all',
  },
  0x6d02: { ...WRONG_APP, name: 'UNKNOWN_APDU', from: 'the dashboard', versions: 'OS' },
  0x6e00: { ...WRONG_APP, name: 'SWO_INVALID_CLA', from: 'another app (class 0xE0 unknown)', versions: 'all' },
  0x6e01: { ...WRONG_APP, name: 'CLA_NOT_SUPPORTED_BOOTLOADER', from: 'the OS', versions: 'OS' },
  0x6511: { ...WRONG_APP, name: 'app not open', from: 'the OS', versions: 'OS' },
  0x650f: { ...WRONG_APP, name: 'app not open', from: 'the OS', versions: 'OS' },
  0x6501: {
    code: 'DEVICE_TX_TYPE_UNSUPPORTED',
    message: 'The Ethereum app on the Ledger does not support this transaction type.',
    action: 'Update the Ethereum app with Ledger Live, or sign a legacy or EIP-1559 transaction.',
    name: 'TX_TYPE_NOT_SUPPORTED (SWO_MEMORY_WRITE_ERROR from 1.20, same meaning)',
    from: 'E0 04 first chunk',
    versions: 'all',
  },
  0x6502: {
    code: 'DEVICE_CHAIN_ID_UNSUPPORTED',
    message: "The Ethereum app could not fit this network's chain id into a legacy signature. Nothing was signed.",
    action: 'Sign it as an EIP-1559 transaction, or update the Ethereum app with Ledger Live, then try again.',
    name: 'CHAINID_OUT_BUF_SMALL',
    from: 'E0 04 (legacy transaction, v from the chain id)',
    versions: 'up to 1.19.3',
  },
  0x6980: {
    ...BUSY,
    name: 'SWO_COMMAND_NOT_ALLOWED',
    from: 'E0 04 continuation with no signing started, E0 08 / E0 0C while busy',
    versions: '1.20 and later',
  },
  0x6983: { ...WRONG_LENGTH, name: 'WRONG_DATA_LENGTH', from: 'E0 02, E0 0E, E0 18, a frame too short', versions: 'up to 1.19.3' },
  0x6a87: { ...WRONG_LENGTH, name: 'SWO_WRONG_DATA_LENGTH', from: 'E0 02, E0 0E, E0 18, a frame too short', versions: '1.20 and later' },
  0x6700: {
    ...WRONG_LENGTH,
    message: 'The Ledger refused a request of the wrong length.',
    name: 'SWO_WRONG_LENGTH',
    from: 'the OS',
    versions: 'OS',
  },
  0x6984: { ...PLUGIN_MISSING, name: 'PLUGIN_NOT_INSTALLED', from: 'E0 12, E0 16 (set plugin)', versions: 'up to 1.19.3' },
  0x6a82: { ...PLUGIN_MISSING, name: 'SWO_FILE_NOT_FOUND', from: 'E0 12, E0 16 (set plugin)', versions: '1.20 and later' },
  0x6a00: {
    code: 'DEVICE_APP_REFUSED',
    message: 'The Ethereum app could not process the request and gave no reason. Nothing was signed.',
    action: 'Read the device screen, quit and reopen the Ethereum app, then try again; if it repeats, update the app with Ledger Live.',
    name: 'SWO_PARAMETER_ERROR_NO_INFO (ERROR_NO_INFO up to 1.19.3)',
    from: 'E0 04, E0 08, E0 0C when parsing, hashing or signing fails',
    versions: 'all',
  },
  0x6a84: {
    code: 'DEVICE_TECHNICAL_PROBLEM',
    message: 'The Ethereum app ran out of memory for this request. Nothing was signed.',
    action: 'Quit and reopen the Ethereum app on the device, then try again; if it happens again, update the app with Ledger Live.',
    name: 'SWO_INSUFFICIENT_MEMORY',
    from: 'E0 04, E0 08, E0 0C, E0 1A/1C',
    versions: 'all',
  },
  0x6a88: {
    code: 'DEVICE_DATA_NOT_FOUND',
    message: 'The Ethereum app could not find a definition the request refers to (an EIP-712 type or field). Nothing was signed.',
    action: 'Start the signature again from Vaultdesk; if it repeats, update the Ethereum app with Ledger Live.',
    name: 'SWO_REFERENCED_DATA_NOT_FOUND (REF_DATA_NOT_FOUND up to 1.19.3)',
    from: 'E0 1C, E0 1E, E0 0C P2=01 (EIP-712 full mode)',
    versions: 'all',
  },
  0x6b00: {
    code: 'DEVICE_BAD_PARAMETERS',
    message: 'The Ethereum app refused the parameters of the request.',
    action: UPDATE_APP,
    name: 'SWO_WRONG_P1_P2',
    from: 'every command',
    versions: 'all',
  },
  0x6807: {
    code: 'DEVICE_APP_NOT_INSTALLED',
    message: 'The Ethereum app is not installed on the Ledger.',
    action: 'Install the Ethereum app from "My Ledger" in Ledger Live, then try again.',
    name: 'app not installed (OS); inside the app an internal error (0x68xx)',
    from: 'E0 D8 on the dashboard',
    versions: 'OS',
  },
  0x5501: {
    code: 'DEVICE_OPEN_APP_REFUSED',
    message: 'Opening the Ethereum app was refused on the Ledger.',
    action: 'Start again and accept "Open application" on the device, or open the Ethereum app yourself.',
    name: 'USER_REFUSED_ON_DEVICE',
    from: 'E0 D8 on the dashboard',
    versions: 'OS',
  },
  0x6f00: {
    code: 'DEVICE_TECHNICAL_PROBLEM',
    message: 'The Ledger reported an internal problem.',
    action: 'Unplug the device, plug it in again, open the Ethereum app and retry.',
    name: 'SWO_UNKNOWN',
    from: 'any command',
    versions: 'all',
  },
  0x911c: {
    code: 'DEVICE_OS_TOO_OLD',
    message:
      "The Ledger's firmware is too old for this request: it cannot check the certificates Ledger signs (Ledger PKI). Nothing was signed.",
    action: "Update the Ledger's firmware in Ledger Live (My Ledger), then the Ethereum app, and try again.",
    name: 'SWO_COMMAND_CODE_NOT_SUPPORTED',
    from: 'commands carrying certified data (token, network, trusted-name, clear-signing descriptors)',
    versions: '1.11 and later on an OS without Ledger PKI',
  },
  0x6601: {
    ...OTHER_SCREEN,
    name: 'OS busy',
    from: 'the OS, to any command while it switches apps or shows its own screens',
    versions: 'OS',
  },
  0x6901: {
    ...OTHER_SCREEN,
    message: 'The Ledger refused the command: it shows its Control Center or settings, not an app.',
    action:
      'Close the Control Center or settings on the device and go back to the Ethereum app (or the dashboard). Vaultdesk checks again by itself.',
    name: 'SWO_COMMAND_NOT_ACCEPTED',
    from: 'the OS, to any command while its own screens show',
    versions: 'OS',
  },
};

export function hex4(sw: number): string {
  return `0x${sw.toString(16).padStart(4, '0').toUpperCase()}`;
}

function described(entry: Described, sw: number): AppErrorData {
  return { code: entry.code, message: entry.message, action: entry.action, details: { statusWord: hex4(sw) } };
}

/** The user-facing description of a word whatever answered it; unknown words still get a useful message. */
export function describeStatusWord(sw: number): AppErrorData {
  const known = STATUS_WORDS[sw];
  if (known) return described(known, sw);
  // The app reports an exception it caught as 0x68xx (`0x6800 | code`, `main.c`).
  if (sw >> 8 === 0x68) return described(INTERNAL, sw);
  return {
    code: 'DEVICE_STATUS',
    message: `The Ledger answered with status ${hex4(sw)}.`,
    action: 'Check the device screen, make sure the Ethereum app is open and up to date, and try again.',
    details: { statusWord: hex4(sw) },
  };
}

/** The command the Ethereum app was answering, as the console sends it. */
export type AppCommand = 'sign-transaction' | 'sign-message' | 'sign-typed-data' | 'address' | 'other';

/** What the console knew when the Ethereum app (known to be open) answered. */
export interface InAppContext {
  command: AppCommand;
  appVersion: string;
  /** The blind-signing setting as last read from the device, when it was read. */
  blindSigning?: boolean;
  /** The request is reviewed blind (a contract call without token information, hashed EIP-712). */
  needsBlindSigning?: boolean;
  /** The console gave up on a review that may still be on the device's screen. */
  reviewLeftOnScreen?: boolean;
}

/** The app stopped answering a busy personal message with 0x6985 (as a rejection) in 1.20. */
const BUSY_MESSAGE_WORD_CHANGED = '1.20.0';

/**
 * A word the open Ethereum app answered, read with what the console knew then. Words that mean
 * the same wherever they come from fall back to `describeStatusWord`.
 */
export function describeInApp(sw: number, ctx: InAppContext): AppErrorData {
  const details = { statusWord: hex4(sw), appVersion: ctx.appVersion };
  // Inside the app 0x68xx is an exception it caught, never "not installed" (that is the dashboard's).
  if (sw >> 8 === 0x68 && sw !== 0x6804) return { ...described(INTERNAL, sw), details };
  if (sw === 0x6d00) {
    return {
      code: 'DEVICE_APP_TOO_OLD',
      message: `The Ethereum app on the Ledger (version ${ctx.appVersion}) does not know this command: it needs a newer app. Nothing was signed.`,
      action: UPDATE_APP,
      details,
    };
  }
  if (sw === 0x6a80 && ctx.command !== 'address' && ctx.command !== 'other') {
    if (ctx.needsBlindSigning && ctx.blindSigning === false) return { ...BLIND_SIGNING_OFF, details };
    if (ctx.blindSigning === true || ctx.needsBlindSigning === false) {
      return {
        code: 'DEVICE_INVALID_DATA',
        message: `The Ethereum app refused the ${ctx.command === 'sign-transaction' ? 'transaction' : 'request'} as malformed or unsupported${ctx.blindSigning ? ' (blind signing is on, so the setting is not the cause)' : ''}: for example an approval that also sends ETH, or a field this app version does not handle. Nothing was signed.`,
        action: 'Check the request (an approval must not send ETH), update the Ethereum app with Ledger Live, and try again.',
        details,
      };
    }
  }
  if (sw === 0x6985 && ctx.command === 'sign-message' && compareVersions(ctx.appVersion, BUSY_MESSAGE_WORD_CHANGED) < 0) {
    // Up to 1.19.3 a message started while another request is on screen is answered 0x6985, the
    // word of a rejection (`cmd_signMessage.c`); the app then drops the other request.
    if (ctx.reviewLeftOnScreen) {
      return {
        code: 'DEVICE_BUSY',
        message: `The Ledger still showed an earlier request, so the Ethereum app (version ${ctx.appVersion}) refused the message and cleared its screen. Nothing was signed; you did not reject anything.`,
        action: 'Sign the message again and review it on the device.',
        details,
      };
    }
    return {
      ...REJECTED,
      action: `${REJECTED.action} If you did not reject it, another request was still on the device's screen: the Ethereum app ${ctx.appVersion} answers both the same way. Sign again; updating the app with Ledger Live tells the two apart.`,
      details,
    };
  }
  return describeStatusWord(sw);
}
