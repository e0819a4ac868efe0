import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTransaction, type Hex } from 'viem';
import type { BundleService } from '../../../electron/services/bundles';
import type { SigningService } from '../../../electron/services/signing';
import { PLANNER_PATH, plannerHashes, readSignedBundle, readUnsignedBundle, verifyPlannerSignature } from '../../../shared/bundles';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { deriveAccount } from '../../../electron/demo/chain/accounts';
import { simulatePlan } from '../../../electron/services/simulation';
import { fromSnapshotEachTest, startSigningWorld, type SigningWorld } from '../signing/world';
import { offlineInstall, PLANNER } from './offline-install';
import { onlineBundles } from './online-install';
import { hashedTypedDataReview } from '../../support/typed-data-review';

// An online install plans and exports; an offline install (its own data folder, and no service,
// chain or portfolio at all: each of them throws if touched) checks the bundle, signs it on the
// emulated Ledger and saves the signed bundle; the online install checks that and sends it.
let world: SigningWorld;
let view: Portfolio;
let online: BundleService;
/** The offline install's reviewer: the first BIP-44 account of the same seed. */
const REVIEWER = deriveAccount(0).address;

/** An offline install whose registry is the online install's export, signed by its planner's Ledger and verified there. */
async function checkedOfflineInstall() {
  const install = await offlineInstall(world);
  expect(install.exported.planner).toBe(PLANNER);
  expect(install.imported.fingerprint).toBe(install.exported.fingerprint);
  return install;
}

beforeAll(async () => {
  world = await startSigningWorld({ wallets: 12 });
  view = await world.load();
  online = onlineBundles(world, {
    epochHistory: async (vaultId) => (await world.client.listAll('vaultEpochs', { filter: { vaultId } })).map((e) => ({
      count: e.count,
      status: e.status,
      startDate: null,
      endDate: null,
      apr: e.apr ?? null,
      lastApr: e.lastApr ?? null,
      net: null,
      apyGross: null,
      apyNet: null,
      withdrawType: e.withdrawType ?? null,
      depositQueue: null,
      withdrawQueue: null,
    })),
    // The plan's simulation on a fork of the local chain, as the console's simulation service gives it.
    simulationOf: (planId) => simulatePlan(world.signing.planForExport(planId).plan, { rpcUrls: chainRpcs }),
  });
}, 120_000);

const chainRpcs = (id: number) => world.sim.network.chains.filter((c) => c.chain.chainId === id).map((c) => c.chain.rpcUrl);

afterAll(async () => {
  await world?.stop();
});

fromSnapshotEachTest(() => world);

const vaultId = (name: string) => world.vaultId(view, name);

/** Plan online, export, then check, sign and save on an offline install. */
async function exportAndSignOffline(selection: Parameters<SigningService['plan']>[0]) {
  const plan = await world.signing.plan(selection);
  // What the planner's Ledger will show, read before it asks; nothing reaches the device yet.
  const reviews = world.reviews.length;
  const preview = await online.prepareExport(plan.id);
  expect(world.reviews.length).toBe(reviews);
  const unsigned = await online.exportUnsigned(plan.id);
  const offline = await checkedOfflineInstall();
  const imported = await offline.bundles.importUnsigned(unsigned.content, unsigned.fileName);
  const batch = await offline.signing.createBatch(imported.plan.id, { acknowledgeBlindSigning: true });
  const summary = await offline.signing.run(batch.id);
  const signed = await offline.bundles.exportSigned(batch.id);
  return { plan, preview, unsigned, offline, imported, batch: await offline.signing.openBatch(batch.id), summary, signed };
}

