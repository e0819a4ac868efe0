import { describe, expect, it } from 'vitest';
import { type Hex } from 'viem';
import { erc20Abi } from '../../../shared/abi';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import type { Batch, Plan, Selection } from '../../../shared/signing/schemas';
import { fromSnapshotEachTest, signingWorldForFile, startNextEpoch, type SigningWorld } from './world';

// Plans that cannot go stale: between the review and the device the chain moves (the vault starts
// its next epoch and pauses itself, a balance falls). Each item is checked again just before the
// device: what no longer matches its plan is held with the reason, the emulated Ledger never sees
// it, an approval never goes without the deposit it is for, and a re-plan carries the batch on.
let world: SigningWorld, view: Portfolio;
signingWorldForFile((w, v) => ([world, view] = [w, v]));

fromSnapshotEachTest(() => world);

const vault = (name: string) => view.vaults.find((v) => v.id === world.vaultId(view, name))!;
const chainOf = (v: Portfolio['vaults'][number]) => world.sim.network.chains.find((c) => c.chain.chainId === v.chain.chainId)!;
const signedItems = (b: Batch) => b.items.filter((i) => i.step !== 'none');

/** The manager starts the vault's next epoch (the vault pauses itself for it), as the cycle driver would. */
const startEpoch = (v: Portfolio['vaults'][number]) => startNextEpoch(world, v);

async function agreements(v: Portfolio['vaults'][number], wallets: Selection['wallets']): Promise<void> {
  const plan = await world.signing.plan({ vaultId: v.id, action: 'agreements', wallets });
  const batch = await world.signing.createBatch(plan, { acknowledgeBlindSigning: true });
  await world.signing.run(batch.id);
}

async function journal(plan: Plan): Promise<Batch> {
  return world.signing.createBatch(plan.id, { acknowledgeBlindSigning: true });
}

