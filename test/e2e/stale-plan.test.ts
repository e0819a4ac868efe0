import { describe, expect, it } from 'vitest';
import type { PortfolioVault } from '../../shared/portfolio/schemas';
import { screenshot } from './support/browser';
import { demoSigningWorldForFile } from './support/signing-world';
import { expectEachNonceOnce, signingUi } from './support/signing';

// A plan gone stale between review and signing: the operator reviews redeems between epochs, the
// manager starts the next epoch before they press Sign. Every item is held with the vault's move,
// the emulated Ledger never shows any of them, Retry is not offered, and one click re-plans them:
// a new review (the queue now), signed and confirmed, with nothing reverted on chain.
const world = demoSigningWorldForFile();
const s = signingUi(() => world.ui);

/** The vault of the seeded story that waits between epochs, and the manager's hand on its cycle. */
function waitingVault() {
  const seeded = world.sim.local.seeded.vaults.find((v) => v.expectedState === 'WAITING' && !v.story.aprDrop)!;
  const network = world.sim.local.network.chains.find((c) => c.chain.chainId === seeded.chainId)!;
  const deployed = network.deployment.vaults.find((v) => v.key === seeded.key)!;
  const vault = world.before.vaults.find((v) => v.epochVault.toLowerCase() === deployed.epochVault.toLowerCase())!;
  const cycle = world.sim.local.drivers.find((d) => d.chainId === seeded.chainId)!.vault(seeded.key);
  return { vault, cycle };
}

function holders(vault: PortfolioVault, n: number): string[] {
  return world.before.positions
    .filter((p) => p.vaultId === vault.id && p.allowed && BigInt(p.trancheBalance ?? '0') > 0n)
    .slice(0, n)
    .map((p) => p.wallet);
}

describe('a plan gone stale between review and signing', () => {
  it('holds the items with the vault’s move, sends nothing to the Ledger, and re-plans them in one click', async () => {
    const { vault, cycle } = waitingVault();
    expect(vault.cycle?.state).toBe('WAITING');
    const wallets = holders(vault, 2);
    expect(wallets).toHaveLength(2);
    await s.useGroup('Stale redeemers', wallets);
    await s.reviewOperation({ vault, action: 'withdraw', route: /redeem/, heading: 'redeems' });
    expect(await world.page.getByTestId('plan').locator('.plan-items > li').count()).toBe(2);
    const epoch = (await cycle.read()).epochNumber;

    // The manager starts the next epoch while the operator reads the review.
    await cycle.startEpoch();
    const oldBatchId = await s.startSigning();
    await expect.poll(() => s.itemStates(), { timeout: 60_000 }).toEqual(['held', 'held']);
    const batch = world.page.getByTestId('batch');
    await world.page
      .locator('[data-testid="batch"][data-status="paused"] [data-testid="held-items"]', { hasText: '2 items of 2 wallets held' })
      .waitFor({ timeout: 60_000 });
    // The list of batches counts them too, so a paused batch with held items is told apart later.
    await world.page
      .locator(`.batch-list li[data-batch-id="${oldBatchId}"]`, { hasText: '0/2 confirmed, 2 held (re-plan)' })
      .waitFor({ timeout: 60_000 });
    // Running it again would do nothing: no Resume, and no Retry.
    expect(await batch.getByRole('button', { name: 'Resume', exact: true }).count()).toBe(0);
    const moved = `The vault moved from between epochs (epoch ${epoch} done) to epoch ${Number(epoch) + 1} running since this plan: re-plan.`;
    expect(await batch.locator('.batch-items > li').first().textContent()).toContain(moved);
    // Nothing reached the device: no review on the panel, no item was ever on it.
    expect(await s.panel().getByRole('button', { name: 'Approve' }).count()).toBe(0);
    const journal = await s.shownBatch();
    expect(journal.items.every((i) => i.signed === null && !i.history.some((h) => h.state === 'on-device'))).toBe(true);
    // Retry would meet the same chain: a held item offers the re-plan instead.
    expect(await batch.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    const replan = world.page.getByRole('button', { name: 'Re-plan the 2 held items' });
    await replan.waitFor();
    await screenshot(world.page, 'stale-plan-held');

    await replan.click();
    // A fresh review for the same wallets and action: the epoch runs, so through the queue.
    await expect.poll(() => world.page.getByTestId('plan').textContent(), { timeout: 60_000 }).toContain(`withdrawals in ${vault.name}`);
    expect(await world.page.getByTestId('plan').locator('.plan-items > li').count()).toBe(4);
    expect(await world.page.getByTestId('plan').textContent()).toContain('requestWithdraw');
    await screenshot(world.page, 'stale-plan-replanned');
    const newBatchId = await s.startSigning();
    expect(newBatchId).not.toBe(oldBatchId);
    await s.approveUntilDone();
    expect(await s.itemStates()).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed']);
    expectEachNonceOnce(await s.shownBatch());
    await screenshot(world.page, 'stale-plan-signed');

    // The held batch is closed, its items carried on by the new one; nothing failed on chain.
    const old = await world.ui.c.runtime.handlers.signing.openBatch({ batchId: oldBatchId }, s.ctx);
    expect(old.status).toBe('done');
    expect(old.items.every((i) => i.state === 'skipped' && i.reason === `Re-planned: carried on by batch ${newBatchId}.`)).toBe(true);
    expect((await s.shownBatch()).items.some((i) => i.state === 'failed' || i.receipt?.status === 'reverted')).toBe(false);
  }, 300_000);
});
