/**
 * Certified calls carried in bundles: an online install whose planner asks Ledger's service (a
 * local server in its shapes, signing with the emulator's TEST key) exports a claim whose calls it
 * reviewed in clear; the offline install accepts the carried structures only when its own
 * descriptor, bound to its own pinned vault, encodes them byte for byte, then reviews and signs
 * them in clear with blind signing off on the Ledger. Changed structures are refused (checksum,
 * then planner signature); a planner's call this install describes otherwise is signed blind with
 * the reason; a bundle without them is blind as before.
 */
import { beforeEach, expect, it } from 'vitest';
import type { Hex } from 'viem';
import { bundleText, plannerHashes, PLANNER_PATH, readUnsignedBundle, seal, signedByPlanner, type UnsignedBundle } from '../../../shared/bundles';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { toLowS } from '../../../shared/bundles/signature';
import { simulatedLedgerService } from '../signing/simulated-ledger-registry';
import { fromSnapshotEachTest, signingWorldForFile, type SigningWorld } from '../signing/world';
import { offlineInstall } from './offline-install';
import { onlineBundles } from './online-install';

let world: SigningWorld, view: Portfolio;

const { ledgerService, askAgain } = await simulatedLedgerService(() => world);

signingWorldForFile((w, v) => ([world, view] = [w, v]), { wallets: 12, ledgerService });
fromSnapshotEachTest(() => world);
beforeEach(() => {
  askAgain();
  // The planner's Ledger signs plan hashes as hashed typed data, which needs blind signing.
  world.ledger.setBlindSigning(true);
});

const REFUSED = "the bundle's clear-signing data does not match this install's description of the call; it is signed blind.";

/** A claim planned online (reviewed in clear from Ledger's service) and exported, with or without the certified calls. */
async function exportedClaim(carry = true) {
  const claim = view.requests.find((r) => r.action?.kind === 'claim')!;
  const plan = await world.signing.plan({ vaultId: claim.vaultId, wallets: world.wallets, action: 'claim', requestIds: [claim.id] });
  const drafts = plan.items.filter((i) => i.tx);
  expect(drafts.length).toBeGreaterThan(0);
  for (const d of drafts) expect(d.review).toMatchObject({ blindSigning: false });
  const online = onlineBundles(world, carry ? { certifiedCalls: ledgerService } : {});
  const unsigned = await online.exportUnsigned(plan.id);
  return { plan, drafts, unsigned, bundle: readUnsignedBundle(unsigned.content).bundle };
}

/** The bundle with `change` applied, signed again by the planner's Ledger (the planner itself, not an attacker). */
async function replanned(bundle: UnsignedBundle, change: (b: UnsignedBundle) => void): Promise<string> {
  const draft = structuredClone(bundle) as Partial<UnsignedBundle>;
  delete draft.planner;
  delete draft.checksum;
  change(draft as UnsignedBundle);
  const hashes = plannerHashes(draft);
  const signed = await world.device.signTypedDataHash(PLANNER_PATH, { domainHash: hashes.domainHash, messageHash: hashes.messageHash });
  return bundleText(signedByPlanner(draft as Parameters<typeof signedByPlanner>[0], { address: signed.address, signature: toLowS(signed.signature as Hex) }));
}

it('a claim exported with its certified calls is reviewed offline in clear and signed in clear with blind signing off', async () => {
  const { drafts, unsigned, bundle } = await exportedClaim();
  const items = bundle.items.filter((i) => i.kind === 'transaction');
  expect(items.every((i) => i.kind === 'transaction' && i.clearSigning && Object.keys(i.clearSigning.certificates).length > 0)).toBe(true);

  const offline = await offlineInstall(world);
  const imported = await offline.bundles.importUnsigned(unsigned.content, unsigned.fileName);
  const reviewed = imported.plan.items.filter((i) => i.tx);
  // Predicted in clear from this install's own descriptor: the same screens as the online review, no acknowledgement.
  expect(reviewed.map((i) => i.review)).toEqual(drafts.map((d) => expect.objectContaining({ blindSigning: false, deviceScreens: (d.review as { deviceScreens: unknown }).deviceScreens })));
  expect(reviewed[0]!.review).toMatchObject({ deviceScreens: expect.arrayContaining([{ title: 'Interaction with', value: 'Pareto' }]) });
  expect(imported.plan.needsBlindSigningAck).toBe(false);
  expect(imported.plan.warnings.join(' ')).not.toContain(REFUSED);

  world.ledger.setBlindSigning(false);
  world.reviews.length = 0;
  const batch = await offline.signing.createBatch(imported.plan.id, { acknowledgeBlindSigning: false });
  const summary = await offline.signing.run(batch.id);
  expect(summary).toMatchObject({ status: 'done', counts: { signed: reviewed.length, failed: 0 } });
  // The Ledger showed exactly the offline review's prediction.
  expect(world.reviews).toEqual(reviewed.map((i) => (i.review as { deviceScreens: unknown }).deviceScreens));
}, 240_000);

it('carried structures changed after export are refused by the checksum, and re-hashed without the planner key by its signature', async () => {
  const { unsigned, bundle } = await exportedClaim();
  const changed = structuredClone(bundle);
  const item = changed.items.find((i) => i.kind === 'transaction')!;
  if (item.kind !== 'transaction' || !item.clearSigning) throw new Error('no carried call');
  item.clearSigning.fields[0] = `${item.clearSigning.fields[0]!.slice(0, -2)}00`;
  expect(() => readUnsignedBundle(bundleText(changed))).toThrow(expect.objectContaining({ code: 'BUNDLE_CHECKSUM_MISMATCH' }));
  const rehashed = bundleText(seal<UnsignedBundle>(changed));
  const offline = await offlineInstall(world);
  await expect(offline.bundles.importUnsigned(rehashed, unsigned.fileName)).rejects.toMatchObject({ code: 'BUNDLE_PLANNER_SIGNATURE' });
}, 240_000);

it("a carried call this install's own descriptor does not encode is signed blind, and the review says why", async () => {
  const { bundle } = await exportedClaim();
  // The planner carried another description (its last field renamed), certified and signed: not what this install encodes.
  const text = await replanned(bundle, (b) => {
    for (const i of b.items) if (i.kind === 'transaction' && i.clearSigning) i.clearSigning.fields = i.clearSigning.fields.slice(0, -1);
  });
  const offline = await offlineInstall(world);
  const imported = await offline.bundles.importUnsigned(text, null);
  const reviewed = imported.plan.items.filter((i) => i.tx);
  for (const i of reviewed) expect(i.review).toMatchObject({ blindSigning: true, deviceScreens: expect.arrayContaining([expect.objectContaining({ title: expect.stringMatching(/hash/i) })]) });
  expect(imported.plan.needsBlindSigningAck).toBe(true);
  expect(imported.plan.warnings.filter((w) => w.endsWith(REFUSED))).toHaveLength(reviewed.length);
}, 240_000);

it('a bundle without certified calls (as before) is reviewed blind', async () => {
  const { unsigned, bundle } = await exportedClaim(false);
  expect(bundle.items.some((i) => i.kind === 'transaction' && i.clearSigning)).toBe(false);
  const offline = await offlineInstall(world);
  const imported = await offline.bundles.importUnsigned(unsigned.content, unsigned.fileName);
  const reviewed = imported.plan.items.filter((i) => i.tx);
  for (const i of reviewed) expect(i.review).toMatchObject({ blindSigning: true });
  expect(imported.plan.needsBlindSigningAck).toBe(true);
  expect(imported.plan.warnings.join(' ')).not.toContain(REFUSED);
}, 240_000);