describe('offline review round trip on the simulation', () => {
  it('exports, signs offline on the device, imports back and sends: calldata byte-identical throughout', async () => {
    const wallets = world.wallets.slice(0, 6);
    const reviewsBefore = world.reviews.length;
    const { plan, preview, unsigned, offline, imported, batch, summary, signed } = await exportAndSignOffline({
      vaultId: vaultId('delta'),
      action: 'withdraw',
      wallets,
    });
    const drafts = plan.items.filter((i) => i.tx);
    expect(drafts.length).toBeGreaterThanOrEqual(6);
    expect(unsigned.fileName).toMatch(/^vaultdesk-unsigned-\d{8}-\d{4}-withdraw-.+-\d+tx-[0-9a-f]{8}\.json$/);
    // Exporting again gives the same file; the plan can no longer become a batch here.
    expect((await online.exportUnsigned(plan.id)).content).toBe(unsigned.content);
    await expect(world.signing.createBatch(plan.id, { acknowledgeBlindSigning: true })).rejects.toMatchObject({ code: 'SIGNING_PLAN_EXPORTED' });

    // Offline: the same review, written again on the offline install from the calldata and its own
    // registry (its pin is the registry's, not the online block read), signed in full, nothing sent.
    const withoutPin = (r: unknown) => ({ ...(r as object), pinned: undefined });
    expect(imported.plan.items.filter((i) => i.tx).map((i) => withoutPin(i.review))).toEqual(drafts.map((i) => withoutPin(i.review)));
    expect(imported.snapshot.wallets.length).toBe(6);
    expect(imported.snapshot.epochs?.rows.length).toBeGreaterThan(0);
    expect(summary).toMatchObject({ status: 'done', counts: { planned: drafts.length, signed: drafts.length, broadcast: 0, confirmed: 0 } });
    // The planner's Ledger showed the two EIP-712 hashes it signed, exactly the screens the console
    // showed before it asked; then one review per transaction.
    const exportedBundle = readUnsignedBundle(unsigned.content).bundle;
    const hashes = plannerHashes(exportedBundle);
    const plannerReview = world.reviews[reviewsBefore]!;
    expect(plannerReview).toEqual(hashedTypedDataReview(hashes));
    expect(plannerReview).toEqual(preview.screens);
    expect(preview).toMatchObject({ path: PLANNER_PATH, planHash: hashes.planHash, domainHash: hashes.domainHash, messageHash: hashes.messageHash });
    expect(await verifyPlannerSignature(exportedBundle)).toBe(PLANNER);
    expect(unsigned.summary.planner).toBe(PLANNER);
    expect(imported.plan.warnings.join(' ')).toContain(`Planned and signed by Planning desk ${PLANNER}`);
    // The plan hash, the registry file carried to the offline install (signed by the same planner account), then one per transaction.
    expect(world.reviews[reviewsBefore + 1]!.slice(0, 2)).toEqual([{ title: 'Blind signing ahead' }, { title: 'Review typed message' }]);
    expect(world.reviews.length - reviewsBefore).toBe(drafts.length + 2);
    expect(signed.fileName).toMatch(/^vaultdesk-signed-.+\.json$/);

    // The planner's simulation went into the bundle (a fork of the chain at its block, every
    // transaction succeeding) and the offline install shows it as it was carried, keyed to its items.
    const carriedSim = readUnsignedBundle(unsigned.content).bundle.simulation!;
    const chainBlock = await world.chains.get(plan.vault.chainId)!.getBlockNumber();
    expect(carriedSim).toMatchObject({ planId: plan.id, status: 'simulated' });
    expect(carriedSim.chains).toEqual([expect.objectContaining({ chainId: plan.vault.chainId, method: 'fork' })]);
    expect(BigInt(carriedSim.chains[0]!.block!)).toBeLessThanOrEqual(chainBlock);
    expect(carriedSim.items.map((i) => i.itemId)).toEqual(drafts.map((d) => d.id));
    expect(carriedSim.items.every((i) => i.ok && i.gasUsed !== null)).toBe(true);
    expect(imported.simulation).toEqual(carriedSim);
    expect((await offline.bundles.inspect(unsigned.content)).simulation).toEqual(carriedSim);

    // Importing the unsigned bundle again opens the same batch: nothing is signed twice.
    const again = await offline.bundles.importUnsigned(unsigned.content, unsigned.fileName);
    expect(again.batchId).toBe(batch.id);
    // The plan hash, the registry file carried to the offline install (signed by the same planner account), then one per transaction.
    expect(world.reviews[reviewsBefore + 1]!.slice(0, 2)).toEqual([{ title: 'Blind signing ahead' }, { title: 'Review typed message' }]);
    expect(world.reviews.length - reviewsBefore).toBe(drafts.length + 2);

    // Back online: checked, journaled, every transaction sendable, then sent and confirmed.
    const back = await online.importSigned(signed.content, signed.fileName);
    expect(back.created).toBe(true);
    expect(back.checks).toHaveLength(drafts.length);
    expect(back.checks.every((c) => c.problem === null)).toBe(true);
    expect(back.batch.origin).toMatchObject({ kind: 'bundle-broadcast', unsignedChecksum: unsigned.checksum });
    // Who planned it and who reviewed it offline (the offline Ledger's first account).
    expect(back.bundle).toMatchObject({ planner: PLANNER, reviewer: REVIEWER });
    const sent = await world.signing.run(back.batch.id);
    expect(sent).toMatchObject({ status: 'done', counts: { planned: drafts.length, signed: drafts.length, broadcast: drafts.length, confirmed: drafts.length, failed: 0 } });
    // Still one device review per transaction: the online install signed nothing but the plan hash.
    // The plan hash, the registry file carried to the offline install (signed by the same planner account), then one per transaction.
    expect(world.reviews[reviewsBefore + 1]!.slice(0, 2)).toEqual([{ title: 'Blind signing ahead' }, { title: 'Review typed message' }]);
    expect(world.reviews.length - reviewsBefore).toBe(drafts.length + 2);

    // The calldata: planned, exported, signed offline and mined are the same bytes.
    const exported = readUnsignedBundle(unsigned.content).bundle;
    const { bundle: carried } = await readSignedBundle(signed.content);
    const final = await world.signing.openBatch(back.batch.id);
    const client = world.chains.get(plan.vault.chainId)!;
    for (const [i, draft] of drafts.entries()) {
      const inBundle = exported.items[i]!;
      if (inBundle.kind !== 'transaction') throw new Error('expected a transaction');
      const signedTx = parseTransaction(carried.items[i]!.transaction!.serialized as Hex);
      const offlineItem = batch.items.find((x) => x.id === draft.id)!;
      const mined = await client.getTransaction({ hash: final.items.find((x) => x.id === draft.id)!.hash as Hex });
      expect(inBundle.transaction.data).toBe(draft.tx!.data);
      expect(offlineItem.tx!.data).toBe(draft.tx!.data);
      expect(signedTx.data).toBe(draft.tx!.data);
      expect(mined.input).toBe(draft.tx!.data);
      expect(mined.nonce).toBe(draft.tx!.nonce);
      expect(mined.from.toLowerCase()).toBe(draft.wallet.toLowerCase());
      expect(mined.hash).toBe(offlineItem.signed!.hash);
    }

    // The same signed bundle imported again is the same batch, and sends nothing twice.
    const twice = await online.importSigned(signed.content, signed.fileName);
    expect(twice).toMatchObject({ created: false, batch: { id: back.batch.id, status: 'done' } });
  }, 120_000);

  it('exports a plan whose simulation fails, the bundle saying it was not simulated and why', async () => {
    const failing = onlineBundles(world, {
      dataDir: await mkdtemp(path.join(world.dataDir, 'online-nosim-')),
      simulationOf: () => Promise.reject(new Error('No local fork can start: the anvil binary is not installed.')),
    });
    const plan = await world.signing.plan({ vaultId: vaultId('delta'), action: 'withdraw', wallets: world.wallets.slice(0, 2) });
    const file = await failing.exportUnsigned(plan.id);
    expect(readUnsignedBundle(file.content).bundle.simulation).toMatchObject({
      status: 'not-simulated',
      items: [],
      chains: [{ chainId: plan.vault.chainId, method: 'none', block: null, reason: 'The simulation could not run: No local fork can start: the anvil binary is not installed.' }],
    });
    const offline = await checkedOfflineInstall();
    const imported = await offline.bundles.importUnsigned(file.content, file.fileName);
    expect(imported.simulation?.status).toBe('not-simulated');
  }, 60_000);

  it('exports every action as a bundle the offline checks accept, each call decoded again', async () => {
    const cases = [
      { vault: 'alpha', action: 'claim' },
      { vault: 'beta', action: 'cancel' },
      { vault: 'beta', action: 'redeem' },
      { vault: 'delta', action: 'deposit', amount: '100' },
      { vault: 'beta', action: 'deposit', amount: '250.5' },
    ] as const;
    // Deposits need the lender agreements: signed here first for three KYC'd wallets (the service
    // keeps them, so not the ones the agreements test below signs).
    const depositors = world.wallets.filter((_, i) => i >= 2 && world.sim.seeded.wallets[i]!.allowed).slice(-3);
    for (const name of ['beta', 'delta']) {
      const agreements = await world.signing.plan({ vaultId: vaultId(name), action: 'agreements', wallets: depositors });
      await world.signing.run((await world.signing.createBatch(agreements.id)).id);
    }
    const exported: string[] = [];
    for (const c of cases) {
      const wallets = c.action === 'deposit' ? depositors : world.wallets;
      const plan = await world.signing.plan({ vaultId: vaultId(c.vault), action: c.action, wallets, ...('amount' in c ? { amount: c.amount } : {}) });
      const steps = plan.items.filter((i) => i.tx);
      if (steps.length === 0) continue;
      const file = await online.exportUnsigned(plan.id);
      const { bundle } = readUnsignedBundle(file.content);
      expect(bundle.items.map((i) => (i.kind === 'transaction' ? i.action.kind : i.kind))).toEqual(steps.map((i) => i.step));
      expect(bundle.snapshot.wallets.filter((w) => w.nonce !== null).length).toBeGreaterThan(0);
      exported.push(`${c.action} ${c.vault}`);
    }
    // The seeded story has claims, cancels and redeems to make, and deposits for some wallets.
    expect(exported).toEqual(expect.arrayContaining(['claim alpha', 'cancel beta', 'redeem beta']));
    expect(exported).toEqual(expect.arrayContaining(['deposit delta', 'deposit beta']));
  }, 120_000);

  it('signs lender agreements offline and submits them to the service back online', async () => {
    const beta = view.vaults.find((v) => v.id === vaultId('beta'))!;
    const wallets = world.wallets.slice(0, 2);
    const { signed, summary } = await exportAndSignOffline({ vaultId: beta.id, action: 'agreements', wallets });
    expect(summary.counts.signed).toBe(wallets.length * beta.lenderSignatureIds.length);
    const back = await online.importSigned(signed.content);
    expect(back.checks).toEqual([]);
    expect((await world.signing.run(back.batch.id)).counts.confirmed).toBe(wallets.length * beta.lenderSignatureIds.length);
    for (const w of wallets) for (const id of beta.lenderSignatureIds) expect(await world.client.checkSignature(id, w.address)).not.toBeNull();
  }, 120_000);

  it('reports a used nonce and expired fees per transaction, with the way forward, and sends the rest', async () => {
    const wallets = world.wallets.slice(0, 3);
    const { plan, signed } = await exportAndSignOffline({ vaultId: vaultId('delta'), action: 'withdraw', wallets });
    const chain = world.sim.network.chains.find((c) => c.chain.chainId === plan.vault.chainId)!.chain;
    const client = world.chains.get(plan.vault.chainId)!;
    const first = plan.items.find((i) => i.tx)!;
    // The first wallet sends something else meanwhile: its first nonce is used.
    await chain.client.publicClient.request({
      method: 'eth_sendTransaction',
      params: [{ from: first.wallet as Hex, to: first.wallet as Hex, value: '0x0' }],
    } as never);
    await chain.client.publicClient.request({ method: 'evm_mine' } as never);

    const back = await online.importSigned(signed.content);
    const problem = (id: string) => back.checks.find((c) => c.itemId === id)!.problem;
    expect(problem(first.id)).toMatchObject({
      code: 'TX_NONCE_USED',
      message: expect.stringContaining(`Nonce ${first.tx!.nonce} of ${first.label}`),
      action: expect.stringContaining(`Nonce ${first.tx!.nonce} already used: re-plan this wallet online`),
    });
    // Its action needs that approval: it is not sent either. Other wallets are fine.
    const action = plan.items.find((i) => i.dependsOn === first.id)!;
    expect(problem(action.id)).toMatchObject({ code: 'TX_WAITS_FOR_APPROVAL', action: 'Re-plan this wallet online and carry a new bundle.' });
    const others = plan.items.filter((i) => i.tx && i.wallet !== first.wallet);
    for (const o of others) expect(problem(o.id)).toBeNull();

    // Then the base fee jumps above what the bundle allows.
    await client.request({ method: 'anvil_setNextBlockBaseFeePerGas', params: ['0x' + (50n * 10n ** 9n).toString(16)] } as never);
    await chain.client.publicClient.request({ method: 'evm_mine' } as never);
    const checks = await online.sendChecks(back.batch);
    const expired = checks.find((c) => c.itemId === others[0]!.id)!.problem;
    expect(expired).toMatchObject({ code: 'TX_FEE_EXPIRED', action: expect.stringContaining('Re-plan this wallet online (fresh fees)') });
    expect(expired!.message).toMatch(/max fee of [\d.]+ gwei per gas is below the base fee of chain \d+, now 50 gwei/);

    // Sending: nothing goes out, each item says why.
    const run = await world.signing.run(back.batch.id);
    expect(run.counts.broadcast).toBe(0);
    const after = await world.signing.openBatch(back.batch.id);
    expect(after.items.find((i) => i.id === first.id)).toMatchObject({ state: 'failed', error: { code: 'TX_NONCE_USED' } });
    expect(after.items.find((i) => i.id === action.id)).toMatchObject({ state: 'skipped', reason: expect.stringContaining('Re-plan this wallet online') });
    expect(after.items.find((i) => i.id === others[0]!.id)).toMatchObject({ state: 'failed', error: { code: 'TX_FEE_EXPIRED' } });

    // Fees come down again: retry sends the same signed bytes, nothing is signed anew.
    await client.request({ method: 'anvil_setNextBlockBaseFeePerGas', params: ['0x7'] } as never);
    await chain.client.publicClient.request({ method: 'evm_mine' } as never);
    const reviews = world.reviews.length;
    await world.signing.retry(back.batch.id, others[0]!.id);
    const retried = (await world.signing.openBatch(back.batch.id)).items.find((i) => i.id === others[0]!.id)!;
    expect(retried.state).toBe('confirmed');
    expect(retried.hash).toBe(JSON.parse(signed.content).items.find((i: { id: string }) => i.id === others[0]!.id).transaction.hash);
    // Its action, skipped behind it, goes out once taken up again.
    await world.signing.retry(back.batch.id, others[1]!.id);
    expect((await world.signing.openBatch(back.batch.id)).items.find((i) => i.id === others[1]!.id)!.state).toBe('confirmed');
    expect(world.reviews.length).toBe(reviews);
    // The used nonce cannot be retried here: re-plan online.
    await expect(world.signing.resign(back.batch.id, first.id)).rejects.toMatchObject({ code: 'SIGNING_NOT_RESIGNABLE', action: expect.stringContaining('Re-plan this wallet online') });
  }, 120_000);

  it('signs nothing on the offline install that the device refused, and saves only what was signed', async () => {
    const wallets = world.wallets.slice(0, 2);
    const plan = await world.signing.plan({ vaultId: vaultId('delta'), action: 'withdraw', wallets });
    const unsigned = await online.exportUnsigned(plan.id);
    const offline = await checkedOfflineInstall();
    const imported = await offline.bundles.importUnsigned(unsigned.content);
    const batch = await offline.signing.createBatch(imported.plan.id, { acknowledgeBlindSigning: true });
    // The operator rejects the second review on the device: the batch pauses there.
    const start = world.reviews.length;
    world.onReview = (_screens, n) => (n === start + 2 ? 'reject' : 'approve');
    const paused = await offline.signing.run(batch.id);
    expect(paused.status).toBe('paused');
    await expect(offline.bundles.exportSigned(batch.id)).rejects.toMatchObject({ code: 'BUNDLE_NOT_ALL_SIGNED' });
    // The operator leaves that wallet's action out: its later steps are left out with it.
    const waiting = (await offline.signing.openBatch(batch.id)).items.find((i) => i.state === 'waiting')!;
    await offline.signing.skip(batch.id, waiting.id);
    world.onReview = () => 'approve';
    const done = await offline.signing.run(batch.id);
    expect(done.status).toBe('done');
    const signed = await offline.bundles.exportSigned(batch.id);
    const { bundle } = await readSignedBundle(signed.content);
    expect(bundle.items.find((i) => i.id === waiting.id)).toMatchObject({ state: 'skipped', transaction: null });
    expect(bundle.items.filter((i) => i.state === 'signed').length).toBe(done.counts.signed);
    // A skipped signature is never made again, and retry takes it up where it was.
    await expect(offline.signing.resign(batch.id, waiting.id)).rejects.toMatchObject({ code: 'SIGNING_NOT_RESIGNABLE' });
  }, 120_000);
});
