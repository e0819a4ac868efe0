/**
 * Personal messages and hashed EIP-712, per app version and model, from LedgerHQ/app-ethereum:
 * 1.16.0 `src_features/signMessage/cmd_signMessage.c` (feed_display), `src_bagl/ui_flow_signMessage.c`,
 * `src_bagl/ui_flow_signMessage712_v0.c`, `src_nbgl/ui_sign_712_v0.c`; 1.22.0
 * `src/features/sign_message/cmd_sign_message.c`, `src/nbgl/ui_sign_message.c`, `src/nbgl/ui_sign_712.c`,
 * `src/features/sign_message_eip712_common/common_712.c`.
 */
import { describe, expect, it } from 'vitest';
import { messageDisplayText, personalMessageScreens, typedDataHashScreens } from '../../../shared/device/screens';

const bytes = (text: string) => new TextEncoder().encode(text);
const CRLF = 'Sign in to Vaultdesk\r\nNonce: 42';

describe('a personal message', () => {
  it('1.22: text when every byte is printable or whitespace, CRLF included (isprint || isspace); else 0x and lowercase hex', () => {
    expect(messageDisplayText(bytes(CRLF), { model: 'stax' })).toBe(CRLF);
    expect(messageDisplayText(bytes('tab\there'), { model: 'stax' })).toBe('tab\there');
    expect(messageDisplayText(new Uint8Array([0xde, 0xad]), { model: 'stax' })).toBe('0xdead');
    expect(messageDisplayText(bytes('café'), { model: 'stax' })).toBe('0x636166c3a9');
  });

  it('1.22 on a Nano (SCREEN_SIZE_NANO): every whitespace becomes a space', () => {
    expect(messageDisplayText(bytes(CRLF), { model: 'nanoX' })).toBe('Sign in to Vaultdesk  Nonce: 42');
  });

  it('until 1.17 the message was streamed: whitespace as a space, other bytes as \\xNN, never hex', () => {
    expect(messageDisplayText(bytes(CRLF), { appVersion: '1.16.0', model: 'stax' })).toBe('Sign in to Vaultdesk  Nonce: 42');
    expect(messageDisplayText(new Uint8Array([0x41, 0xde]), { appVersion: '1.16.0' })).toBe('A\\xde');
  });

  it('the review: "Sign message?" on a touchscreen, "Sign message" on a Nano, "Cancel signature" on a BAGL Nano', () => {
    expect(personalMessageScreens(bytes('hi'), { model: 'stax' })).toEqual([
      { title: 'Review message' },
      { title: 'Message', value: 'hi' },
      { title: 'Sign message?' },
      { title: 'Reject' },
    ]);
    expect(personalMessageScreens(bytes('hi'), { model: 'nanoX' })[2]).toEqual({ title: 'Sign message' });
    expect(personalMessageScreens(bytes('hi'), { appVersion: '1.16.0', model: 'nanoX' }).slice(2)).toEqual([
      { title: 'Sign message' },
      { title: 'Cancel signature' },
    ]);
  });
});

describe('a hashed EIP-712 message (E0 0C P2=00)', () => {
  const D = '0x' + 'AA'.repeat(32);
  const M = '0x' + 'BB'.repeat(32);

  it('opens with the blind-signing warning from 1.12, then the two hashes; the Stax ends "Accept risk and sign typed message?"', () => {
    expect(typedDataHashScreens(D, M, { model: 'stax' })).toEqual([
      { title: 'Blind signing ahead' },
      { title: 'Review typed message' },
      { title: 'Domain hash', value: D.toLowerCase() },
      { title: 'Message hash', value: M.toLowerCase() },
      { title: 'Accept risk and sign typed message?' },
      { title: 'Reject' },
    ]);
    expect(typedDataHashScreens(D, M, { model: 'nanoX' }).at(-2)).toEqual({ title: 'Sign message' });
    expect(typedDataHashScreens(D, M, { appVersion: '1.16.0', model: 'nanoX' })[0]).toEqual({ title: 'Blind signing' });
    expect(typedDataHashScreens(D, M, { appVersion: '1.16.0', model: 'nanoX' }).slice(-2)).toEqual([
      { title: 'Accept risk and sign' },
      { title: 'Cancel signature' },
    ]);
    expect(typedDataHashScreens(D, M, { appVersion: '1.11.0', model: 'stax' })[0]).toEqual({ title: 'Review typed message' });
  });
});
