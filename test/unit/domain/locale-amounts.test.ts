import { describe, expect, it } from 'vitest';
import { formatAmount, formatTokenAmount, formatUsd, numberMarksOf, parseAmount } from '../../../shared/domain/units';

// French groups with a narrow no-break space and writes decimals with a comma.
const NNBSP = '\u202f';

describe('amounts in the reader’s locale', () => {
  it.each([
    ['1250500000', 6, `1${NNBSP}250,5`],
    ['1', 6, '0,000001'],
    ['1234567', 18, '<0,000001'],
    ['-1234567', 18, '>-0,000001'],
    ['123456789012345678901234', 18, `123${NNBSP}456,789012…`],
  ])('writes %s with %d decimals as %s in French', (base, decimals, text) =>
    expect(formatAmount(base, decimals, { locale: 'fr-FR' })).toBe(text),
  );

  it('keeps every digit of an amount too large for a float', () => {
    // 2^53 + 1 whole tokens and 6 decimals: a float would lose the last digit of both parts.
    const base = `${2n ** 53n + 1n}123457`;
    expect(formatAmount(base, 6, { locale: 'fr-FR' })).toBe(`9${NNBSP}007${NNBSP}199${NNBSP}254${NNBSP}740${NNBSP}993,123457`);
    expect(formatAmount(base, 6, { locale: 'en-US' })).toBe('9,007,199,254,740,993.123457');
  });

  it('writes the digits of locales with their own script', () => {
    expect(formatAmount('1250500000', 6, { locale: 'ar-EG' })).toBe('١٬٢٥٠٫٥');
  });

  it('puts the symbol after the figure', () => {
    expect(formatTokenAmount('1250500000', { decimals: 6, symbol: 'USDC' }, 'de-DE')).toBe('1.250,5 USDC');
  });

  it('follows the runtime’s own locale when none is given', () => {
    const expected = formatAmount('1250500000', 6, { locale: new Intl.NumberFormat().resolvedOptions().locale });
    expect(formatAmount('1250500000', 6)).toBe(expected);
  });
});

describe('USD in the reader’s locale', () => {
  it.each([
    ['119279325235', 'en-US', '$119,279.33'],
    ['119279325235', 'en-GB', '$119,279.33'],
    ['119279325235', 'fr-FR', `119${NNBSP}279,33${'\u00a0'}$`],
    ['-1234567', 'fr-FR', `-1,23${'\u00a0'}$`],
  ])('%s in %s → %s', (base, locale, text) => expect(formatUsd(base, locale)).toBe(text));

  it('rounds to the cent exactly, beyond what a float holds', () => {
    // $90,071,992,547,409.93, half a cent up from ...9.925.
    expect(formatUsd('90071992547409925000', 'en-US')).toBe('$90,071,992,547,409.93');
  });
});

describe('amounts typed in', () => {
  it.each([
    ['1,250.50', '1250500000'],
    [`1${NNBSP}250.5`, '1250500000'],
    ['1 250.5', '1250500000'],
  ])('reads %j', (text, base) => expect(parseAmount(text, 6)).toEqual({ ok: true, baseUnits: base }));

  it.each(['1250,5', '1,25', '12,50,000'])('refuses %j rather than dropping its comma', (text) =>
    expect(parseAmount(text, 6)).toMatchObject({ ok: false, reason: expect.stringContaining('Write decimals with a point') }),
  );

  describe('in the reader’s own marks', () => {
    const fr = numberMarksOf('fr-FR');
    const de = numberMarksOf('de-DE');
    const en = numberMarksOf('en-GB');

    it('knows each locale’s marks', () => {
      expect(fr.decimal).toBe(',');
      expect(/\s/.test(fr.group)).toBe(true);
      expect(de).toEqual({ decimal: ',', group: '.' });
      expect(en).toEqual({ decimal: '.', group: ',' });
    });

    it.each([
      ['fr', '1,25', '1250000'],
      ['fr', `1${NNBSP}250,5`, '1250500000'],
      ['fr', '1 250', '1250000000'],
      ['de', '1.250,5', '1250500000'],
      ['de', '0,000001', '1'],
      ['en', '1,250', '1250000000'],
    ] as const)('%s reads %j', (locale, text, base) =>
      expect(parseAmount(text, 6, { fr, de, en }[locale])).toEqual({ ok: true, baseUnits: base }),
    );

    it.each([
      // A French reader never writes a point in a number: "1.250" is refused, not read as 1250 or 1.25.
      ['fr', '1.250', 'a point is not a decimal mark here'],
      ['de', '1250.5', 'Write decimals with a comma'],
      ['de', '12.50', 'a point may only group thousands'],
      ['fr', '1,2,3', 'Use digits and one decimal mark (a comma)'],
      ['fr', '0,0000001', '6 decimals'],
    ] as const)('%s refuses %j', (locale, text, why) =>
      expect(parseAmount(text, 6, { fr, de, en }[locale])).toMatchObject({ ok: false, reason: expect.stringContaining(why) }),
    );
  });
});
