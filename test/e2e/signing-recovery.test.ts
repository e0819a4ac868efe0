import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startEmbeddedSimulation } from '../../electron/runtime/embedded-simulation';
import type { EmbeddedSimulation } from '../../electron/runtime/service-connection';
import type { Portfolio, PortfolioVault } from '../../shared/portfolio/schemas';
import { screenshot } from './support/browser';
import { openConsolePage, openDemoPage, outliving, type ConsolePage } from './support/console-page';
import { leftBehind } from './support/data-folder';
import { asHex, chainOf, expectEachNonceOnce, signingUi } from './support/signing';

// The operations of the signing screen that the claims and deposits tests leave out (queue
// withdrawals, redeems, cancels), each with what happens to a Ledger in real life in the middle of
// a batch: it locks, it is unplugged, the console is killed. Nothing may be lost and nothing signed
// or sent twice.
let sim: EmbeddedSimulation;
let ui: ConsolePage;
let page: Page;
let before: Portfolio;
const s = signingUi(() => ui);
const ctx = s.ctx;

beforeAll(async () => {
  sim = await startEmbeddedSimulation({ drive: false });
  ui = await openDemoPage({ startSimulation: outliving(sim) });
  page = ui.page;
  before = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
}, 180_000);

afterAll(async () => {
  await ui?.close();
  await sim?.close();
});

/** Wallets that hold tranche tokens of a vault and may act in it. */
function holders(vault: PortfolioVault, n: number): string[] {
  return before.positions
    .filter((p) => p.vaultId === vault.id && p.allowed && BigInt(p.trancheBalance ?? '0') > 0n)
    .slice(0, n)
    .map((p) => p.wallet);
}

describe('queue withdrawals while an epoch runs, with the Ledger locked mid-batch', () => {
  let vault: PortfolioVault;
  let wallets: string[];

  it('pauses with the device’s message when it is locked, and goes on once the PIN is entered', async () => {
    vault = before.vaults.find((v) => v.cycle?.state === 'RUNNING' && v.queue && holders(v, 2).length === 2)!;
    expect(vault).toBeDefined();
    wallets = holders(vault, 2);
    await s.useGroup('Queue withdrawers', wallets);
    await s.reviewOperation({ vault, action: 'withdraw', route: /queue/, heading: 'withdrawals' });
    // Per wallet: the tranche approved to the queue, then the request.
    expect(await page.getByTestId('plan').locator('.plan-items > li').count()).toBe(4);
    await s.startSigning();

    // The operator pauses after the first signature and steps away; the Ledger locks itself.
    await s.reviewOf(0);
    await s.panel().getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await s.untilPaused();
    const signedBeforeLock = (await s.itemStates()).filter((state) => state === 'confirmed').length;
    expect(signedBeforeLock).toBeLessThan(4);
    await s.panel().getByRole('button', { name: 'Lock' }).click();
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    // The item on the device says so first; the batch pauses once the journal has it.
    await s.pausedWith('Enter your PIN on the device');
    expect(await s.batchStatus()).toBe('paused');
    expect(await page.getByTestId('batch').textContent()).toContain('The Ledger is locked.');
    expect(await page.getByTestId('batch').textContent()).toContain('Enter your PIN on the device');
    await screenshot(page, 'signing-locked');

    await s.panel().getByRole('button', { name: 'Enter PIN' }).click();
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await s.approveUntilDone();
    expect(await s.itemStates()).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed']);
    expectEachNonceOnce(await s.shownBatch());
  }, 240_000);

  it('left the tranche tokens in the queue: nothing more to withdraw, a pending request each', async () => {
    const after = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
    for (const w of wallets) expect(after.positions.find((p) => p.vaultId === vault.id && p.wallet === w)?.trancheBalance).toBe('0');
    // The requests list comes from the service, once it has indexed the new blocks.
    const pendingWithdrawals = async () => {
      const now = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
      return wallets.filter((w) => now.requests.some((r) => r.vaultId === vault.id && r.wallet === w && r.type === 'WITHDRAW' && r.action?.kind === 'cancel')).length;
    };
    await expect.poll(pendingWithdrawals, { timeout: 90_000, interval: 1000 }).toBe(wallets.length);
  }, 120_000);

  it('cancels those pending withdrawals from the Requests screen, and the tranche tokens come back', async () => {
    const after = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
    const cancellable = after.requests.filter((r) => r.vaultId === vault.id && wallets.includes(r.wallet) && r.type === 'WITHDRAW' && r.action?.kind === 'cancel');
    expect(cancellable.length).toBeGreaterThanOrEqual(2);
    // Only the cancellable ones, so the selection is one vault and one kind.
    await s.reviewRequests({ vault, type: 'WITHDRAW', status: cancellable[0]!.status, rows: cancellable.length, kind: 'cancel' });
    expect(await page.getByTestId('plan').textContent()).toContain('deleteWithdrawRequest');
    await screenshot(page, 'signing-cancel-plan');
    await s.startSigning();
    await s.approveUntilDone();
    expect((await s.itemStates()).every((state) => state === 'confirmed')).toBe(true);
    expectEachNonceOnce(await s.shownBatch());

    const refunded = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
    for (const w of wallets) {
      expect(BigInt(refunded.positions.find((p) => p.vaultId === vault.id && p.wallet === w)!.trancheBalance ?? '0')).toBeGreaterThan(0n);
    }
  }, 240_000);
});

