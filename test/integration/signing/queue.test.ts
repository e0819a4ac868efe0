import { describe, expect, it } from 'vitest';
import type { Hex, PublicClient } from 'viem';
import { createSigningService, type SigningServiceOptions } from '../../../electron/services/signing';
import { VaultRegistry } from '../../../electron/services/registry';
import { AppError } from '../../../shared/errors';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import type { Batch, BatchItem, SigningEvent } from '../../../shared/signing/schemas';
import { fromSnapshotEachTest, signingWorldForFile, type SigningWorld } from './world';
import { keychainJournalKeys } from '../../support/journal-keys';

// The device queue under the operator's hand: rejections, a locked device, an unplugged one, a
// closed app, pause / skip / retry / resign, and a console restarted with a journal half done.
let world: SigningWorld, view: Portfolio;
signingWorldForFile((w, v) => ([world, view] = [w, v]));

fromSnapshotEachTest(
  () => world,
  () => {
    if (!world.ledger.snapshot().plugged) world.ledger.replug({ locked: false, app: 'Ethereum' });
    if (world.ledger.snapshot().locked) world.ledger.unlock();
    if (world.ledger.snapshot().app !== 'Ethereum') world.ledger.openApp('Ethereum');
  },
);

const delta = () => view.vaults.find((v) => v.name.toLowerCase().includes('delta'))!;
const txItems = (b: Batch) => b.items.filter((i) => i.step !== 'none');

/** A withdraw batch on the running vault: approve + requestWithdraw for each of the first wallets. */
async function withdrawBatch(count = 3): Promise<Batch> {
  const plan = await world.signing.plan({ vaultId: delta().id, wallets: world.wallets.slice(0, count), action: 'withdraw' });
  return world.signing.createBatch(plan, { acknowledgeBlindSigning: true });
}

/** Every transaction of these wallets on chain since the snapshot, by nonce: nothing twice. */
async function expectEachNonceOnce(batch: Batch): Promise<void> {
  const client = world.chains.get(delta().chain.chainId)!;
  for (const item of txItems(batch).filter((i) => i.state === 'confirmed')) {
    const tx = await client.getTransaction({ hash: item.hash as Hex });
    expect(tx.nonce).toBe(item.tx!.nonce);
  }
  const keys = txItems(batch)
    .filter((i) => i.hash)
    .map((i) => `${i.wallet}:${i.tx!.nonce}`);
  expect(new Set(keys).size).toBe(keys.length);
}

/** Runs the batch again: it ends done, every transaction confirmed, each nonce used once. */
async function runsToTheEnd(batchId: string): Promise<void> {
  expect((await world.signing.run(batchId)).status).toBe('done');
  const journal = await world.signing.openBatch(batchId);
  expect(txItems(journal).every((i) => i.state === 'confirmed')).toBe(true);
  await expectEachNonceOnce(journal);
}

/** Another console on the same data folder, device, chains and service (unless told otherwise). */
function consoleOnWorld(options: Partial<SigningServiceOptions> = {}) {
  return createSigningService({
    dataDir: world.dataDir,
    journalKeys: keychainJournalKeys(world.dataDir),
    device: world.device,
    loadPortfolio: (w) => world.portfolio.load(w, null),
    chain: (id) => world.chains.get(id)!,
    service: async () => world.client,
    registry: new VaultRegistry(world.dataDir),
    firstSeen: { kind: 'pin-after-checks', by: 'the test world' },
    ...options,
  });
}

const deviceVisits = (item: BatchItem) => item.history.filter((h) => h.state === 'on-device').length;

