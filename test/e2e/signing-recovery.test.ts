import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPublicClient, http, type Hex } from 'viem';
import { startEmbeddedSimulation } from '../../electron/runtime/embedded-simulation';
import type { EmbeddedSimulation } from '../../electron/runtime/service-connection';
import type { Portfolio, PortfolioVault } from '../../shared/portfolio/schemas';
import type { Batch } from '../../shared/signing/schemas';
import { screenshot } from './support/browser';
import { demoReady, openConsolePage, type ConsolePage } from './support/console-page';

// The operations of the signing screen that the claims and deposits tests leave out (queue
// withdrawals, redeems, cancels), each with what happens to a Ledger in real life in the middle of
// a batch: it locks, it is unplugged, the console is killed. Nothing may be lost and nothing signed
// or sent twice.
const ctx = { transport: 'browser' as const };
let sim: EmbeddedSimulation;
let ui: ConsolePage;
let page: Page;
let before: Portfolio;

// The simulation outlives each console opened on it, as the chain and the service outlive the app.
const keepSimulation = () => Promise.resolve({ ...sim, close: async () => undefined });

beforeAll(async () => {
  sim = await startEmbeddedSimulation({ drive: false });
  ui = await openConsolePage({ startSimulation: keepSimulation });
  page = ui.page;
  await demoReady(page);
  before = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
}, 180_000);

afterAll(async () => {
  await ui?.close();
  await sim?.close();
});

const panel = () => page.getByTestId('device-panel');
const batchStatus = () => page.getByTestId('batch-status').textContent();
const itemStates = () => page.locator('.batch-items > li').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));

/**
 * Waits until item `index` of the batch is on the device and its review shows on the panel. The
 * panel's Approve button alone is not enough: right after a press it can still show the review
 * just approved, until the device's next state arrives.
 */
async function reviewOf(index: number): Promise<void> {
  await expect.poll(async () => (await itemStates())[index], { timeout: 60_000 }).toBe('on-device');
  await panel().getByRole('button', { name: 'Approve' }).waitFor({ timeout: 60_000 });
}

/** A pause asked for takes effect between items: approves what is already on the device until then. */
async function untilPaused(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((await batchStatus()) !== 'paused') {
    if (Date.now() > deadline) throw new Error('the batch did not pause');
    const approve = panel().getByRole('button', { name: 'Approve' });
    if (await approve.isVisible().catch(() => false)) await approve.click().catch(() => undefined);
    await page.waitForTimeout(200);
  }
}

/** Presses Approve on the device panel for every review that appears, until the batch is done. */
async function approveUntilDone(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if ((await batchStatus().catch(() => null)) === 'done') return;
    const approve = panel().getByRole('button', { name: 'Approve' });
    if (await approve.isVisible().catch(() => false)) await approve.click().catch(() => undefined);
    await page.waitForTimeout(200);
  }
  throw new Error('the batch did not finish in time');
}

/** A named batch of wallets, picked in the console's batch selector. */
async function useGroup(name: string, wallets: string[]): Promise<string> {
  const h = ui.c.runtime.handlers;
  const group = await h.wallets.createGroup({ name }, ctx);
  await h.wallets.setGroupMembers({ groupId: group.id, addresses: wallets, member: true }, ctx);
  await page.getByRole('button', { name: 'Overview', exact: true }).click();
  await page.reload();
  await page.getByRole('combobox', { name: 'Batch of wallets' }).selectOption({ label: `${name} (${wallets.length})` });
  await expect.poll(() => page.locator('.screen-sub').first().textContent()).toContain(`${wallets.length} wallets`);
  return group.id;
}

/** Wallets that hold tranche tokens of a vault and may act in it. */
function holders(vault: PortfolioVault, n: number): string[] {
  return before.positions
    .filter((p) => p.vaultId === vault.id && p.allowed && BigInt(p.trancheBalance ?? '0') > 0n)
    .slice(0, n)
    .map((p) => p.wallet);
}

