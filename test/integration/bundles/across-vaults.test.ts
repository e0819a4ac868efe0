import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BundleService } from '../../../electron/services/bundles';
import { readUnsignedBundle } from '../../../shared/bundles';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import type { Plan } from '../../../shared/signing/schemas';
import { fromSnapshotEachTest, startSigningWorld, type SigningWorld } from '../signing/world';
import { offlineInstall } from './offline-install';
import { onlineBundles } from './online-install';

// A withdrawal the operator chose in two vaults on two chains (beta between epochs: redeems; delta
// running: queue requests) leaves as one unsigned bundle, one snapshot per vault; an offline install
// checks each vault's part against its own pinned entry, signs it on the device with nothing sent,
// and the online install sends the signatures on both chains.
let world: SigningWorld;
let view: Portfolio;
let online: BundleService;
beforeAll(async () => {
  world = await startSigningWorld({ wallets: 12 });
  view = await world.load();
  online = onlineBundles(world);
}, 120_000);

afterAll(async () => {
  await world?.stop();
});

fromSnapshotEachTest(() => world);

const vault = (name: string) => view.vaults.find((v) => v.id === world.vaultId(view, name))!;

/** Everything each of six wallets can withdraw from beta and from delta, as one plan. */
async function planTwoVaults(): Promise<Plan> {
  const wallets = world.wallets.slice(0, 6);
  return world.signing.planAcrossVaults(['beta', 'delta'].map((name) => ({ vaultId: vault(name).id, action: 'withdraw' as const, wallets })));
}

