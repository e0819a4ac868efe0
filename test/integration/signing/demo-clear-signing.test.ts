/**
 * The demo's vault calls signed in clear: its vaults' descriptors, tokens and local chains,
 * certified by the emulated Ledger's test keys, given to the planner and the device as the demo
 * does. The review predicts the generic parser's screens (the call's intent, its amount in the
 * vault's token, never "???"), asks for no blind-signing acknowledgement for those calls, and the
 * device shows exactly them with blind signing off.
 */
import { expect, it } from 'vitest';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import type { Batch } from '../../../shared/signing/schemas';
import { screensForDevice } from '../../../renderer/src/device/predict-review';
import { fromSnapshotEachTest, signAgreements, signingWorldForFile, type SigningWorld } from './world';

let world: SigningWorld, view: Portfolio;
signingWorldForFile((w, v) => ([world, view] = [w, v]), { wallets: 12, clearSigning: true });
fromSnapshotEachTest(() => world);

const txItems = (b: Batch) => b.items.filter((i) => i.step !== 'none');

it('a claim is reviewed in clear, needs no acknowledgement, and the Ledger shows what the review predicted', async () => {
  const delta = view.vaults.find((v) => v.name.toLowerCase().includes('delta'))!;
  const claim = view.requests.find((r) => r.vaultId === delta.id && r.type === 'DEPOSIT' && r.action?.kind === 'claim')!;
  const plan = await world.signing.plan({ vaultId: delta.id, wallets: world.wallets, action: 'claim', requestIds: [claim.id] });
  const [item] = plan.items.filter((i) => i.tx);
  expect(item!.review).toMatchObject({ kind: 'transaction', blindSigning: false });
  const predicted = item!.review!.kind === 'transaction' ? item!.review!.deviceScreens : [];
  expect(predicted[0]?.title).toMatch(/^Review transaction to /);
  expect(predicted).toContainEqual({ title: 'Interaction with', value: 'Pareto' });
  // The local chain, given to the app with the emulator's test key: named, and the fees in its ticker.
  expect(predicted).toContainEqual({ title: 'Network', value: 'Demo chain 31338' });
  expect(JSON.stringify(predicted)).not.toContain('???');
  expect(plan.needsBlindSigningAck).toBe(false);

  world.ledger.setBlindSigning(false);
  try {
    const batch = await world.signing.createBatch(plan, { acknowledgeBlindSigning: false });
    await world.signing.run(batch.id);
    expect(txItems(await world.signing.openBatch(batch.id)).map((i) => i.state)).toEqual(['confirmed']);
    expect(world.reviews).toEqual([predicted]);
  } finally {
    world.ledger.setBlindSigning(true);
  }
}, 120_000);

it("a deposit's amount is shown in the vault's token, as the review predicted", async () => {
  const delta = view.vaults.find((v) => v.name.toLowerCase().includes('delta'))!;
  const wallets = world.wallets.slice(0, 4);
  await signAgreements(world, delta.id, wallets);
  world.reviews.length = 0;
  const plan = await world.signing.plan({ vaultId: delta.id, wallets, action: 'deposit', amount: '250.5', approval: 'exact' });
  const deposit = plan.items.find((i) => i.tx && i.step !== 'approve');
  const screens = deposit?.review?.kind === 'transaction' ? deposit.review.deviceScreens : [];
  expect(deposit?.review).toMatchObject({ blindSigning: false });
  expect(screens).toContainEqual({ title: 'Amount', value: '250.5 USDC' });
  const batch = await world.signing.createBatch(plan, { acknowledgeBlindSigning: true });
  await world.signing.run(batch.id);
  expect(txItems(await world.signing.openBatch(batch.id)).every((i) => i.state === 'confirmed')).toBe(true);
  expect(world.reviews).toContainEqual(screens);
}, 120_000);

it("a deposit's approval of the vault's token is reviewed in clear too: no acknowledgement, blind signing off, the Ledger shows each review as predicted", async () => {
  const delta = view.vaults.find((v) => v.name.toLowerCase().includes('delta'))!;
  const wallets = world.wallets.slice(4, 6);
  await signAgreements(world, delta.id, wallets);
  world.reviews.length = 0;
  const plan = await world.signing.plan({ vaultId: delta.id, wallets, action: 'deposit', amount: '100', approval: 'exact' });
  const approvals = plan.items.filter((i) => i.step === 'approve');
  expect(approvals).toHaveLength(2);
  for (const item of approvals) {
    expect(item.review).toMatchObject({ kind: 'transaction', blindSigning: false });
    const screens = item.review?.kind === 'transaction' ? item.review.deviceScreens : [];
    // The chain by the name its description gave, the amount with the token's ticker.
    expect(screens).toContainEqual({ title: 'Approve', value: '100 USDC' });
    expect(screens).toContainEqual({ title: 'Network', value: `Demo chain ${delta.chain.chainId}` });
  }
  expect(plan.needsBlindSigningAck).toBe(false);

  world.ledger.setBlindSigning(false);
  try {
    const batch = await world.signing.createBatch(plan, { acknowledgeBlindSigning: false });
    await world.signing.run(batch.id);
    const done = txItems(await world.signing.openBatch(batch.id));
    expect(done.map((i) => i.state)).toEqual(done.map(() => 'confirmed'));
    // What the console shows beside each item: the plan's screens with the signing account added ("From").
    expect(world.reviews).toEqual(done.map((i) => screensForDevice(i.review!, i.wallet, { appVersion: null, model: null })));
    expect(world.reviews.filter((r) => r[0]?.title === 'Review transaction to approve ERC20 token')).toHaveLength(2);
  } finally {
    world.ledger.setBlindSigning(true);
  }
}, 120_000);
