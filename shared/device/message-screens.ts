/**
 * The screens of the Ethereum app's other reviews: a personal message (EIP-191), a hashed EIP-712
 * message, an address to verify, an app to open. Read from app-ethereum's source: until 1.17
 * `src_features/signMessage/cmd_signMessage.c` and `src_bagl/ui_flow_signMessage*.c` (Nano),
 * `src_nbgl/ui_sign_message.c` / `ui_sign_712_v0.c` (touchscreens); from 1.18
 * `src/features/sign_message/cmd_sign_message.c`, `src/nbgl/ui_sign_message.c`, `ui_sign_712.c`,
 * `src/features/sign_message_eip712_common/common_712.c`.
 */
import { screenLayout, type LedgerModel } from './models';
import type { DeviceScreen } from './state';
import { screensSince } from './versions';

interface MessageTarget {
  appVersion?: string;
  model?: LedgerModel;
}

function bagl(target: MessageTarget): boolean {
  return screenLayout(target.model) === 'nano' && !screensSince(target.appVersion, 'nbglOnNano');
}

/** C's `isspace` in the "C" locale: space, \t, \n, \v, \f, \r. */
function isSpace(b: number): boolean {
  return b === 0x20 || (b >= 0x09 && b <= 0x0d);
}

/** C's `isprint`: 0x20-0x7e. */
function isPrint(b: number): boolean {
  return b >= 0x20 && b < 0x7f;
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * How the app shows a personal message. From 1.18: as text when every byte is printable or
 * whitespace (a Nano turns each whitespace into a space; a touchscreen shows the text as is, line
 * breaks and CRLF included), else as "0x" and its lowercase hex. Until 1.17 the message was streamed
 * to the screen byte by byte: whitespace as a space, a printable byte as itself, any other as "\xNN".
 */
export function messageDisplayText(bytes: Uint8Array, target: MessageTarget = {}): string {
  if (!screensSince(target.appVersion, 'nbglOnNano')) {
    return Array.from(bytes, (b) => (isSpace(b) ? ' ' : isPrint(b) ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`)).join('');
  }
  if (!bytes.every((b) => isPrint(b) || isSpace(b))) return `0x${hex(bytes)}`;
  const nano = screenLayout(target.model) === 'nano';
  return Array.from(bytes, (b) => (nano && isSpace(b) ? ' ' : String.fromCharCode(b))).join('');
}

export function personalMessageScreens(message: Uint8Array, target: MessageTarget = {}): DeviceScreen[] {
  const text = messageDisplayText(message, target);
  if (bagl(target)) {
    return [{ title: 'Review message' }, { title: 'Message', value: text }, { title: 'Sign message' }, { title: 'Cancel signature' }];
  }
  const wallet = screenLayout(target.model) === 'wallet';
  return [{ title: 'Review message' }, { title: 'Message', value: text }, { title: wallet ? 'Sign message?' : 'Sign message' }, { title: 'Reject' }];
}

/**
 * A hashed EIP-712 message (E0 0C P2=00): opened by the blind-signing warning from 1.12, then the
 * domain and message hashes. A touchscreen ends "Accept risk and sign typed message?", an NBGL Nano
 * "Sign message", a BAGL Nano "Accept risk and sign" then "Cancel signature".
 */
export function typedDataHashScreens(domainHash: string, messageHash: string, target: MessageTarget = {}): DeviceScreen[] {
  const screens: DeviceScreen[] = [];
  if (screensSince(target.appVersion, 'typedDataBlindWarning')) {
    screens.push({ title: bagl(target) ? 'Blind signing' : 'Blind signing ahead' });
  }
  screens.push(
    { title: 'Review typed message' },
    { title: 'Domain hash', value: domainHash.toLowerCase() },
    { title: 'Message hash', value: messageHash.toLowerCase() },
  );
  if (bagl(target)) return [...screens, { title: 'Accept risk and sign' }, { title: 'Cancel signature' }];
  const wallet = screenLayout(target.model) === 'wallet';
  return [...screens, { title: wallet ? 'Accept risk and sign typed message?' : 'Sign message' }, { title: 'Reject' }];
}

export function addressScreens(address: string): DeviceScreen[] {
  return [{ title: 'Verify Ethereum address' }, { title: 'Address', value: address }, { title: 'Approve' }, { title: 'Reject' }];
}

export function openAppScreens(appName: string): DeviceScreen[] {
  return [{ title: 'Open application', value: appName }, { title: 'Accept' }, { title: 'Reject' }];
}
