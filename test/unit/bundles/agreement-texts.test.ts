import { describe, expect, it } from 'vitest';
import { bundleText, plannerHash, readSignedBundle, readUnsignedBundle } from '../../../shared/bundles';
import { asyncRefusalOf, makeSignedText, makeUnsigned, refusalOf } from '../../support/bundle-fixture';

// A bundle's agreement texts go through the planner's own agreement check again wherever the
// bundle is read: on the offline install (inspect, import, review) and back online (a signed
// bundle's reviewed bundle is read again). Even a bundle its trusted planner signed is refused
// when an agreement in it resembles a Vaultdesk message or a sign-in request.

const crafted = makeUnsigned('deposit');
const plannerText = `Vaultdesk unsigned bundle ${plannerHash(crafted)}`;

const HOSTILE = [
  ['the planner text of a crafted bundle', `Terms of service\n\n${plannerText}`],
  ['a plan hash', `I accept the terms, document sha256:${'ab'.repeat(32)}.`],
  ['the Vaultdesk domain with a hash', `Vaultdesk planner approval 0x${'cd'.repeat(32)}`],
  ['a sign-in request', 'app.lendmarket.example wants you to sign in with your Ethereum account:\nURI: https://app.lendmarket.example\nNonce: 1234'],
] as const;

describe('agreement texts carried in a bundle', () => {
  it('accepts an honest agreement', () => {
    expect(readUnsignedBundle(bundleText(makeUnsigned('agreements'))).bundle.items[0]!.kind).toBe('message');
  });

  it.each(HOSTILE)('refuses %s on import, though the trusted planner signed the bundle', (_what, text) => {
    const refusal = refusalOf(() => readUnsignedBundle(bundleText(makeUnsigned('agreements', undefined, { agreementText: text }))));
    expect(refusal.code).toBe('BUNDLE_AGREEMENT_REFUSED');
    expect(refusal.message).toMatch(/^Agreement 1 \(Treasury 1 0x/);
    expect(refusal.message).toContain('is refused');
    expect(refusal.action).toMatch(/^Do not sign anything from this file/);
  });

  it('refuses the planner text back online, in a signed bundle', async () => {
    const signed = await makeSignedText('agreements', { agreementText: plannerText });
    const refusal = await asyncRefusalOf(() => readSignedBundle(signed));
    expect(refusal.code).toBe('BUNDLE_AGREEMENT_REFUSED');
    expect(refusal.message).toContain('resembles a message of Vaultdesk itself');
  });

  it("refuses a wallet at the planner's path", () => {
    const bundle = makeUnsigned('claim', [
      { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', label: 'Desk', path: "44'/60'/0'/1/0", nonce: 1 },
    ]);
    const refusal = refusalOf(() => readUnsignedBundle(bundleText(bundle)));
    expect(refusal.code).toBe('BUNDLE_PLANNER_PATH');
    expect(refusal.message).toContain("44'/60'/0'/1/0, the planner's account");
  });
});