describe('the device queue', () => {
  it('sends a rejected item back to waiting with the reason, pauses, and signs it on retry', async () => {
    world.onReview = (_screens, n) => (n === 2 ? 'reject' : 'approve');
    const batch = await withdrawBatch();
    const first = await world.signing.run(batch.id);
    expect(first.status).toBe('paused');
    let journal = await world.signing.openBatch(batch.id);
    const rejected = txItems(journal)[1]!;
    expect(rejected).toMatchObject({ state: 'waiting', error: { code: 'DEVICE_REJECTED' } });
    expect(rejected.reason).toMatch(/rejected on the Ledger/);
    expect(journal.pause?.code).toBe('DEVICE_REJECTED');
    expect(txItems(journal)[0]!.state).toBe('confirmed');
    expect(
      txItems(journal)
        .slice(2)
        .every((i) => i.state === 'waiting' && i.signed === null),
    ).toBe(true);

    const done = await world.signing.retry(batch.id, rejected.id);
    expect(done.status).toBe('done');
    journal = await world.signing.openBatch(batch.id);
    expect(txItems(journal).every((i) => i.state === 'confirmed')).toBe(true);
    expect(deviceVisits(txItems(journal)[1]!)).toBe(2);
    await expectEachNonceOnce(journal);
  });

  it('pauses on a locked device with its message and goes on once unlocked', async () => {
    world.onReview = (_screens, n) => {
      if (n === 1) setImmediate(() => world.ledger.lock());
      return 'approve';
    };
    const batch = await withdrawBatch(2);
    const first = await world.signing.run(batch.id);
    expect(first.status).toBe('paused');
    const journal = await world.signing.openBatch(batch.id);
    expect(journal.pause).toMatchObject({ code: 'DEVICE_LOCKED', message: 'The Ledger is locked.', action: expect.stringMatching(/PIN/) });
    expect(txItems(journal)[1]).toMatchObject({ state: 'waiting', error: { code: 'DEVICE_LOCKED' } });
    world.ledger.unlock();
    await runsToTheEnd(batch.id);
  });

  it('pauses when the Ledger is unplugged during a review and resumes once it is back', async () => {
    world.onReview = (_screens, n) => {
      if (n === 2) {
        setImmediate(() => world.ledger.unplug());
        return 'hold';
      }
      return 'approve';
    };
    const batch = await withdrawBatch(2);
    expect((await world.signing.run(batch.id)).status).toBe('paused');
    const journal = await world.signing.openBatch(batch.id);
    expect(journal.pause?.code).toBe('DEVICE_DISCONNECTED');
    expect(txItems(journal)[1]).toMatchObject({ state: 'waiting', signed: null });
    world.onReview = () => 'approve';
    world.ledger.replug({ locked: false, app: 'Ethereum' });
    await new Promise((r) => setTimeout(r, 100));
    await runsToTheEnd(batch.id);
  });

  it('pauses when the Ethereum app is closed, with a message that says to open it', async () => {
    world.onReview = (_screens, n) => {
      if (n === 1) setTimeout(() => world.ledger.openApp('BOLOS'), 0);
      return 'approve';
    };
    const batch = await withdrawBatch(2);
    expect((await world.signing.run(batch.id)).status).toBe('paused');
    const journal = await world.signing.openBatch(batch.id);
    expect(journal.pause?.code).toBe('DEVICE_WRONG_APP');
    expect(journal.pause?.action).toMatch(/Open the Ethereum app/);
    world.ledger.openApp('Ethereum');
    await new Promise((r) => setTimeout(r, 100));
    expect((await world.signing.run(batch.id)).status).toBe('done');
  });

  it('pauses when blind signing is off in the Ethereum app, and says how to turn it on', async () => {
    world.ledger.setBlindSigning(false);
    const batch = await withdrawBatch(1);
    expect((await world.signing.run(batch.id)).status).toBe('paused');
    const journal = await world.signing.openBatch(batch.id);
    expect(journal.pause).toMatchObject({ code: 'DEVICE_BLIND_SIGNING_OFF', action: expect.stringMatching(/turn on "Blind signing"/) });
    expect(txItems(journal)[0]).toMatchObject({ state: 'waiting', signed: null });
    world.ledger.setBlindSigning(true);
    expect((await world.signing.run(batch.id)).status).toBe('done');
  });

  it('plans a wallet listed twice once', async () => {
    const w = world.wallets[0]!;
    const plan = await world.signing.plan({
      vaultId: delta().id,
      wallets: [w, { ...w, address: w.address.toLowerCase() }],
      action: 'withdraw',
    });
    expect(plan.wallets).toHaveLength(1);
    expect(new Set(plan.items.map((i) => i.tx?.nonce)).size).toBe(plan.items.length);
  });

  it('pauses between items when the operator asks, and skipping an approval skips its action', async () => {
    const batch = await withdrawBatch(3);
    const events: SigningEvent[] = [];
    const off = world.signing.subscribe((e) => {
      events.push(e);
      if (e.type === 'item' && e.item.state === 'confirmed' && e.item.id === txItems(batch)[0]!.id) void world.signing.pause(batch.id);
    });
    const first = await world.signing.run(batch.id);
    off();
    expect(first.status).toBe('paused');
    let journal = await world.signing.openBatch(batch.id);
    expect(journal.pause?.code).toBe('SIGNING_PAUSED');
    const [, , secondApprove, secondWithdraw] = txItems(journal);
    expect(secondApprove!.state).toBe('waiting');
    // Progress events carried every state the items went through.
    expect(events.filter((e) => e.type === 'item').map((e) => (e.type === 'item' ? e.item.state : null))).toEqual(
      expect.arrayContaining(['on-device', 'signed', 'broadcast', 'confirmed']),
    );

    await world.signing.skip(batch.id, secondApprove!.id);
    expect((await world.signing.run(batch.id)).status).toBe('done');
    journal = await world.signing.openBatch(batch.id);
    expect(journal.items.find((i) => i.id === secondWithdraw!.id)).toMatchObject({
      state: 'skipped',
      reason: expect.stringMatching(/approve step before it was skipped/),
    });
    expect(
      txItems(journal)
        .slice(4)
        .every((i) => i.state === 'confirmed'),
    ).toBe(true);
    const csv = await world.signing.reportCsv(batch.id);
    expect(csv.split('\n')[0]).toBe(
      'wallet,label,vault,action,step,contract,function,amount,symbol,nonce,hash,state,signed_at,sent_at,confirmed_at,block,gas_used,reason,batch',
    );
    expect(csv).toContain('Skipped by the operator.');
  });

  it('keeps a skip the operator asks for while the batch is getting that item ready: it never reaches the device', async () => {
    // A node slow to answer the pre-device simulation of the second wallet's approval: the
    // operator presses Skip on that item (still waiting on screen) in the meantime.
    const target = world.wallets[1]!.address.toLowerCase();
    let gating = false;
    let reached: () => void = () => {};
    const atTarget = new Promise<void>((resolve) => (reached = resolve));
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow = (client: PublicClient): PublicClient =>
      new Proxy(client, {
        get(t, prop, receiver) {
          if (prop !== 'call') return Reflect.get(t, prop, receiver);
          return async (args: Parameters<PublicClient['call']>[0]) => {
            if (gating && typeof args.account === 'string' && args.account.toLowerCase() === target) {
              reached();
              await released;
            }
            return t.call(args);
          };
        },
      });
    const signing = consoleOnWorld({ chain: (id) => slow(world.chains.get(id)!), receiptPollingMs: 50 });
    const plan = await signing.plan({ vaultId: delta().id, wallets: world.wallets.slice(0, 3), action: 'withdraw' });
    const batch = await signing.createBatch(plan, { acknowledgeBlindSigning: true });
    const [skippedApprove, skippedWithdraw] = txItems(batch).filter((i) => i.wallet.toLowerCase() === target);
    const client = world.chains.get(delta().chain.chainId)!;
    const nonceBefore = await client.getTransactionCount({ address: target as Hex });
    gating = true;
    const running = signing.run(batch.id);
    await atTarget;
    expect((await signing.openBatch(batch.id)).items.find((i) => i.id === skippedApprove!.id)!.state).toBe('waiting');
    await signing.skip(batch.id, skippedApprove!.id);
    release();
    expect((await running).status).toBe('done');

    const journal = await signing.openBatch(batch.id);
    const approve = journal.items.find((i) => i.id === skippedApprove!.id)!;
    expect(approve).toMatchObject({ state: 'skipped', reason: 'Skipped by the operator.', signed: null, hash: null });
    expect(deviceVisits(approve)).toBe(0);
    expect(journal.items.find((i) => i.id === skippedWithdraw!.id)).toMatchObject({ state: 'skipped', signed: null, hash: null });
    // The other wallets went on; the skipped one sent nothing.
    expect(
      txItems(journal)
        .filter((i) => i.wallet.toLowerCase() !== target)
        .every((i) => i.state === 'confirmed'),
    ).toBe(true);
    expect(await client.getTransactionCount({ address: target as Hex })).toBe(nonceBefore);
    expect(world.reviews).toHaveLength(4);
    await expectEachNonceOnce(journal);
  });

  it('runs one batch at a time on the device', async () => {
    let release: () => void = () => {};
    const shown = new Promise<void>((resolve) => (release = resolve));
    world.onReview = () => {
      release();
      return 'hold';
    };
    const first = await withdrawBatch(1);
    const plan = await world.signing.plan({ vaultId: delta().id, wallets: world.wallets.slice(1, 2), action: 'withdraw' });
    const second = await world.signing.createBatch(plan.id, { acknowledgeBlindSigning: true });
    const running = world.signing.run(first.id);
    await shown;
    await expect(world.signing.run(second.id)).rejects.toMatchObject({ code: 'SIGNING_BUSY' });
    world.onReview = () => 'approve';
    await world.ledger.waitForConfirmation();
    world.ledger.approve();
    const finished = await running;
    expect(finished.status, JSON.stringify((await world.signing.openBatch(first.id)).pause)).toBe('done');
    expect((await world.signing.run(second.id)).status).toBe('done');
  });

  it('after a restart re-sends signed bytes without asking the device again', async () => {
    // First console: the node refuses every broadcast, so the first item stays signed and unsent.
    const client = world.chains.get(delta().chain.chainId)!;
    const refusing = new Proxy(client, {
      get(target, key, receiver) {
        if (key === 'sendRawTransaction') return () => Promise.reject(new Error('connection refused'));
        return Reflect.get(target, key, receiver) as unknown;
      },
    }) as PublicClient;
    const first = consoleOnWorld({ chain: () => refusing });
    const plan = await first.plan({ vaultId: delta().id, wallets: world.wallets.slice(0, 2), action: 'withdraw' });
    const created = await first.createBatch(plan, { acknowledgeBlindSigning: true });
    expect((await first.run(created.id)).status).toBe('paused');
    const stuck = txItems(await first.openBatch(created.id))[0]!;
    expect(stuck).toMatchObject({ state: 'signed', error: { code: 'TX_BROADCAST_FAILED' } });
    expect(world.reviews).toHaveLength(1);

    // Second console, same data folder: the batch is listed and resumes.
    const second = consoleOnWorld({ receiptPollingMs: 50 });
    expect((await second.listBatches()).find((b) => b.id === created.id)).toMatchObject({
      status: 'paused',
      counts: { signed: 1, broadcast: 0 },
    });
    expect((await second.run(created.id)).status).toBe('done');
    const journal = await second.openBatch(created.id);
    const resent = txItems(journal)[0]!;
    expect(resent.state).toBe('confirmed');
    expect(resent.hash).toBe(stuck.signed!.hash);
    expect(deviceVisits(resent)).toBe(1);
    // One review per item: the first one was not signed again.
    expect(world.reviews).toHaveLength(txItems(journal).length);
    await expectEachNonceOnce(journal);
  });

  it('after a restart submits a signed agreement without signing it again', async () => {
    const failing = {
      ...world.client,
      // As the service client fails: with an AppError that carries its code.
      signSignature: () => Promise.reject(new AppError({ code: 'SERVICE_UNAVAILABLE', message: 'The service is unavailable.' })),
    };
    const first = consoleOnWorld({ service: async () => failing });
    const plan = await first.plan({ vaultId: delta().id, wallets: world.wallets.slice(5, 6), action: 'agreements' });
    const created = await first.createBatch(plan.id);
    expect((await first.run(created.id)).status).toBe('paused');
    const stuck = (await first.openBatch(created.id)).items[0]!;
    expect(stuck).toMatchObject({ state: 'signed', error: { code: 'SERVICE_UNAVAILABLE' } });

    const second = consoleOnWorld();
    expect((await second.run(created.id)).status).toBe('done');
    const journal = await second.openBatch(created.id);
    expect(journal.items.every((i) => i.state === 'confirmed')).toBe(true);
    expect(journal.items[0]!.signature).toBe(stuck.signature);
    expect(world.reviews).toHaveLength(journal.items.length);
    expect(await world.client.checkSignature(stuck.message!.signatureId, stuck.wallet)).toMatchObject({ hash: stuck.signature });
  });

  it('re-signs a transaction stuck in the mempool with the same nonce and higher fees only when asked', async () => {
    const client = world.chains.get(delta().chain.chainId)!;
    const impatient = consoleOnWorld({ receiptPollingMs: 50, receiptTimeoutMs: 400 });
    const plan = await impatient.plan({ vaultId: delta().id, wallets: world.wallets.slice(0, 1), action: 'withdraw' });
    const created = await impatient.createBatch(plan, { acknowledgeBlindSigning: true });
    await client.request({ method: 'evm_setAutomine', params: [false] } as never);
    try {
      const first = await impatient.run(created.id);
      expect(first).toMatchObject({ status: 'paused', counts: { broadcast: 1, confirmed: 0 } });
      const [approve] = txItems(await impatient.openBatch(created.id));
      expect(approve!.state).toBe('broadcast');
      // Running again only watches it: nothing is signed twice.
      await impatient.run(created.id);
      expect(world.reviews).toHaveLength(1);

      await impatient.resign(created.id, approve!.id);
      const oldFee = BigInt(approve!.tx!.maxFeePerGas!);
      await impatient.run(created.id);
      const again = txItems(await impatient.openBatch(created.id))[0]!;
      expect(world.reviews).toHaveLength(2);
      expect(again.tx!.nonce).toBe(approve!.tx!.nonce);
      expect(BigInt(again.tx!.maxFeePerGas!) > oldFee).toBe(true);
      expect(again.hash).not.toBe(approve!.hash);
    } finally {
      await client.request({ method: 'evm_setAutomine', params: [true] } as never);
    }
    await client.request({ method: 'evm_mine' } as never);
    await runsToTheEnd(created.id);
  });
});