describe('redeems between epochs, with the Ledger unplugged mid-batch', () => {
  it('pauses when it is unplugged, and goes on once it is plugged back in', async () => {
    const vault = before.vaults.find((v) => v.cycle?.state === 'WAITING' && !v.cycle.paused && holders(v, 2).length === 2)!;
    expect(vault).toBeDefined();
    const wallets = holders(vault, 2);
    await s.useGroup('Redeemers', wallets);
    await s.reviewOperation({ vault, action: 'withdraw', route: /redeem/, heading: 'redeems' });
    // A redeem needs no approval: one item per wallet, on the epoch vault.
    expect(await page.getByTestId('plan').locator('.plan-items > li').count()).toBe(2);
    expect(await page.getByTestId('plan').textContent()).toContain('redeem');
    await s.startSigning();

    await s.reviewOf(0);
    await s.panel().getByRole('button', { name: 'Approve' }).click();
    await s.reviewOf(1);
    await s.panel().getByRole('button', { name: 'Unplug' }).click();
    await s.pausedWith('The Ledger was disconnected during the operation; nothing was signed.');
    expect(await s.batchStatus()).toBe('paused');
    expect(await page.getByTestId('batch').textContent()).toContain('The Ledger was disconnected during the operation; nothing was signed.');
    expect(await s.itemStates()).toEqual(['confirmed', 'waiting']);
    await screenshot(page, 'signing-unplugged');

    // The demo's Ledger comes back unlocked in the Ethereum app.
    await s.panel().getByRole('button', { name: 'Plug in' }).click();
    await expect.poll(() => s.panel().locator('header').textContent()).toContain('Ethereum');
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await s.approveUntilDone();
    expect(await s.itemStates()).toEqual(['confirmed', 'confirmed']);
    expectEachNonceOnce(await s.shownBatch());

    const after = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
    for (const w of wallets) {
      expect(after.positions.find((p) => p.vaultId === vault.id && p.wallet === w)?.trancheBalance).toBe('0');
      expect(BigInt(after.positions.find((p) => p.vaultId === vault.id && p.wallet === w)!.pendingRedeem ?? '0')).toBeGreaterThan(0n);
    }
  }, 240_000);
});

describe('the console killed in the middle of a batch', () => {
  it('reopens on the batch, resumes it, and nothing is lost or sent twice', async () => {
    // The vault with the most claimable requests, all of them claims the console can sign.
    const now = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
    const claimable = now.requests.filter((r) => r.phase === 'claimable');
    const byVault = new Map<string, typeof claimable>();
    for (const r of claimable) byVault.set(r.vaultId, [...(byVault.get(r.vaultId) ?? []), r]);
    const [vaultId, mine] = [...byVault.entries()]
      .filter(([, rs]) => rs.every((r) => r.action?.kind === 'claim'))
      .sort((a, b) => b[1].length - a[1].length)[0]!;
    expect(mine.length).toBeGreaterThanOrEqual(3);
    const vault = before.vaults.find((v) => v.id === vaultId)!;
    const chain = chainOf(sim, vault);
    const wallets = [...new Set(mine.map((r) => r.wallet))];
    const noncesBefore = await Promise.all(wallets.map((w) => chain.getTransactionCount({ address: asHex(w) })));

    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    const demo = await page.locator('select[aria-label="Batch of wallets"] option', { hasText: 'Demo lenders' }).first().textContent();
    await page.getByRole('combobox', { name: 'Batch of wallets' }).selectOption({ label: demo! });
    await s.reviewRequests({ vault, type: '', status: 'CLAIMABLE', rows: mine.length, kind: 'claim' });
    const batchId = await s.startSigning();

    // Two claims signed and sent; the third is on the device when the console dies. What it
    // leaves behind is what is on disk at that moment.
    await s.reviewOf(0);
    await s.panel().getByRole('button', { name: 'Approve' }).click();
    await s.reviewOf(1);
    await s.panel().getByRole('button', { name: 'Approve' }).click();
    // The third item reaches the device only once the second was sent.
    await s.reviewOf(2);
    const dataDir = leftBehind(ui.c.dataDir);
    await ui.close();

    ui = await openConsolePage({ startSimulation: outliving(sim), dataDir });
    page = ui.page;
    await page.locator('table[aria-label="Vault totals"] tbody tr').first().waitFor({ timeout: 90_000 });
    // The navigation says a batch needs attention; the batch says why it stopped.
    await expect.poll(() => page.getByRole('button', { name: /^Signing/ }).textContent(), { timeout: 30_000 }).toContain('1 paused');
    await page.getByRole('button', { name: /^Signing/ }).click();
    await page.locator(`.batch-list li[data-batch-id="${batchId}"]`).getByRole('button').click();
    expect(await page.locator(`.batch-list li[data-batch-id="${batchId}"]`).textContent()).toContain('paused');
    expect(await page.getByTestId('batch').textContent()).toContain('The console stopped while this batch was running.');
    const states = await s.itemStates();
    expect(states.slice(0, 2).every((state) => state === 'confirmed' || state === 'broadcast'), `item states: ${states.join(', ')}`).toBe(true);
    expect(states.slice(2).every((state) => state === 'waiting'), `item states: ${states.join(', ')}`).toBe(true);
    await screenshot(page, 'signing-after-kill');

    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await s.approveUntilDone();
    const done = await s.shownBatch();
    expect(done.items.every((i) => i.state === 'confirmed')).toBe(true);
    expectEachNonceOnce(done);
    // On chain: one transaction per claim, no more.
    const noncesAfter = await Promise.all(wallets.map((w) => chain.getTransactionCount({ address: asHex(w) })));
    const perWallet = wallets.map((w) => done.items.filter((i) => i.wallet === w && i.hash).length);
    expect(noncesAfter.map((n, i) => n - noncesBefore[i]!)).toEqual(perWallet);
    expect(perWallet.reduce((a, b) => a + b, 0)).toBe(mine.length);
  }, 300_000);

  it('ran without page errors', () => {
    expect(ui.watched.errors).toEqual([]);
  });
});
