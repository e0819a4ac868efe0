import { describe, expect, it } from 'vitest';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { signingWorldForFile, type SigningWorld } from './world';
import { agreementTextsEachTest } from './agreement-texts';
import { SIGN_IN_MESSAGE } from '../../support/sign-in-message';

// A lender agreement's text comes from the service. A hostile service that sends a sign-in
// message for another site, or a text naming another domain, gets no signature: the planner
// refuses it with its reason and origin, and nothing reaches the (emulated) Ledger.
let world: SigningWorld, view: Portfolio;
signingWorldForFile((w, v) => ([world, view] = [w, v]));

const serviceSends = agreementTextsEachTest(
  () => world,
  () => view,
);

describe('agreement texts from the service', () => {
  it('shows an honest agreement in full with where it comes from', async () => {
    const beta = view.vaults.find((v) => v.id === world.vaultId(view, 'beta'))!;
    const plan = await world.signing.plan({ vaultId: beta.id, action: 'agreements', wallets: world.wallets.slice(0, 1) });
    const review = plan.items.find((i) => i.step === 'agreement')!.review!;
    expect(review.kind).toBe('message');
    if (review.kind !== 'message') return;
    expect(review.text).toContain('Terms of Service');
    expect(review.origin).toContain(world.service.url.replace(/\/$/, ''));
    expect(review.origin).toContain(`agreement record ${review.signatureId}`);
    expect(review.origin).toContain(beta.name);
  });

  it('refuses a sign-in message for another site with its reason and origin, and the device sees nothing', async () => {
    const beta = view.vaults.find((v) => v.id === world.vaultId(view, 'beta'))!;
    const id = serviceSends(beta.id, SIGN_IN_MESSAGE);
    const wallets = world.wallets.slice(0, 2);
    const refused = await world.signing.plan({ vaultId: beta.id, action: 'agreements', wallets }).then(
      () => null,
      (err: unknown) => err as { code: string; message: string; action: string },
    );
    expect(refused).toMatchObject({ code: 'SIGNING_AGREEMENT_REFUSED' });
    expect(refused!.message).toContain('looks like a sign-in message');
    expect(refused!.message).toContain(`agreement record ${id} of ${beta.name}`);
    expect(refused!.message).toContain('from the service at 127.0.0.1');
    expect(refused!.action).toMatch(/Nothing was planned or signed\. Ask the service's operator/);
    // A deposit, which needs the agreements signed, is refused the same way.
    await expect(world.signing.plan({ vaultId: beta.id, action: 'deposit', amount: '1', wallets })).rejects.toMatchObject({
      code: 'SIGNING_AGREEMENT_REFUSED',
    });
    expect(world.reviews).toHaveLength(0);
    expect(world.ledger.pendingConfirmation).toBeNull();
  });

  it('refuses a text that names another web domain, naming it', async () => {
    const beta = view.vaults.find((v) => v.id === world.vaultId(view, 'beta'))!;
    serviceSends(beta.id, 'I accept the Terms of Service published at https://login.lendmarket.example/terms.');
    await expect(world.signing.plan({ vaultId: beta.id, action: 'agreements', wallets: world.wallets.slice(0, 1) })).rejects.toMatchObject({
      code: 'SIGNING_AGREEMENT_REFUSED',
      message: expect.stringContaining('"login.lendmarket.example"'),
    });
    expect(world.reviews).toHaveLength(0);
  });

  it('refuses a login that names no domain, and a text with invisible characters, before anything reaches the device', async () => {
    const beta = view.vaults.find((v) => v.id === world.vaultId(view, 'beta'))!;
    const wallets = world.wallets.slice(0, 1);
    for (const [text, why] of [
      ['Sign in to Evil Exchange\nNonce: 8f3Kq0x9', 'the words "sign in", "nonce"'],
      ['I have read and accept the Vaultline Terms of Service,\u200B version 2.1.', 'characters a reader cannot see (U+200B)'],
    ] as const) {
      serviceSends(beta.id, text);
      await expect(world.signing.plan({ vaultId: beta.id, action: 'agreements', wallets })).rejects.toMatchObject({
        code: 'SIGNING_AGREEMENT_REFUSED',
        message: expect.stringContaining(why),
      });
    }
    expect(world.reviews).toHaveLength(0);
    expect(world.ledger.pendingConfirmation).toBeNull();
  });
});
