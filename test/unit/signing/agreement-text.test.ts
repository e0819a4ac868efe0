import { describe, expect, it } from 'vitest';
import { checkAgreementText, namedHosts, siteOf, vaultdeskMarks } from '../../../shared/signing/agreement-text';
import { SIGN_IN_MESSAGE } from '../../support/sign-in-message';

const KNOWN = ['127.0.0.1', 'kyc.vaultline.example', 'etherscan.io'];

describe('agreement texts a wallet may sign', () => {
  it('accepts the agreements the service honestly sends, their own sites and documents named', () => {
    expect(checkAgreementText('I have read and accept the Vaultline Terms of Service, version 2.1.', KNOWN)).toEqual({ ok: true });
    expect(
      checkAgreementText(
        'I accept the Master Loan Agreement (see terms.pdf, e.g. section 3.2) at https://docs.vaultline.example/mla.',
        KNOWN,
      ),
    ).toEqual({ ok: true });
    expect(checkAgreementText('Questions: legal@vaultline.example. Service at http://127.0.0.1:8080/v1.', KNOWN)).toEqual({ ok: true });
  });

  it('refuses a sign-in message (EIP-4361), naming what gives it away', () => {
    const verdict = checkAgreementText(SIGN_IN_MESSAGE, [...KNOWN, 'app.lendmarket.example']);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.reason).toContain('sign-in message');
    expect(verdict.reason).toContain('"wants you to sign in with your Ethereum account"');
    expect(verdict.reason).toContain('"Nonce:"');
    // The field lines alone, without the opening sentence, are enough.
    const fieldsOnly = SIGN_IN_MESSAGE.split('\n').slice(3).join('\n');
    expect(checkAgreementText(fieldsOnly, KNOWN)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('"URI:", "Version:", "Chain ID:", "Nonce:", "Issued At:"'),
    });
    // The sentence alone, in another case, too.
    expect(checkAgreementText('EVIL.example Wants You To Sign In With Your Ethereum Account', KNOWN).ok).toBe(false);
  });

  it('keeps one honest field-like line', () => {
    expect(checkAgreementText('I accept the agreement.\nVersion: 1.4', KNOWN)).toEqual({ ok: true });
  });

  it('refuses a login that names no domain, by the words any login uses', () => {
    for (const [text, word] of [
      ['Sign in to Evil Exchange\nNonce: 8f3Kq0x9', '"sign in", "nonce"'],
      ['Welcome back! Please sign-in.', '"sign in"'],
      ['Log in to continue', '"log in"'],
      ['Login request 8f3Kq0x9', '"log in"'],
      ['Authorise session, nonce 77', '"nonce"'],
    ] as const) {
      const verdict = checkAgreementText(text, KNOWN);
      expect(verdict, text).toEqual({ ok: false, reason: expect.stringContaining(`the words ${word}`) });
    }
    // Words that only contain those letters are not a login.
    expect(checkAgreementText('I accept the signing instructions of the catalogue, version 2; cosigned once.', KNOWN)).toEqual({ ok: true });
  });

  it('refuses a text with characters a reader cannot see, naming them; CRLF lines are plain text', () => {
    for (const [text, named] of [
      ['I accept\u200B the terms.', 'U+200B'],
      ['I accept the terms.\uFEFF', 'U+FEFF'],
      ['I ac\u00ADcept the terms.', 'U+00AD'],
      ['I accept\u2028the terms.', 'U+2028'],
      ['I accept the terms.\u{E0041}\u{E0042}', 'U+E0041'],
      ['I accept the\u3164terms.', 'U+3164'],
      ['I accept \u061Cthe terms.', 'U+061C'],
      ['I accept the terms.\rOr not.', 'U+000D'],
    ] as const) {
      const verdict = checkAgreementText(text, KNOWN);
      expect(verdict, named).toEqual({ ok: false, reason: expect.stringContaining(named) });
    }
    expect(checkAgreementText('I have read\r\nand accept the terms.', KNOWN)).toEqual({ ok: true });
  });

  it('refuses a text naming another web domain, in any form, and says which', () => {
    for (const text of [
      'I accept the terms at https://evil.example/terms.',
      'Sign to continue on login.lendmarket.example',
      'Write to support@phish.example to confirm.',
      'Open HTTPS://user@EVIL.EXAMPLE:443/x',
      'I accept: vaultline.example.evil.example',
    ]) {
      const verdict = checkAgreementText(text, KNOWN);
      expect(verdict, text).toMatchObject({
        ok: false,
        reason: expect.stringContaining("which is not the service's host nor a site known for this vault"),
      });
    }
    expect(checkAgreementText('Continue at https://evil.example', KNOWN)).toMatchObject({
      reason: expect.stringContaining('"evil.example"'),
    });
  });

  it('reads the hosts and sites a text names', () => {
    expect(namedHosts('see https://a.b.example/x, mail x@c.example, or d.example. v2.1 terms.pdf e.g. 10.0.0.1')).toEqual([
      'a.b.example',
      'c.example',
      'd.example',
    ]);
    expect(siteOf('kyc.vaultline.example')).toBe('vaultline.example');
    expect(siteOf('www.lender.co.uk')).toBe('lender.co.uk');
    expect(siteOf('127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts a host as known when it shares its registrable domain with a known one, per the public-suffix list', () => {
    const refusedFor = (text: string, known: string[]) => checkAgreementText(text, known).ok === false;
    // One owner under a country code's second level: known, whatever the subdomain.
    expect(refusedFor('Read the terms at https://login.example.co.uk/terms.', ['kyc.example.co.uk'])).toBe(false);
    expect(refusedFor('Questions: legal@example.co.uk.', ['kyc.example.co.uk'])).toBe(false);
    // A short name under a country code is a site of its own, not a suffix.
    expect(refusedFor('The terms are at docs.abc.de.', ['kyc.abc.de'])).toBe(false);
    // Two tenants of a shared host (a private suffix) are two owners.
    expect(checkAgreementText('Sign here, then continue at https://b.github.io/claim.', ['a.github.io'])).toMatchObject({
      ok: false,
      reason: expect.stringContaining('"b.github.io"'),
    });
    expect(refusedFor('Continue at https://other.lender.co.uk/.', ['kyc.example.co.uk'])).toBe(true);
    expect(siteOf('a.github.io')).toBe('a.github.io');
    expect(siteOf('docs.abc.de')).toBe('abc.de');
    expect(siteOf('LOGIN.Example.CO.UK.')).toBe('example.co.uk');
    expect(siteOf('co.uk')).toBe('co.uk');
  });
});

describe("agreement texts that resemble Vaultdesk's own messages", () => {
  const HASH = 'a3'.repeat(32);
  it.each([
    ['the planner text up to format 3', `Vaultdesk unsigned bundle sha256:${HASH}`],
    ['the same text as "terms"', `Terms of service\n\nVaultdesk unsigned bundle sha256:${HASH}\n`],
    ['with other spacing and case', `VAULTDESK  Unsigned-Bundle sha256 : ${HASH.toUpperCase()}`],
    ['with invisible characters between the words', `Vault\u200bdesk\u2060 unsigned\u00ad bundle sha256:${HASH}`],
    ['in full-width letters', `Ｖａｕｌｔｄｅｓｋ ｕｎｓｉｇｎｅｄ ｂｕｎｄｌｅ`],
    ['a plan hash alone', `I accept document sha256:${HASH}`],
    ['a bundle format name', 'format vaultdesk.unsigned-bundle'],
    ['the Vaultdesk name with a 32-byte hash', `Vaultdesk plan 0x${HASH}`],
  ])('refuses %s', (_what, text) => {
    const verdict = checkAgreementText(text, KNOWN);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.reason).toContain('resembles a message of Vaultdesk itself');
    expect(verdict.reason).toContain("planner's signature");
  });

  it('leaves honest texts alone: the protocol named, a hash without Vaultdesk, Vaultdesk without a hash', () => {
    expect(vaultdeskMarks('I have read and accept the Vaultline Terms of Service, version 2.1.')).toEqual([]);
    expect(vaultdeskMarks(`Contract 0x${'12'.repeat(32)} terms apply.`)).toEqual([]);
    expect(vaultdeskMarks('Operated with Vaultdesk.')).toEqual([]);
    expect(checkAgreementText('I accept the Master Loan Agreement, version 1.4.', KNOWN)).toEqual({ ok: true });
  });
});
