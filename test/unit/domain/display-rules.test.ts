import { describe, expect, it } from 'vitest';
import { localizedText } from '../../../shared/domain/text';
import { formatFeePercent } from '../../../shared/domain/fees';

describe('multilingual text', () => {
  const text = { en: 'Senior tranche', fr: 'Tranche senior', de: '' };
  it.each([
    ['fr', 'Tranche senior'],
    ['fr-CA', 'Tranche senior'],
    ['de', 'Senior tranche'],
    ['ja', 'Senior tranche'],
  ])('%s', (lang, expected) => expect(localizedText(text, lang)).toBe(expected));
  it('passes plain strings through and gives null for nothing', () => {
    expect(localizedText('plain', 'fr')).toBe('plain');
    expect(localizedText(undefined, 'en')).toBeNull();
  });
});

describe('fees', () => {
  it.each([
    [10000, '10 %'],
    [20000, '20 %'],
    [12500, '12.5 %'],
    [0, '0 %'],
    [100000, '100 %'],
  ])('%d fee units → %s', (units, text) => expect(formatFeePercent(units, 'en')).toBe(text));
});