/** Withdraw everything each wallet of the batch shown can withdraw, up to the review. */
async function reviewWithdrawEverything(vault: PortfolioVault, route: RegExp, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Signing', exact: true }).click();
  await page.getByLabel('Operation vault').selectOption(vault.id);
  await page.getByLabel('Operation', { exact: true }).selectOption('withdraw');
  await page.getByLabel('everything each wallet can withdraw').check();
  expect(await page.getByTestId('route').textContent()).toMatch(route);
  await page.getByRole('button', { name: 'Review' }).click();
  await expect.poll(() => page.getByTestId('plan').textContent(), { timeout: 60_000 }).toContain(`${title} in ${vault.name}`);
}

async function startSigning(): Promise<void> {
  const ack = page.getByLabel('Acknowledge blind signing');
  if (await ack.isVisible()) await ack.check();
  await page.getByRole('button', { name: /Sign \d+ on the Ledger/ }).click();
  await expect.poll(() => page.getByTestId('batch').count()).toBe(1);
}

/** The console's own record of the batch shown, and a check that no nonce of it was used twice. */
async function shownBatch(): Promise<Batch> {
  const id = (await page.getByTestId('batch').getAttribute('data-batch-id'))!;
  return ui.c.runtime.handlers.signing.openBatch({ batchId: id }, ctx);
}

function expectEachNonceOnce(batch: Batch): void {
  const txs = batch.items.filter((i) => i.hash);
  expect(new Set(txs.map((i) => i.hash)).size).toBe(txs.length);
  expect(new Set(txs.map((i) => `${i.wallet}:${i.tx!.nonce}`)).size).toBe(txs.length);
}

const chainOf = (vault: PortfolioVault) => createPublicClient({ transport: http(sim.localChains.find((c) => c.chainId === vault.chain.chainId)!.rpcUrl) });

