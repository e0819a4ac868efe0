import { describe, expect, it } from 'vitest';
import { requestsMade } from '../../../electron/services/service-client';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { fromSnapshotEachTest, signAgreements, signingWorldForFile, startNextEpoch, type RpcTally, type SigningWorld } from './world';

// What a plan costs the chains and the service: the portfolio the console shows is already read
// (the operator plans from it), the plan reads the vault's facts and relations once, at one block,
// and the check before the device reads them again through the same reader at a newer block.
let world: SigningWorld;
let view: Portfolio;

signingWorldForFile((w, v) => {
  world = w;
  view = v;
});

fromSnapshotEachTest(() => world);

/** What the chains and the service were asked while `work` ran. */
async function cost(work: () => Promise<unknown>): Promise<{ http: number; calls: number; methods: RpcTally['methods']; service: number }> {
  const before = { ...world.rpc, methods: { ...world.rpc.methods } };
  const serviceBefore = requestsMade(world.client);
  await work();
  const methods = Object.fromEntries(
    Object.entries(world.rpc.methods)
      .map(([m, n]) => [m, n - (before.methods[m] ?? 0)] as const)
      .filter(([, n]) => n > 0),
  );
  return { http: world.rpc.http - before.http, calls: world.rpc.calls - before.calls, methods, service: requestsMade(world.client) - serviceBefore };
}

describe('what a plan reads', () => {
  it('takes the portfolio view the console holds and reads the chain of the vault once, at one block: 14 HTTP requests where it took 25', async () => {
    const beta = view.vaults.find((v) => v.id === world.vaultId(view, 'beta'))!;
    const wallets = world.wallets.slice(1, 3);
    await signAgreements(world, beta.id, wallets);
    // The screens' refresh, as the operator plans from it.
    await world.load();
    const spent = await cost(() => world.signing.plan({ vaultId: beta.id, action: 'deposit', amount: '50', wallets }));
    // Before, a plan re-ran the whole portfolio refresh (both chains, the service's blocks) and then read the
    // vault's relations and facts at two blocks of their own: 25 HTTP requests, 64 JSON-RPC calls, 6 to the service.
    // Now: the head pinned once (3 asks, the chain id with them), the relations and the facts at that block, the
    // drafts' nonces, fees and gas; the service only for the agreements.
    expect(spent.http).toBeLessThanOrEqual(14);
    expect(spent.calls).toBeLessThanOrEqual(48);
    expect(spent.service).toBeLessThanOrEqual(5);
    expect(spent.methods.eth_blockNumber ?? 0).toBe(0);
    const plan = (await world.signing.plan({ vaultId: beta.id, action: 'deposit', amount: '50', wallets })).items.find((i) => i.step === 'depositAA')!;
    // The registry's relations and the vault's facts are of one block.
    const review = plan.review?.kind === 'transaction' ? plan.review : null;
    expect(review?.pinned?.checkedAtBlock).toBe(plan.basis!.block);
  });

  it('the check before the device reads the chain again, at a newer block: a vault that moved since the plan holds its items', async () => {
    const beta = view.vaults.find((v) => v.id === world.vaultId(view, 'beta'))!;
    const wallets = world.wallets.slice(1, 2);
    await signAgreements(world, beta.id, wallets);
    const plan = await world.signing.plan({ vaultId: beta.id, action: 'deposit', amount: '50', wallets });
    const batch = await world.signing.createBatch(plan.id, { acknowledgeBlindSigning: true });
    world.reviews.length = 0;
    await startNextEpoch(world, beta);
    const spent = await cost(() => world.signing.run(batch.id));
    // The head pinned again (3 asks) and the vault's and wallet's facts read at it.
    expect(spent.methods.eth_getBlockByNumber).toBeGreaterThanOrEqual(3);
    expect(spent.methods.eth_call).toBeGreaterThanOrEqual(2);
    const held = await world.signing.openBatch(batch.id);
    expect(held.items.filter((i) => i.step !== 'none').map((i) => i.state)).toEqual(['held', 'held']);
    expect(held.items[0]!.reason).toBe(
      `The vault moved from between epochs (epoch ${plan.items[0]!.basis!.vault.epochNumber} done) to epoch ${plan.items[0]!.basis!.vault.epochNumber + 1} running since this plan: re-plan.`,
    );
    // Nothing reached the device.
    expect(world.reviews).toHaveLength(0);
  });
});
