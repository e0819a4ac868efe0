import { describe, expect, it } from 'vitest';
import { hasControlCharacters, plainText } from '../../../shared/bundle/plain-text';

describe('plainText: what a reviewer reads on a screen or a terminal', () => {
  it('removes the ANSI sequence that hid an address on the terminal review', () => {
    const hidden = 'USDC token\u001b[8m 0x000000000000000000000000000000000000dEaD\u001b[0m\u001b[2K\r';
    expect(plainText(hidden)).toBe('USDC token 0x000000000000000000000000000000000000dEaD ');
    expect(hasControlCharacters(hidden)).toBe(true);
  });

  it('removes terminal titles, C1 controls and direction overrides', () => {
    // On one line each control becomes a space; in a multi-line text it is removed.
    expect(plainText('a\u001b]0;pwned\u0007b\u009b31mc\u202ed\u2066e')).toBe('abc d e');
    expect(plainText('a\u001b]0;pwned\u0007b\u009b31mc\u202ed\u2066e', { multiline: true })).toBe('abcde');
  });

  it('keeps the lines of an agreement text, and nothing else', () => {
    expect(plainText('I accept\nthe terms\u0000.', { multiline: true })).toBe('I accept\nthe terms.');
    expect(plainText('one\ntwo')).toBe('one two');
    expect(hasControlCharacters('I accept\nthe terms.')).toBe(false);
  });
});
