import { describe, expect, it } from 'vitest';
import { isAllowedExternalUrl } from '../../../shared/domain/external-links';
import { localizedText } from '../../../shared/domain/text';
import { formatFeePercent } from '../../../shared/domain/fees';

const allow = ['etherscan.io', 'verify.example-kyc.com'];

describe('external links', () => {
  it.each([
    ['https://etherscan.io/tx/0xabc', true],
    ['https://sepolia.etherscan.io/address/0x1', true],
    ['https://verify.example-kyc.com/start?x=1', true],
    ['http://etherscan.io/tx/0xabc', false],
    ['https://etherscan.io.evil.com/', false],
    ['https://evil.com/?etherscan.io', false],
    ['https://user:pass@etherscan.io/', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['smb://etherscan.io/share', false],
    ['not a url', false],
  ])('%s → %s', (url, expected) => {
    expect(isAllowedExternalUrl(url, allow)).toBe(expected);
  });
});

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