describe('a plan across vaults as one bundle', () => {
  it('exports one bundle with a snapshot per vault, signed offline per vault and sent on both chains', async () => {
    const beta = vault('beta');
    const delta = vault('delta');
    expect(beta.chain.chainId).not.toBe(delta.chain.chainId);
    const plan = await planTwoVaults();
    expect(plan.vaults!.map((v) => v.id)).toEqual([beta.id, delta.id]);
    const drafts = plan.items.filter((i) => i.tx);
    expect(new Set(drafts.map((i) => i.vaultId))).toEqual(new Set([beta.id, delta.id]));

    const unsigned = await online.exportUnsigned(plan.id);
    const { bundle } = readUnsignedBundle(unsigned.content);
    expect(unsigned.fileName).toMatch(/^vaultdesk-unsigned-\d{8}-\d{4}-withdraw-.+-and-1-more-\d+tx-[0-9a-f]{8}\.json$/);
    expect(bundle.vaults!.map((v) => v.id)).toEqual([beta.id, delta.id]);
    // One snapshot per vault, each read on its own chain.
    expect(bundle.snapshots!.map((s) => [s.vault.id, s.block.chainId])).toEqual([
      [beta.id, beta.chain.chainId],
      [delta.id, delta.chain.chainId],
    ]);
    expect(bundle.items.map((i) => (i.kind === 'transaction' ? i.action.vaultId : null))).toEqual(drafts.map((d) => d.vaultId));
    expect(unsigned.summary.vaults.map((v) => v.name)).toEqual([beta.name, delta.name]);
    await expect(world.signing.createBatch(plan.id, { acknowledgeBlindSigning: true })).rejects.toMatchObject({ code: 'SIGNING_PLAN_EXPORTED' });
    // Listed online as awaited back: its vaults, items, time and file.
    const listed = async () => (await online.exported.list()).find((b) => b.checksum === unsigned.checksum);
    expect(await listed()).toMatchObject({
      state: 'awaiting',
      fileName: unsigned.fileName,
      action: 'withdraw',
      vaults: [{ id: beta.id, name: beta.name }, { id: delta.id, name: delta.name }],
      transactions: drafts.length,
      exportedAt: bundle.createdAt,
      batchId: null,
    });

    // Offline: each vault's part checked against its pinned entry; the plan reviewed grouped by vault.
    const offline = await offlineInstall(world);
    const imported = await offline.bundles.importUnsigned(unsigned.content, unsigned.fileName);
    expect(imported.plan.vaults!.map((v) => v.id)).toEqual([beta.id, delta.id]);
    expect(imported.plan.items.filter((i) => i.tx).map((i) => [i.id, i.vaultId, i.chainId])).toEqual(
      drafts.map((d) => [d.id, d.vaultId, d.chainId]),
    );
    expect(imported.plan.warnings.join(' ')).toContain(`${beta.name} on chain ${beta.chain.chainId}`);
    expect(imported.plan.warnings.join(' ')).toContain(`${delta.name} on chain ${delta.chain.chainId}`);
    const batch = await offline.signing.createBatch(imported.plan.id, { acknowledgeBlindSigning: true });
    const summary = await offline.signing.run(batch.id);
    expect(summary).toMatchObject({ status: 'done', counts: { signed: drafts.length, broadcast: 0 } });
    const signed = await offline.bundles.exportSigned(batch.id);

    // Back online: both chains' transactions sent and confirmed.
    const back = await online.importSigned(signed.content, signed.fileName);
    expect(back.checks.every((c) => c.problem === null)).toBe(true);
    expect(await listed()).toMatchObject({ state: 'returned', batchId: back.batch.id });
    const sent = await world.signing.run(back.batch.id);
    expect(sent).toMatchObject({ status: 'done', counts: { confirmed: drafts.length, failed: 0 } });
    expect(await listed()).toMatchObject({ state: 'broadcast', sent: { planned: drafts.length, confirmed: drafts.length, failed: 0 } });
    const final = await world.signing.openBatch(back.batch.id);
    for (const d of drafts) {
      const item = final.items.find((i) => i.id === d.id)!;
      const mined = await world.chains.get(d.chainId)!.getTransaction({ hash: item.hash as `0x${string}` });
      expect([mined.input, mined.nonce, mined.chainId]).toEqual([d.tx!.data, d.tx!.nonce, d.chainId]);
    }
  }, 240_000);

  it('lists an exported bundle as abandoned once the operator says so, kept across a restart', async () => {
    const plan = await world.signing.plan({ vaultId: vault('delta').id, action: 'withdraw', wallets: world.wallets.slice(0, 2) });
    const unsigned = await online.exportUnsigned(plan.id);
    const abandoned = await online.exported.abandon(unsigned.checksum);
    expect(abandoned.find((b) => b.checksum === unsigned.checksum)).toMatchObject({ state: 'abandoned', abandonedAt: expect.any(String) });
    // A restarted console reads the same list from the data folder.
    const restarted = onlineBundles(world);
    const list = await restarted.exported.list();
    expect(list[0]).toMatchObject({ checksum: unsigned.checksum, state: 'abandoned', fileName: unsigned.fileName, vaults: [{ id: vault('delta').id }] });
  }, 120_000);

  it('refuses the signed bundle of an abandoned one, saying when and what to do, until the operator resumes it', async () => {
    const plan = await world.signing.plan({ vaultId: vault('delta').id, action: 'withdraw', wallets: world.wallets.slice(0, 2) });
    const unsigned = await online.exportUnsigned(plan.id);
    const offline = await offlineInstall(world);
    const imported = await offline.bundles.importUnsigned(unsigned.content, unsigned.fileName);
    const batch = await offline.signing.createBatch(imported.plan.id, { acknowledgeBlindSigning: true });
    expect(await offline.signing.run(batch.id)).toMatchObject({ status: 'done' });
    const signed = await offline.bundles.exportSigned(batch.id);
    const listed = async () => (await online.exported.list()).find((b) => b.checksum === unsigned.checksum)!;

    const abandonedAt = (await online.exported.abandon(unsigned.checksum)).find((b) => b.checksum === unsigned.checksum)!.abandonedAt!;
    const batchesBefore = (await world.signing.listBatches()).length;
    // Back anyway: refused, even as a deliberate import, naming the day and the two ways out; nothing journaled.
    for (const options of [{}, { acceptForeign: true }]) {
      const refusal = await online.importSigned(signed.content, signed.fileName, options).catch((e: unknown) => e);
      expect(refusal).toMatchObject({ code: 'BUNDLE_ABANDONED', action: expect.stringContaining('Resume') });
      expect((refusal as Error).message).toContain(`This bundle was marked abandoned on ${abandonedAt.slice(0, 10)}`);
      expect((refusal as { action: string }).action).toContain('discard the file');
    }
    expect(await listed()).toMatchObject({ state: 'abandoned', batchId: null });
    expect(await world.signing.listBatches()).toHaveLength(batchesBefore);

    // Taken back explicitly: awaited again, then its signed bundle is imported and listed as returned.
    const resumed = await online.exported.resume(unsigned.checksum);
    expect(resumed.find((b) => b.checksum === unsigned.checksum)).toMatchObject({ state: 'awaiting', abandonedAt: null });
    const back = await online.importSigned(signed.content, signed.fileName);
    expect(back.created).toBe(true);
    expect(await listed()).toMatchObject({ state: 'returned', batchId: back.batch.id });
  }, 180_000);

  it("is refused whole, naming the vault, by an offline install that does not pin one of its vaults", async () => {
    const delta = vault('delta');
    const plan = await planTwoVaults();
    const unsigned = await online.exportUnsigned(plan.id);
    const offline = await offlineInstall(world, [delta.id]);
    const refusal = await offline.bundles.importUnsigned(unsigned.content, unsigned.fileName).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ code: 'BUNDLE_VAULT_NOT_PINNED' });
    expect((refusal as Error).message).toContain(`${delta.name} (vault ${delta.id}`);
    expect((refusal as Error).message).toContain('in any of its 2 vaults');
    expect(await offline.signing.listBatches()).toEqual([]);
  }, 120_000);
});