describe('queue withdrawals while an epoch runs, with the Ledger locked mid-batch', () => {
  let vault: PortfolioVault;
  let wallets: string[];

  it('pauses with the device’s message when it is locked, and goes on once the PIN is entered', async () => {
    vault = before.vaults.find((v) => v.cycle?.state === 'RUNNING' && v.queue && holders(v, 2).length === 2)!;
    expect(vault).toBeDefined();
    wallets = holders(vault, 2);
    await useGroup('Queue withdrawers', wallets);
    await reviewWithdrawEverything(vault, /queue/, 'withdrawals');
    // Per wallet: the tranche approved to the queue, then the request.
    expect(await page.getByTestId('plan').locator('.plan-items > li').count()).toBe(4);
    await startSigning();

    // The operator pauses after the first signature and steps away; the Ledger locks itself.
    await reviewOf(0);
    await panel().getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('button', { name: 'Pause' }).click();
    await untilPaused();
    const signedBeforeLock = (await itemStates()).filter((s) => s === 'confirmed').length;
    expect(signedBeforeLock).toBeLessThan(4);
    await panel().getByRole('button', { name: 'Lock' }).click();
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => page.getByTestId('batch').textContent(), { timeout: 30_000 }).toContain('The Ledger is locked.');
    expect(await batchStatus()).toBe('paused');
    expect(await page.getByTestId('batch').textContent()).toContain('The Ledger is locked.');
    expect(await page.getByTestId('batch').textContent()).toContain('Enter your PIN on the device');
    await screenshot(page, 'signing-locked');

    await panel().getByRole('button', { name: 'Enter PIN' }).click();
    await page.getByRole('button', { name: 'Resume' }).click();
    await approveUntilDone();
    expect(await itemStates()).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed']);
    expectEachNonceOnce(await shownBatch());
  }, 240_000);

  it('left the tranche tokens in the queue: nothing more to withdraw, a pending request each', async () => {
    const after = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
    for (const w of wallets) expect(after.positions.find((p) => p.vaultId === vault.id && p.wallet === w)?.trancheBalance).toBe('0');
    // The requests list comes from the service, once it has indexed the new blocks.
    const pendingWithdrawals = async () => {
      const now = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
      return wallets.filter((w) => now.requests.some((r) => r.vaultId === vault.id && r.wallet === w && r.type === 'WITHDRAW' && r.action?.kind === 'cancel')).length;
    };
    await expect.poll(pendingWithdrawals, { timeout: 30_000, interval: 1000 }).toBe(wallets.length);
  }, 60_000);

  it('cancels those pending withdrawals from the Requests screen, and the tranche tokens come back', async () => {
    await page.getByRole('button', { name: 'Requests', exact: true }).click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByLabel('Vault').selectOption({ label: vault.name });
    await page.getByLabel('Type').selectOption('WITHDRAW');
    const rows = page.locator('[role="table"][aria-label="Requests"] [data-row-id]');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    const after = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
    const cancellable = after.requests.filter((r) => r.vaultId === vault.id && wallets.includes(r.wallet) && r.type === 'WITHDRAW' && r.action?.kind === 'cancel');
    // Only the cancellable ones, so the selection is one vault and one kind.
    await page.getByLabel('Status').selectOption(cancellable[0]!.status);
    await expect.poll(() => rows.count()).toBe(cancellable.length);
    await page.getByLabel('Select all rows shown').check();
    await page.getByRole('button', { name: new RegExp(`Review and sign ${cancellable.length} cancel`) }).click();
    await expect.poll(() => page.getByTestId('plan').textContent(), { timeout: 60_000 }).toContain(`cancels in ${vault.name}`);
    expect(await page.getByTestId('plan').textContent()).toContain('deleteWithdrawRequest');
    await screenshot(page, 'signing-cancel-plan');
    await startSigning();
    await approveUntilDone();
    expect((await itemStates()).every((s) => s === 'confirmed')).toBe(true);
    expectEachNonceOnce(await shownBatch());

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
    await useGroup('Redeemers', wallets);
    await reviewWithdrawEverything(vault, /redeem/, 'redeems');
    // A redeem needs no approval: one item per wallet, on the epoch vault.
    expect(await page.getByTestId('plan').locator('.plan-items > li').count()).toBe(2);
    expect(await page.getByTestId('plan').textContent()).toContain('redeem');
    await startSigning();

    await reviewOf(0);
    await panel().getByRole('button', { name: 'Approve' }).click();
    await reviewOf(1);
    await panel().getByRole('button', { name: 'Unplug' }).click();
    await expect.poll(batchStatus, { timeout: 30_000 }).toBe('paused');
    expect(await page.getByTestId('batch').textContent()).toContain('The Ledger was disconnected during the operation; nothing was signed.');
    expect(await itemStates()).toEqual(['confirmed', 'waiting']);
    await screenshot(page, 'signing-unplugged');

    // The demo's Ledger comes back unlocked in the Ethereum app.
    await panel().getByRole('button', { name: 'Plug in' }).click();
    await expect.poll(() => panel().locator('header').textContent()).toContain('Ethereum');
    await page.getByRole('button', { name: 'Resume' }).click();
    await approveUntilDone();
    expect(await itemStates()).toEqual(['confirmed', 'confirmed']);
    expectEachNonceOnce(await shownBatch());

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
    const claimable = now.requests.filter((r) => r.status === 'CLAIMABLE');
    const byVault = new Map<string, typeof claimable>();
    for (const r of claimable) byVault.set(r.vaultId, [...(byVault.get(r.vaultId) ?? []), r]);
    const [vaultId, mine] = [...byVault.entries()]
      .filter(([, rs]) => rs.every((r) => r.action?.kind === 'claim'))
      .sort((a, b) => b[1].length - a[1].length)[0]!;
    expect(mine.length).toBeGreaterThanOrEqual(3);
    const vault = before.vaults.find((v) => v.id === vaultId)!;
    const chain = chainOf(vault);
    const wallets = [...new Set(mine.map((r) => r.wallet))];
    const noncesBefore = await Promise.all(wallets.map((w) => chain.getTransactionCount({ address: w as Hex })));

    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    const demo = await page.locator('select[aria-label="Batch of wallets"] option', { hasText: 'Demo lenders' }).first().textContent();
    await page.getByRole('combobox', { name: 'Batch of wallets' }).selectOption({ label: demo! });
    await page.getByRole('button', { name: 'Requests', exact: true }).click();
    await page.getByLabel('Vault').selectOption({ label: vault.name });
    await page.getByLabel('Type').selectOption('');
    await page.getByLabel('Status').selectOption('CLAIMABLE');
    const rows = page.locator('[role="table"][aria-label="Requests"] [data-row-id]');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(mine.length);
    await page.getByLabel('Select all rows shown').check();
    await page.getByRole('button', { name: new RegExp(`Review and sign ${mine.length} claim`) }).click();
    await expect.poll(() => page.getByTestId('plan').textContent(), { timeout: 60_000 }).toContain(`claims in ${vault.name}`);
    await startSigning();
    const batchId = (await page.getByTestId('batch').getAttribute('data-batch-id'))!;

    // Two claims signed and sent; the third is on the device when the console dies. What it
    // leaves behind is what is on disk at that moment.
    await reviewOf(0);
    await panel().getByRole('button', { name: 'Approve' }).click();
    await reviewOf(1);
    await panel().getByRole('button', { name: 'Approve' }).click();
    // The third item reaches the device only once the second was sent.
    await reviewOf(2);
    const leftBehind = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-killed-'));
    cpSync(ui.c.dataDir, leftBehind, { recursive: true });
    await ui.close();

    ui = await openConsolePage({ startSimulation: keepSimulation, dataDir: leftBehind });
    page = ui.page;
    await page.locator('table[aria-label="Vault totals"] tbody tr').first().waitFor({ timeout: 90_000 });
    // The navigation says a batch needs attention; the batch says why it stopped.
    await expect.poll(() => page.getByRole('button', { name: /^Signing/ }).textContent(), { timeout: 30_000 }).toContain('1 paused');
    await page.getByRole('button', { name: /^Signing/ }).click();
    await page.locator(`.batch-list li[data-batch-id="${batchId}"]`).getByRole('button').click();
    expect(await page.locator(`.batch-list li[data-batch-id="${batchId}"]`).textContent()).toContain('paused');
    expect(await page.getByTestId('batch').textContent()).toContain('The console stopped while this batch was running.');
    const states = await itemStates();
    expect(states.slice(0, 2).every((s) => s === 'confirmed' || s === 'broadcast'), `item states: ${states.join(', ')}`).toBe(true);
    expect(states.slice(2).every((s) => s === 'waiting'), `item states: ${states.join(', ')}`).toBe(true);
    await screenshot(page, 'signing-after-kill');

    await page.getByRole('button', { name: 'Resume' }).click();
    await approveUntilDone();
    const done = await shownBatch();
    expect(done.items.every((i) => i.state === 'confirmed')).toBe(true);
    expectEachNonceOnce(done);
    // On chain: one transaction per claim, no more.
    const noncesAfter = await Promise.all(wallets.map((w) => chain.getTransactionCount({ address: w as Hex })));
    const perWallet = wallets.map((w) => done.items.filter((i) => i.wallet === w && i.hash).length);
    expect(noncesAfter.map((n, i) => n - noncesBefore[i]!)).toEqual(perWallet);
    expect(perWallet.reduce((a, b) => a + b, 0)).toBe(mine.length);
  }, 300_000);

  it('ran without page errors', () => {
    expect(ui.watched.errors).toEqual([]);
  });
});
