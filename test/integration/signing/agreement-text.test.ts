import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { fromSnapshotEachTest, startSigningWorld, type SigningWorld } from './world';

// A lender agreement's text comes from the service. A hostile service that sends a sign-in
// message for another site, or a text naming another domain, gets no signature: the planner
// refuses it with its reason and origin, and nothing reaches the (emulated) Ledger.
let world: SigningWorld;
let view: Portfolio;

beforeAll(async () => {
  world = await startSigningWorld({ wallets: 12 });
  view = await world.load();
}, 120_000);

afterAll(async () => {
  await world?.stop();
});

const originals = new Map<string, string>();
fromSnapshotEachTest(
  () => world,
  () => {
    for (const [id, message] of originals)
      world.service.store.signatures.upsert({ ...world.service.store.signatures.get(id)!, walletMessage: message });
    originals.clear();
  },
);

/** The service now sends `text` as the wallet message of the vault's first lender agreement. */
function serviceSends(vaultId: string, text: string): string {
  const id = view.vaults.find((v) => v.id === vaultId)!.lenderSignatureIds[0]!;
  const record = world.service.store.signatures.get(id)!;
  if (!originals.has(id)) originals.set(id, record.walletMessage);
  world.service.store.signatures.upsert({ ...record, walletMessage: Buffer.from(text, 'utf8').toString('base64') });
  return id;
}

const SIWE = [
  'app.lendmarket.example wants you to sign in with your Ethereum account:',
  '0x1234567890123456789012345678901234567890',
  '',
  'URI: https://app.lendmarket.example/login',
  'Version: 1',
  'Chain ID: 1',
  'Nonce: 32891756',
  'Issued At: 2026-11-27T02:00:00Z',
].join('\n');

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

  it('refuses a sign-in message for another site with its reason, and the device sees nothing', async () => {
    const beta = view.vaults.find((v) => v.id === world.vaultId(view, 'beta'))!;
    const id = serviceSends(beta.id, SIWE);
    const wallets = world.wallets.slice(0, 2);
    const plan = await world.signing.plan({ vaultId: beta.id, action: 'agreements', wallets });
    expect(plan.items.every((i) => i.state === 'skipped')).toBe(true);
    for (const w of plan.wallets) {
      expect(w.ok).toBe(false);
      expect(w.reason).toContain('looks like a sign-in message');
      expect(w.reason).toContain(`record ${id} of ${beta.name}`);
      expect(w.reason).toContain('Ask the service');
    }
    // A deposit, which needs the agreements signed, is refused the same way.
    const deposit = await world.signing.plan({ vaultId: beta.id, action: 'deposit', amount: '1', wallets });
    expect(deposit.wallets.every((w) => !w.ok && /sign-in message/.test(w.reason ?? ''))).toBe(true);
    // Run as it stands, the batch has nothing to sign: no signature is made and the Ledger shows nothing.
    const created = await world.signing.createBatch(plan, { acknowledgeBlindSigning: true });
    await world.signing.run(created.id);
    const batch = await world.signing.openBatch(created.id);
    expect(batch.items.every((i) => i.state === 'skipped' && i.signature === null)).toBe(true);
    expect(world.reviews).toHaveLength(0);
  });

  it('refuses a text that names another web domain, naming it', async () => {
    const beta = view.vaults.find((v) => v.id === world.vaultId(view, 'beta'))!;
    serviceSends(beta.id, 'I accept the Terms of Service published at https://login.lendmarket.example/terms.');
    const plan = await world.signing.plan({ vaultId: beta.id, action: 'agreements', wallets: world.wallets.slice(0, 1) });
    expect(plan.wallets[0]!.ok).toBe(false);
    expect(plan.wallets[0]!.reason).toContain('"login.lendmarket.example"');
    expect(world.reviews).toHaveLength(0);
  });
});