describe('a plan gone stale between review and device', () => {
  it('holds every item when the vault starts its next epoch after the plan; nothing reaches the device; a re-plan signs through the queue', async () => {
    const beta = vault('beta');
    const wallets = world.wallets.slice(1, 3);
    await agreements(beta, wallets);
    const plan = await world.signing.plan({ vaultId: beta.id, action: 'deposit', amount: '50', wallets });
    expect(signedItems({ items: plan.items } as Batch).map((i) => i.step)).toEqual(['approve', 'depositAA', 'approve', 'depositAA']);
    // What the planner saw is recorded with each item.
    expect(plan.items[0]!.basis).toMatchObject({ vault: { state: 'WAITING', paused: false }, requestEpoch: null });
    const epoch = plan.items[0]!.basis!.vault.epochNumber;
    const batch = await journal(plan);
    world.reviews.length = 0;

    await startEpoch(beta);
    const summary = await world.signing.run(batch.id);
    expect(summary.status).toBe('paused');
    const held = await world.signing.openBatch(batch.id);
    expect(held.pause).toMatchObject({ code: 'SIGNING_ITEMS_HELD', message: expect.stringContaining('4 items are held') });
    for (const item of signedItems(held)) {
      expect(item.state).toBe('held');
      expect(item.signed).toBeNull();
      expect(item.reason).toBe(
        `The vault moved from between epochs (epoch ${epoch} done) to epoch ${epoch + 1} running since this plan: re-plan.`,
      );
    }
    // The emulated Ledger never saw any of them, and nothing was sent.
    expect(world.reviews).toHaveLength(0);
    // Retry cannot help a held item: the way on is a re-plan.
    await expect(world.signing.retry(batch.id, signedItems(held)[1]!.id)).rejects.toMatchObject({ code: 'SIGNING_NOT_RETRYABLE' });

    const fresh = await world.signing.replan(batch.id);
    expect(fresh.vault.state).toBe('RUNNING');
    expect(fresh.selection).toMatchObject({ action: 'deposit', amount: '50' });
    expect(fresh.wallets.map((w) => w.address)).toEqual(wallets.map((w) => w.address));
    expect(signedItems({ items: fresh.items } as Batch).map((i) => i.step)).toEqual([
      'approve',
      'requestDeposit',
      'approve',
      'requestDeposit',
    ]);
    const next = await journal(fresh);
    // The old batch's items are closed: they can never be signed there.
    const closed = await world.signing.openBatch(batch.id);
    expect(closed.status).toBe('done');
    expect(signedItems(closed).every((i) => i.state === 'skipped' && i.reason === `Re-planned: carried on by batch ${next.id}.`)).toBe(
      true,
    );
    await world.signing.run(next.id);
    const done = await world.signing.openBatch(next.id);
    expect(signedItems(done).map((i) => i.state)).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed']);
    expect(world.reviews).toHaveLength(4);
  });

  it('holds the approval with its deposit when the balance fell below the amount; the device never sees the approval', async () => {
    const beta = vault('beta');
    const wallets = world.wallets.slice(1, 2);
    await agreements(beta, wallets);
    const plan = await world.signing.plan({ vaultId: beta.id, action: 'deposit', amount: '50', wallets });
    const batch = await journal(plan);
    world.reviews.length = 0;
    // The wallet spends most of its underlying elsewhere: 40 left.
    const client = world.chains.get(beta.chain.chainId)!;
    const address = wallets[0]!.address as Hex;
    const balance = await client.readContract({
      address: beta.underlying.address as Hex,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });
    const keep = 40n * 10n ** BigInt(beta.underlying.decimals);
    await chainOf(beta).chain.client.write({
      from: address,
      to: beta.underlying.address as Hex,
      abi: erc20Abi,
      functionName: 'transfer',
      args: ['0x000000000000000000000000000000000000dEaD', balance - keep],
    });

    await world.signing.run(batch.id);
    const held = await world.signing.openBatch(batch.id);
    const [approve, deposit] = signedItems(held);
    const symbol = beta.underlying.symbol;
    expect(deposit).toMatchObject({ state: 'held', reason: `Balance is 40 ${symbol}, the plan deposits 50 ${symbol}: re-plan.` });
    expect(approve).toMatchObject({
      state: 'held',
      reason: `Not sent: the depositAA it approves for could not be made. Balance is 40 ${symbol}, the plan deposits 50 ${symbol}: re-plan.`,
    });
    expect(world.reviews).toHaveLength(0);
    const allowance = await client.readContract({
      address: beta.underlying.address as Hex,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [address, beta.epochVault as Hex],
    });
    expect(allowance).toBe(0n);
  });

  it('says the allowance left when the vault moves on after the approval was mined', async () => {
    const beta = vault('beta');
    const wallets = world.wallets.slice(2, 3);
    await agreements(beta, wallets);
    const plan = await world.signing.plan({ vaultId: beta.id, action: 'deposit', amount: '50', wallets });
    const batch = await journal(plan);
    world.reviews.length = 0;
    // The epoch starts while the approval is on the device: it is signed and mined, its deposit is not.
    world.onReview = async (_screens, n) => {
      if (n === 1) await startEpoch(beta);
      return 'approve' as const;
    };
    await world.signing.run(batch.id);
    const after = await world.signing.openBatch(batch.id);
    const [approve, deposit] = signedItems(after);
    expect(approve!.state).toBe('confirmed');
    expect(deposit!.state).toBe('held');
    expect(deposit!.reason).toMatch(
      /^The vault moved from between epochs \(epoch \d+ done\) to epoch \d+ running since this plan: re-plan\./,
    );
    expect(deposit!.reason).toContain(
      `The approval before it was mined: an allowance of 50 ${beta.underlying.symbol} to the epoch vault is left.`,
    );
    expect(world.reviews).toHaveLength(1);
    expect(signedItems(after).some((i) => i.state === 'failed')).toBe(false);
    // The re-plan goes through the queue now: it says the allowance left to the epoch vault is not used, and where to revoke it.
    const fresh = await world.signing.replan(batch.id);
    expect(signedItems({ items: fresh.items } as Batch).map((i) => i.step)).toEqual(['approve', 'requestDeposit']);
    expect(fresh.wallets[0]!.reason).toBe(
      `An allowance of 50 ${beta.underlying.symbol} to the epoch vault is left, and this plan does not use it (the step goes to the deposit queue): revoke it on the Allowances screen.`,
    );
  });

  it('approves the whole deposit over an allowance that falls short, and the deposit confirms', async () => {
    const beta = vault('beta');
    const wallets = world.wallets.slice(3, 4);
    await agreements(beta, wallets);
    const address = wallets[0]!.address as Hex;
    const unit = 10n ** BigInt(beta.underlying.decimals);
    // An allowance of 20 left from earlier: ERC-20 approve replaces it, so approving the 30 it lacks would leave the deposit short.
    await chainOf(beta).chain.client.write({
      from: address,
      to: beta.underlying.address as Hex,
      abi: erc20Abi,
      functionName: 'approve',
      args: [beta.epochVault as Hex, 20n * unit],
    });
    const plan = await world.signing.plan({ vaultId: beta.id, action: 'deposit', amount: '50', wallets });
    const [approve] = signedItems({ items: plan.items } as Batch);
    expect(approve!.review).toMatchObject({ amount: { baseUnits: String(50n * unit) } });
    const batch = await journal(plan);
    await world.signing.run(batch.id);
    const done = await world.signing.openBatch(batch.id);
    expect(signedItems(done).map((i) => [i.step, i.state])).toEqual([
      ['approve', 'confirmed'],
      ['depositAA', 'confirmed'],
    ]);
  });
});
