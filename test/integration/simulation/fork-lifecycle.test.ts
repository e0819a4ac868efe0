/**
 * The forks of a plan as the signing pipeline keeps it, on the seeded simulation wired as the
 * console wires it: they start in the background when the plan is kept (before the review asks),
 * stop when the batch starts or a newer plan replaces it, and the check before the device reuses
 * the review's simulation while the chain has not moved, or runs the items again on a new fork.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import type { Batch } from '../../../shared/signing/schemas';
import { runningForkPids, type SimulationService } from '../../../electron/services/simulation';
import { fromSnapshotEachTest, signAgreements, startNextEpoch, startSigningWorld, type SigningWorld } from '../signing/world';
import { alive, until } from './processes';

let world: SigningWorld;
let view: Portfolio;
let simulations: SimulationService;
const logged: { message: string; fields: Record<string, unknown> }[] = [];
const keep = (message: string, fields: Record<string, unknown> = {}) => void logged.push({ message, fields });

beforeAll(async () => {
  world = await startSigningWorld({ wallets: 12, simulations: true, log: { info: keep, warn: keep, error: keep } });
  simulations = world.simulations!;
  view = await world.load();
}, 120_000);

afterAll(async () => {
  await world?.stop();
});

fromSnapshotEachTest(() => world);
// Each test starts with no fork up.
afterEach(async () => {
  await simulations.close();
});

const vault = (name: string) => view.vaults.find((v) => v.id === world.vaultId(view, name))!;
const signedItems = (b: Pick<Batch, 'items'>) => b.items.filter((i) => i.step !== 'none');
const claimable = () => view.vaults.filter((v) => view.requests.some((r) => r.vaultId === v.id && r.action?.kind === 'claim'));

describe('the forks of a kept plan', () => {
  it('start in the background when the plan is kept, before the review asks, and stop when its batch starts', async () => {
    const target = claimable()[0]!;
    const plan = await world.signing.plan({ vaultId: target.id, wallets: world.wallets, action: 'claim' });
    // Nobody asked for the simulation yet: the fork is starting, then up.
    expect(simulations.forkStarted(plan.id, target.chain.chainId)).toBe(true);
    await until(() => runningForkPids().length === 1, 'the fork to start in the background');
    const [pid] = runningForkPids();
    const reviewed = await simulations.simulate(plan.id);
    // The review ran on that very fork.
    expect(runningForkPids()).toEqual([pid]);
    expect(reviewed.chains[0]).toMatchObject({ method: 'fork' });

    await world.signing.createBatch(plan.id, { acknowledgeBlindSigning: true });
    await until(() => runningForkPids().length === 0 && !alive(pid!), 'the fork to stop when the batch starts');
  });

  it('of a plan replaced by a newer one stop; a plan across vaults starts its forks and simulation.run finds it', async () => {
    const [first, second] = claimable();
    const one = await world.signing.plan({ vaultId: first!.id, wallets: world.wallets, action: 'claim' });
    await until(() => runningForkPids().length === 1, 'the first plan’s fork');
    const [oldPid] = runningForkPids();

    const requests = (v: Portfolio['vaults'][number]) =>
      view.requests.filter((r) => r.vaultId === v.id && r.action?.kind === 'claim').map((r) => r.id);
    const across = await world.signing.planAcrossVaults([
      { vaultId: first!.id, action: 'claim', wallets: world.wallets, requestIds: requests(first!) },
      { vaultId: second!.id, action: 'claim', wallets: world.wallets, requestIds: requests(second!) },
    ]);
    expect(across.vaults!.map((v) => v.id)).toEqual([first!.id, second!.id]);
    const chainIds = [...new Set(across.items.filter((i) => i.tx).map((i) => i.chainId))];
    // The newer plan replaces the first under review: the first one's fork stops.
    await until(() => !alive(oldPid!), 'the replaced plan’s fork to stop');
    for (const chainId of chainIds) expect(simulations.forkStarted(across.id, chainId)).toBe(true);
    expect(simulations.forkStarted(one.id, first!.chain.chainId)).toBe(false);
    await until(() => runningForkPids().length === chainIds.length, 'the forks of every chain of the plan across vaults');

    const result = await simulations.simulate(across.id);
    expect(result.items).toHaveLength(across.items.filter((i) => i.tx && i.state === 'waiting').length);
    expect(result.items.every((i) => i.ok)).toBe(true);
    expect(new Set(result.items.map((i) => i.itemId))).toEqual(
      new Set(across.items.filter((i) => i.tx && i.state === 'waiting').map((i) => i.id)),
    );
  });
});

describe('the check before the device', () => {
  it('reuses the review’s simulation when the chain has not moved since: the item that reverts there is held and nothing is signed', async () => {
    const beta = vault('beta');
    const wallets = world.wallets.slice(1, 2);
    await signAgreements(world, beta.id, wallets);
    const plan = await world.signing.plan({ vaultId: beta.id, action: 'deposit', amount: '10', wallets });
    await startNextEpoch(world, beta);
    // The operator simulates the review again after the pause: a new fork at the chain's latest block shows the revert.
    const review = await simulations.simulate(plan.id, { fresh: true });
    const block = review.chains[0]!.block!;
    expect(review.items.find((i) => i.call === 'epochVault.depositAA')).toMatchObject({
      ok: false,
      revert: { reason: 'Pausable: paused' },
    });
    const batch = await world.signing.createBatch(plan.id, { acknowledgeBlindSigning: true });
    world.reviews.length = 0;
    logged.length = 0;

    await world.signing.run(batch.id);
    const held = await world.signing.openBatch(batch.id);
    const deposit = held.items.find((i) => i.step === 'depositAA')!;
    expect(deposit.state).toBe('held');
    expect(deposit.reason).toContain(
      `Reverts on a fork at block ${block}, as simulated for the review (the chain has not moved since): Pausable: paused.`,
    );
    for (const item of signedItems(held)) expect(item.signed).toBeNull();
    expect(world.reviews).toHaveLength(0);
    // The review's result was reused, and the log says so.
    const check = logged.find((l) => l.message === 'signing: fork check before the device')!;
    expect(check.fields).toMatchObject({ batchId: batch.id, basis: expect.stringContaining("the review's simulation, reused") });
  });

  it('runs the remaining items again on a new fork when the chain has moved since the review: the item is held with the new block, nothing signed', async () => {
    const beta = vault('beta');
    const wallets = world.wallets.slice(1, 2);
    await signAgreements(world, beta.id, wallets);
    const plan = await world.signing.plan({ vaultId: beta.id, action: 'deposit', amount: '10', wallets });
    const review = await simulations.simulate(plan.id);
    expect(review.items.every((i) => i.ok)).toBe(true);
    const reviewBlock = review.chains[0]!.block!;
    const batch = await world.signing.createBatch(plan.id, { acknowledgeBlindSigning: true });
    world.reviews.length = 0;
    logged.length = 0;

    // The vault pauses between the review and the device.
    await startNextEpoch(world, beta);
    await world.signing.run(batch.id);
    const held = await world.signing.openBatch(batch.id);
    const deposit = held.items.find((i) => i.step === 'depositAA')!;
    const approve = held.items.find((i) => i.step === 'approve')!;
    expect(deposit.state).toBe('held');
    expect(deposit.reason).toMatch(
      new RegExp(
        `Reverts on a new fork at block (\\d+) \\(the chain moved since the review at block ${reviewBlock}\\): Pausable: paused\\.`,
      ),
    );
    const newBlock = Number(/new fork at block (\d+)/.exec(deposit.reason!)![1]);
    expect(newBlock).toBeGreaterThan(Number(reviewBlock));
    expect(approve.state).toBe('held');
    for (const item of signedItems(held)) expect(item.signed).toBeNull();
    expect(world.reviews).toHaveLength(0);
    const check = logged.find((l) => l.message === 'signing: fork check before the device')!;
    expect(check.fields).toMatchObject({
      basis: expect.stringContaining('the chain moved since the review'),
      reviewBlocks: [`${beta.chain.chainId}@${reviewBlock}`],
    });
    // The check's own fork is stopped once it has run.
    await until(() => runningForkPids().length === 0, 'the check’s fork to stop');
  });
});
