import { describe, expect, it } from 'vitest';
import { hasControlCharacters, plainText } from '../../../shared/bundles/plain-text';

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

  it('removes every format and invisible character, so no two readings of one text differ', () => {
    const invisible = ['\u061C', '\u200B', '\u200D', '\uFEFF', '\u2028', '\u2029', '\u00AD', '\u2060', '\u{E0041}', '\u{E007F}', '\u3164', '\uFE0F', '\u2800'];
    for (const ch of invisible) {
      const text = `Alpha${ch}Credit`;
      expect(plainText(text, { multiline: true }), ch).toBe('AlphaCredit');
      expect(plainText(text), ch).toBe('Alpha Credit');
      expect(hasControlCharacters(text), ch).toBe(true);
    }
    // Visible text of any script, accents and ordinary spaces stay.
    for (const text of ['Crédit Alpha — 信用 · ائتمان', 'tab\tand\u00a0space']) expect(hasControlCharacters(text)).toBe(false);
  });

  it('keeps CRLF line breaks in a multi-line text, but no lone carriage return', () => {
    expect(plainText('I accept\r\nthe terms.', { multiline: true })).toBe('I accept\r\nthe terms.');
    expect(hasControlCharacters('I accept\r\nthe terms.')).toBe(false);
    expect(plainText('I accept\rthe terms.', { multiline: true })).toBe('I acceptthe terms.');
    expect(plainText('one\r\ntwo')).toBe('one two');
  });
});
