import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import type { PortfolioVault } from '../../shared/portfolio/schemas';
import { screenshot } from './support/browser';
import { closeDemoSigningWorld, demoReady, openDemoSigningWorld, type DemoSigningWorld } from './support/console-page';
import { BLIND_SIGNING_ACK } from './support/signing';
import { focused, pressUntil } from './support/keyboard';

// One whole task by keyboard alone (issue 34, keyboard): choose the vault and the wallets, plan a
// deposit, review it, acknowledge blind signing, sign on the emulated Ledger (pausing and resuming on
// the way), then take the report; after every step the test checks where the focus landed. The page
// gets key presses only: the device's buttons are pressed on the emulator, as a person presses a
// Ledger's, and the set-up (the wallets' lender agreements) is done through the console's handlers.
let world: DemoSigningWorld;
let page: Page;
const ctx = { transport: 'browser' as const };
let vault: PortfolioVault;
let wallets: { address: string; label: string }[];
const AMOUNT = '12.5';

beforeAll(async () => {
  world = await openDemoSigningWorld({ autoRefresh: false, blindApprovals: true });
  page = world.page;
  const { before } = world;
  // A vault between epochs (a direct deposit, after an approval) and two of its lenders with the underlying to deposit.
  vault = before.vaults.find((v) => v.cycle?.state === 'WAITING' && v.underlying.decimals === 6)!;
  expect(vault).toBeDefined();
  const holders = before.positions
    .filter((p) => p.vaultId === vault.id && p.allowed && BigInt(p.underlyingBalance ?? '0') >= 100n * 10n ** 6n)
    .map((p) => before.wallets.find((w) => w.address.toLowerCase() === p.wallet.toLowerCase())!)
    .filter((w) => w?.label);
  wallets = holders.slice(0, 2).map((w) => ({ address: w.address, label: w.label! }));
  expect(wallets).toHaveLength(2);
  await signAgreements();
}, 300_000);

afterAll(async () => {
  if (world) await closeDemoSigningWorld(world);
});

/** The operator's hand on the Ledger: approves the review it shows once an item of the batch is on it. */
async function approveOnDevice(): Promise<void> {
  const device = world.ui.c.runtime.handlers.emulator;
  const shows = async (review: boolean) => {
    if (((await device.snapshot({}, ctx)).pending !== null) !== review) throw new Error(review ? 'no review on the Ledger yet' : 'the review is still on the Ledger');
  };
  await vi.waitFor(() => shows(true), { timeout: 120_000, interval: 200 });
  await device.command({ command: 'approve' }, ctx);
  await vi.waitFor(() => shows(false), { timeout: 60_000, interval: 200 });
}

/** Set-up, not the task: the two wallets sign the vault's lender agreements (deposits need them). */
async function signAgreements(): Promise<void> {
  const h = world.ui.c.runtime.handlers;
  const plan = await h.signing.plan({ vaultId: vault.id, action: 'agreements', wallets: wallets.map((w) => w.address) }, ctx);
  const batch = await h.signing.createBatch({ planId: plan.id, acknowledgeBlindSigning: true }, ctx);
  await h.signing.run({ batchId: batch.id }, ctx);
  const left = async () => (await h.signing.openBatch({ batchId: batch.id }, ctx)).status !== 'done';
  while (await left()) {
    const pending = (await h.emulator.snapshot({}, ctx)).pending;
    if (pending) await approveOnDevice();
    else await new Promise((r) => setTimeout(r, 200));
  }
}

/** Moves a focused select by its arrow keys until it holds `value`. */
async function chooseByArrows(value: string): Promise<void> {
  for (const key of ['ArrowDown', 'ArrowUp']) {
    for (let i = 0; i < 12 && (await focused(page)).text !== value; i++) await page.keyboard.press(key);
  }
  expect((await focused(page)).text).toBe(value);
}

/** The items of the batch on screen that are on the device now. */
const onDevice = () => page.locator('.batch-items > li[data-state="on-device"]');

describe('a deposit, by keyboard only', () => {
  it('chooses, plans, reviews, signs and reports, the focus landing on each result', async () => {
    // The console as opened, nothing focused yet; the screen, from the menu: the focus lands on its heading.
    await page.reload();
    await demoReady(page);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Skip to content' });
    await pressUntil(page, (f) => f.region === 'menu' && f.text === 'Signing', "the menu's Signing");
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: 'Signing' });

    // The vault, the operation and the amount.
    await pressUntil(page, (f) => f.tag === 'select' && /operation vault/i.test(f.name), 'the vault of the operation');
    await chooseByArrows(vault.id);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'select', name: 'Operation' });
    await chooseByArrows('deposit');
    await pressUntil(page, (f) => f.tag === 'input' && f.name === 'Amount per wallet', 'the amount per wallet');
    await page.keyboard.type(AMOUNT);

    // The wallets: none, then the two lenders, each by Space.
    await pressUntil(page, (f) => f.text === 'Select none', 'Select none');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('wallet-subset-count').textContent()).toMatch(/Wallets: 0 of \d+ take part/);
    for (const wallet of wallets) {
      await pressUntil(page, (f) => f.tag === 'input' && f.name === wallet.label, wallet.label);
      await page.keyboard.press('Space');
    }
    await expect.poll(() => page.getByTestId('wallet-subset-count').textContent()).toMatch(/Wallets: 2 of \d+ take part/);

    // Planned: the focus lands on the review's heading.
    await pressUntil(page, (f) => f.tag === 'button' && f.text === 'Review', 'Review', { key: 'Shift+Tab' });
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page), { timeout: 120_000 }).toMatchObject({ tag: 'h2', text: `Review: deposits in ${vault.name}` });
    await screenshot(page, 'keyboard-task-review');

    // The acknowledgement, then Sign: the focus lands on the batch's progress line.
    await pressUntil(page, (f) => f.tag === 'input' && BLIND_SIGNING_ACK.test(f.name), 'the blind-signing acknowledgement');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Sign 4 on the Ledger');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page), { timeout: 60_000 }).toMatchObject({ testId: 'batch-progress', role: 'status' });
    expect((await focused(page)).text).toMatch(/^0 of 4 signed/);

    // Pause while the first item is on the Ledger: the focus stays on the line, which says so at once.
    await onDevice().first().waitFor({ timeout: 120_000 });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'Pause' });
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ testId: 'batch-progress', text: expect.stringContaining('Pausing after this item…') });
    await approveOnDevice();
    await expect.poll(() => focused(page), { timeout: 60_000 }).toMatchObject({ testId: 'batch-progress', text: 'Paused after 1 of 4 signed. Resume to go on.' });
    await screenshot(page, 'keyboard-task-paused');

    // Resume: the focus is on the line again, and the rest is approved on the Ledger.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'Resume' });
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ testId: 'batch-progress', role: 'status' });
    for (let i = 1; i < 4; i++) await approveOnDevice();

    // Done: the focus lands on the batch's heading, the result, and the report is the next Tab.
    await expect.poll(() => focused(page), { timeout: 120_000 }).toMatchObject({ tag: 'h2', text: expect.stringMatching(/^Deposits in .* · done$/) });
    await screenshot(page, 'keyboard-task-done');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'Report (CSV)' });
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const report = await readFile(await download.path(), 'utf8');
    const lines = report.trim().split('\n').slice(1);
    expect(lines).toHaveLength(4);
    for (const wallet of wallets) expect(lines.filter((l) => l.toLowerCase().includes(wallet.address.toLowerCase()) && /confirmed/.test(l))).toHaveLength(2);
  }, 600_000);
});
