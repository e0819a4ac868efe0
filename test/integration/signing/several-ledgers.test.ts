/**
 * A desk with two Ledgers: the wallets' group is bound to the device holding their seed. A batch
 * whose next wallet is on a device not connected waits for it, saying which to connect, and goes
 * on by itself once it is there; bound to the other device, nothing is signed (the address derived
 * there is not the wallet's).
 */
import { beforeEach, expect, it } from 'vitest';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import type { Batch, SigningEvent } from '../../../shared/signing/schemas';
import { signingWorldForFile, type SigningWorld } from './world';

let world: SigningWorld, view: Portfolio;
signingWorldForFile((w, v) => ([world, view] = [w, v]), { wallets: 12, desk: true });

const TREASURY = { id: 'g-treasury', name: 'Treasury' };
const txItems = (b: Batch) => b.items.filter((i) => i.step !== 'none');

beforeEach(() => {
  const desk = world.desk!;
  desk.bindings.length = 0;
  for (const w of world.wallets) desk.groups.set(w.address.toLowerCase(), [TREASURY]);
});

async function claimBatch(): Promise<Batch> {
  const d = view.vaults.find((v) => v.name.toLowerCase().includes('delta'))!;
  const claims = view.requests.filter((r) => r.vaultId === d.id && r.type === 'DEPOSIT' && r.action?.kind === 'claim');
  const one = claims.slice(0, 1);
  expect(one).toHaveLength(1);
  const plan = await world.signing.plan({ vaultId: d.id, wallets: world.wallets, action: 'claim', requestIds: one.map((r) => r.id) });
  return world.signing.createBatch(plan, { acknowledgeBlindSigning: true });
}

it('lists both Ledgers with what each is and a serial that tells them apart', () => {
  const listed = world.desk!.fleet.listDevices();
  expect(listed.map((d) => [d.path, d.serialNumber, d.serialIdentifies, d.present])).toEqual([
    ['ledger-a', 'A1B2C3', true, true],
    ['ledger-b', 'D4E5F6', true, true],
  ]);
});

it('bound to the other Ledger: refused, nothing signed on either device', async () => {
  world.desk!.bindings.push({ groupId: TREASURY.id, device: { serialNumber: 'D4E5F6' }, model: 'stax', boundAt: new Date().toISOString() });
  const batch = await claimBatch();
  await world.signing.run(batch.id);
  const after = await world.signing.openBatch(batch.id);
  const [item] = txItems(after);
  expect(item).toMatchObject({ state: 'failed', error: { code: 'DEVICE_ADDRESS_MISMATCH' } });
  expect(world.reviews).toHaveLength(0);
  expect(world.desk!.second.pendingConfirmation).toBeNull();
});

it('the wallets\' Ledger away: the batch waits, naming it, and goes on once it is plugged in', async () => {
  world.desk!.bindings.push({ groupId: TREASURY.id, device: { serialNumber: 'A1B2C3' }, model: 'nanoX', boundAt: new Date().toISOString() });
  const batch = await claimBatch();
  world.ledger.unplug();
  const events: SigningEvent[] = [];
  const off = world.signing.subscribe((e) => events.push(e));
  const running = world.signing.run(batch.id);
  try {
    await expect
      .poll(() => events.find((e) => e.type === 'batch' && e.pause?.code === 'DEVICE_WAITING_FOR_LEDGER'), { timeout: 15_000 })
      .toMatchObject({ status: 'running', pause: { message: 'Connect the Ledger for Treasury (Nano X, serial A1B2C3).' } });
    // Nothing went to the Ledger that is there.
    expect(world.desk!.second.pendingConfirmation).toBeNull();
    expect(txItems(await world.signing.openBatch(batch.id)).map((i) => i.state)).toEqual(['waiting']);
    world.ledger.replug({ locked: false, app: 'Ethereum' });
    await running;
  } finally {
    off();
  }
  const after = await world.signing.openBatch(batch.id);
  expect(txItems(after).map((i) => i.state)).toEqual(['confirmed']);
  expect(after.status).toBe('done');
  expect(world.reviews).toHaveLength(1);
});
