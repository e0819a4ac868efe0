/**
 * The status-word table names, for each word, the app's own name for it, the commands that return
 * it and the versions, and gives the user a message and an action; the same word reads differently
 * inside the Ethereum app and on the dashboard.
 */
import { describe, expect, it } from 'vitest';
import { STATUS_WORDS, describeInApp, describeStatusWord, hex4 } from '../../../shared/device/status-words';

describe('status-word table', () => {
  it.each(Object.entries(STATUS_WORDS).map(([sw, entry]) => [hex4(Number(sw)), entry] as const))(
    '%s says where it comes from and what to do',
    (_sw, entry) => {
      expect(entry.name).toBeTruthy();
      expect(entry.from).toBeTruthy();
      expect(entry.versions).toBeTruthy();
      expect(entry.message).not.toMatch(/unknown/i);
      expect(entry.action.length).toBeGreaterThan(20);
    },
  );

  it('0x6807 from the dashboard is "not installed"; inside the app any 0x68xx is an internal error', () => {
    expect(describeStatusWord(0x6807).code).toBe('DEVICE_APP_NOT_INSTALLED');
    expect(describeInApp(0x6807, { command: 'sign-transaction', appVersion: '1.22.0' }).code).toBe('DEVICE_APP_INTERNAL_ERROR');
    expect(describeStatusWord(0x6842).code).toBe('DEVICE_APP_INTERNAL_ERROR');
  });

  it('0x6A80 on signing follows what the console knows of the blind-signing setting', () => {
    const base = { command: 'sign-transaction', appVersion: '1.22.0' } as const;
    expect(describeInApp(0x6a80, { ...base, blindSigning: false, needsBlindSigning: true }).code).toBe('DEVICE_BLIND_SIGNING_OFF');
    expect(describeInApp(0x6a80, { ...base, blindSigning: true, needsBlindSigning: true }).code).toBe('DEVICE_INVALID_DATA');
    expect(describeInApp(0x6a80, { ...base, blindSigning: false, needsBlindSigning: false }).code).toBe('DEVICE_INVALID_DATA');
    // Not read: both causes are named.
    expect(describeInApp(0x6a80, base).action).toMatch(/Blind signing/);
  });

  it('0x6985 on a message is a rejection from 1.20 on, whatever the console left on screen', () => {
    const ctx = { command: 'sign-message', reviewLeftOnScreen: true } as const;
    expect(describeInApp(0x6985, { ...ctx, appVersion: '1.20.0' }).code).toBe('DEVICE_REJECTED');
    expect(describeInApp(0x6985, { ...ctx, appVersion: '1.19.3' }).code).toBe('DEVICE_BUSY');
  });
});
