import { expect, it } from 'vitest';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import type { Batch, SigningEvent } from '../../../shared/signing/schemas';
import { signingWorldForFile, type SigningWorld } from './world';

// The Ledger unplugged mid-signature while an earlier transaction of the batch is sent but not
// mined: the item it held must not stay "on-device" while that receipt is awaited. A world of its
// own: the node stops mining for a while, which no other test should inherit.
let world: SigningWorld, view: Portfolio;
signingWorldForFile((w, v) => ([world, view] = [w, v]));

const delta = () => view.vaults.find((v) => v.name.toLowerCase().includes('delta'))!;
const txItems = (b: Batch) => b.items.filter((i) => i.step !== 'none');

it('gives the item back at once when the Ledger is unplugged while an earlier receipt is still awaited', async () => {
  const d = delta();
  const claims = view.requests.filter((r) => r.vaultId === d.id && r.type === 'DEPOSIT' && r.action?.kind === 'claim');
  const two = claims.filter((r, i) => claims.findIndex((o) => o.wallet === r.wallet) === i).slice(0, 2);
  expect(two).toHaveLength(2);
  const plan = await world.signing.plan({ vaultId: d.id, wallets: world.wallets, action: 'claim', requestIds: two.map((r) => r.id) });
  const batch = await world.signing.createBatch(plan, { acknowledgeBlindSigning: true });
  const [first, second] = txItems(batch);
  const node = world.sim.network.chains.find((c) => c.chain.chainId === d.chain.chainId)!.chain.client.publicClient;
  // The first claim is sent but not mined: its receipt is still awaited when the device goes.
  await node.request({ method: 'evm_setAutomine', params: [false] } as never);
  const events: SigningEvent[] = [];
  const off = world.signing.subscribe((e) => events.push(e));
  world.onReview = (_screens, n) => {
    if (n === 2) {
      setImmediate(() => world.ledger.unplug());
      return 'hold';
    }
    return 'approve';
  };
  const running = world.signing.run(batch.id);
  try {
    const latest = (id: string) =>
      events.filter((e): e is Extract<SigningEvent, { type: 'item' }> => e.type === 'item' && e.item.id === id).at(-1)?.item;
    await expect.poll(() => latest(second!.id)?.state, { timeout: 8_000 }).toBe('waiting');
    expect(latest(second!.id)).toMatchObject({
      signed: null,
      reason: 'The Ledger was disconnected before signing: nothing was signed. Reconnect it and continue (Resume).',
    });
    expect(latest(first!.id)?.state).toBe('broadcast');
    expect(events.some((e) => e.type === 'batch' && e.status === 'paused' && e.pause?.code === 'DEVICE_DISCONNECTED')).toBe(true);
  } finally {
    await node.request({ method: 'evm_setAutomine', params: [true] } as never);
    await node.request({ method: 'evm_mine' } as never);
    await running;
    off();
  }
  const journal = await world.signing.openBatch(batch.id);
  expect(txItems(journal).map((i) => i.state)).toEqual(['confirmed', 'waiting']);
});
