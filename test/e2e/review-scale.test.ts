import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { DemoSimulation } from '../../electron/runtime/embedded-simulation';
import type { Portfolio, PortfolioVault } from '../../shared/portfolio/schemas';
import { screenshot } from './support/browser';
import { closeDemoSigningWorld, openDemoSigningWorld, type ConsolePage } from './support/console-page';
import { reviewDepositsInTwoVaults } from './support/operation-form';
import { BLIND_SIGNING_ACK, signingUi } from './support/signing';

// A review that scales: a deposit of five wallets in two vaults read as a compact table with Sign
// always in view, its details opened row by row; the agreements shown once per distinct text; and
// while the batch is signed, its progress, the item on the Ledger and a Pause that answers at once.
let sim: DemoSimulation;
let ui: ConsolePage;
let page: Page;
let before: Portfolio;
const s = signingUi(() => ui);
const WIDE = { width: 1440, height: 900 };
const SMALL = { width: 1024, height: 700 };

beforeAll(async () => {
  ({ sim, ui, page, before } = await openDemoSigningWorld({ autoRefresh: false, blindApprovals: true }));
  await page.setViewportSize(WIDE);
}, 180_000);

afterAll(() => closeDemoSigningWorld({ sim, ui }));

/** A vault that takes a deposit now: between epochs and not paused, or running with a queue. */
const takesDeposits = (v: PortfolioVault) =>
  (v.cycle?.state === 'WAITING' && !v.cycle.paused) || ((v.cycle?.state === 'RUNNING' || v.cycle?.state === 'RUNNING_PAST_END') && v.queue !== null);
const allowedIn = (v: PortfolioVault) => new Set(before.positions.filter((p) => p.vaultId === v.id && p.allowed).map((p) => p.wallet.toLowerCase()));
const plan = () => page.getByTestId('plan');
const signButton = () => page.getByRole('button', { name: /Sign \d+ on the Ledger/ });

/**
 * Whether a person sees the element without scrolling: its middle is inside the window and the
 * element drawn there is it (not the device panel, not content scrolled out of its box).
 */
async function seen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const view = page.viewportSize()!;
  if (!box || box.y < 0 || box.x < 0 || box.y + box.height > view.height || box.x + box.width > view.width) return false;
  return locator.evaluate((el, at) => {
    const top = document.elementFromPoint(at.x, at.y);
    return !!top && (el === top || el.contains(top));
  }, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
}

/** The content scrolled back to its top, as a screen is first seen. */
const toTop = () => page.evaluate(() => document.querySelector('.content')?.scrollTo(0, 0));

/** Screenshots of the page as it is, in both themes, at both window sizes; back to the wide window after. */
async function shots(name: string): Promise<void> {
  for (const size of [WIDE, SMALL]) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await page.getByLabel('Theme').selectOption(theme);
      await screenshot(page, `${name}-${size.width}-${theme}`);
    }
  }
  await page.getByLabel('Theme').selectOption('system');
  await page.setViewportSize(WIDE);
}

/** Approves the review on the device and waits until its item has left the device. */
async function approveOne(): Promise<void> {
  const id = await page.locator('.batch-items > li[data-state="on-device"]').first().getAttribute('data-item-id', { timeout: 60_000 });
  await s.panel().getByRole('button', { name: 'Approve' }).click({ timeout: 60_000 });
  await page.locator(`.batch-items > li[data-item-id="${id}"]:not([data-state="on-device"])`).waitFor({ timeout: 120_000 });
}

let first: PortfolioVault;
let second: PortfolioVault;

describe('a review that scales', () => {
  it('shows each distinct agreement text once, with the wallets that sign it', async () => {
    // Two vaults of one chain that take deposits now, and five lenders allowed in both.
    const pair = before.vaults
      .filter(takesDeposits)
      .flatMap((a) => before.vaults.filter((b) => b.id > a.id && takesDeposits(b) && b.chain.chainId === a.chain.chainId).map((b) => [a, b] as const))
      .find(([a, b]) => before.wallets.filter((w) => allowedIn(a).has(w.address.toLowerCase()) && allowedIn(b).has(w.address.toLowerCase())).length >= 5);
    expect(pair, `no two vaults of one chain with five lenders: ${before.vaults.map((v) => `${v.name} ${v.cycle?.state}`).join(', ')}`).toBeDefined();
    [first, second] = pair!;
    const wallets = before.wallets
      .map((w) => w.address)
      .filter((w) => allowedIn(first).has(w.toLowerCase()) && allowedIn(second).has(w.toLowerCase()))
      .slice(0, 5);
    await s.useGroup('Review desk', wallets);

    await page.getByRole('button', { name: 'Signing', exact: true }).click();
    let widest = 0;
    for (const vault of [first, second]) {
      await page.getByLabel('Operation vault').selectOption(vault.id);
      await page.getByLabel('Operation', { exact: true }).selectOption('agreements');
      await page.getByRole('button', { name: 'Review' }).click();
      await expect.poll(() => plan().textContent(), { timeout: 60_000 }).toContain('lender agreements in');
      if (await signButton().isDisabled()) {
        await page.getByRole('button', { name: 'Discard' }).click();
        continue;
      }
      // Every agreement to sign, one text block per distinct text, each listing the wallets that sign it.
      const messages = await page.locator('[role="table"][aria-label="Items to sign"] [role="row"][data-row-id]').count();
      const blocks = page.getByTestId('agreement-text');
      const listed = await blocks.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-wallets'))));
      expect(listed.reduce((a, b) => a + b, 0)).toBe(messages);
      expect(await plan().locator('pre.message:visible').count()).toBe(listed.length);
      widest = Math.max(widest, ...listed);
      const block = blocks.first();
      await block.getByText(/Signed by \d+ wallets?/).click();
      expect(await block.locator('.agreement-wallets li:visible').count()).toBe(listed[0]);
      if (vault === first) await shots('review-scale-agreements');
      await s.startSigning();
      await s.approveUntilDone();
    }
    // Several wallets signed one text: shown once, not once per wallet.
    expect(widest).toBeGreaterThan(1);
  }, 300_000);

  it('reads a deposit of 5 wallets in 2 vaults as a compact table, sortable, with Sign in view', async () => {
    await reviewDepositsInTwoVaults(page, { vault: first, amount: '3' }, { vault: second, amount: '2' });
    expect(await signButton().textContent()).toBe('Sign 20 on the Ledger');

    // A table first, one row per item; no item's block open until asked for.
    const rows = plan().locator('[role="table"][aria-label="Items to sign"] [role="row"][data-row-id]');
    expect(await rows.count()).toBeGreaterThanOrEqual(10);
    expect(await plan().locator('.plan-items > li:visible').count()).toBe(0);
    const compact = (await plan().innerText()).length;
    // The totals of what moves, per token (approvals left out).
    const totals = (await page.getByTestId('plan-totals').textContent())!;
    expect(totals).toContain('Total of 10 calls');
    if (first.underlying.symbol === second.underlying.symbol) expect(totals).toContain(`25 ${first.underlying.symbol}`);
    else expect(totals).toMatch(new RegExp(`15 ${first.underlying.symbol}.*10 ${second.underlying.symbol}`));

    // Sign is in view at once, in a wide and a small window, and stays there while the review scrolls.
    for (const size of [WIDE, SMALL]) {
      await page.setViewportSize(size);
      await toTop();
      expect(await seen(signButton()), `Sign in view at ${size.width}×${size.height}`).toBe(true);
      expect(await seen(page.getByLabel(BLIND_SIGNING_ACK)), `the acknowledgement beside it at ${size.width}`).toBe(true);
      // Its accessible name starts with the words it shows (WCAG 2.5.3), as a voice user would say them.
      expect(await page.getByRole('checkbox', { name: /^I will compare the hash the Ledger shows/ }).count()).toBe(1);
      await page.evaluate(() => document.querySelector('.content')?.scrollBy(0, 400));
      expect(await seen(signButton()), `Sign in view after scrolling at ${size.width}×${size.height}`).toBe(true);
    }
    await page.setViewportSize(WIDE);
    await toTop();
    await shots('review-scale-review');

    // Sortable by amount: the largest first, then the smallest.
    const amounts = () =>
      rows.evaluateAll((els) =>
        els
          .map((row) => ({ at: Number(row.getAttribute('aria-rowindex')), title: row.querySelector('.amount')?.getAttribute('title') ?? '' }))
          .sort((a, b) => a.at - b.at)
          .map((r) => Number(r.title.replace(/[^\d.]/g, ''))),
      );
    const header = plan().getByRole('button', { name: 'Amount' });
    await header.click();
    const down = await amounts();
    expect(down).toEqual([...down].sort((a, b) => b - a));
    await header.click();
    const up = await amounts();
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(up[0]).toBeLessThan(up[up.length - 1]!);
    await header.click();

    // A row's details on demand: its call, the hash the Ledger will show, its simulation.
    await rows.first().getByRole('button', { name: /^Details/ }).click();
    const opened = plan().locator('.plan-items > li:visible');
    await expect.poll(() => opened.count()).toBe(1);
    expect(await opened.textContent()).toMatch(/0x[0-9a-f]{64}/);
    expect(await seen(signButton())).toBe(true);
    await shots('review-scale-details');

    // All of them at once is what the review was before (one block per item, about 20,000
    // characters here): the table reads in under an eighth of it (about 2,300), no block open.
    await plan().getByRole('button', { name: 'Show the details of all 20' }).click();
    await expect.poll(() => opened.count()).toBe(20);
    const full = (await plan().innerText()).length;
    expect(compact * 8, `compact ${compact} characters, all details ${full}`).toBeLessThan(full);
    await plan().getByRole('button', { name: 'Hide all details' }).click();
    await expect.poll(() => opened.count()).toBe(0);
  }, 300_000);

  it('while signing: counts progress, keeps the item on the Ledger in view, and acknowledges Pause at once', async () => {
    await s.startSigning();
    const progress = page.getByTestId('batch-progress');
    await expect.poll(() => progress.textContent(), { timeout: 60_000 }).toContain('of 20 signed');
    for (let k = 0; k < 2; k++) await approveOne();
    await expect.poll(() => progress.textContent(), { timeout: 60_000 }).toContain('2 of 20 signed');

    // The third item, the first wallet's approval for the second vault: blind (this demo gives the
    // Ledger no token information), its hash pinned in the bar and on the docked panel,
    // in view at both sizes, the same the device shows.
    await s.nextReview();
    expect(await page.getByTestId('batch-on-device').textContent()).toContain('item 3 of 20');
    expect(await s.expectDeviceShowsItsReview()).toBe('blind');
    const approval = (await s.shownBatch()).items.find((i) => i.state === 'on-device')!;
    const hash = approval.review?.kind === 'transaction' ? approval.review.signingHash : '';
    await expect.poll(() => page.getByTestId('batch-on-device-hash').textContent()).toBe(hash);
    const hashOnPanel = s.panel().locator('.device-screen li', { hasText: hash });
    for (const size of [WIDE, SMALL]) {
      await page.setViewportSize(size);
      expect(await seen(page.getByTestId('batch-on-device-hash')), `the hash to compare in view at ${size.width}×${size.height}`).toBe(true);
      expect(await seen(hashOnPanel), `the device's hash in view at ${size.width}×${size.height}`).toBe(true);
    }
    await page.setViewportSize(WIDE);
    await approveOne();
    await expect.poll(() => progress.textContent(), { timeout: 60_000 }).toContain('3 of 20 signed');

    // The fourth, its deposit: clear-signed from its descriptor, no hash to compare; the device's
    // review (its intent first) in view on the docked panel.
    await s.nextReview();
    const onDevice = page.locator('.batch-items > li[data-state="on-device"]');
    const id = (await onDevice.getAttribute('data-item-id', { timeout: 60_000 }))!;
    expect(await page.getByTestId('batch-on-device').textContent()).toContain('item 4 of 20');
    expect(await s.expectDeviceShowsItsReview()).toBe('clear');
    expect(await page.getByTestId('batch-on-device-hash').count()).toBe(0);
    const intent = s.panel().locator('.device-screen li').first();
    for (const size of [WIDE, SMALL]) {
      await page.setViewportSize(size);
      expect(await seen(intent), `the device's review in view at ${size.width}×${size.height}`).toBe(true);
    }
    await page.setViewportSize(WIDE);
    expect(await seen(progress)).toBe(true);
    await shots('review-scale-signing');

    // Pause: said at once, while the item is still on the device.
    await page.getByTestId('batch-bar').getByRole('button', { name: 'Pause', exact: true }).click();
    await expect.poll(() => progress.textContent(), { timeout: 10_000 }).toContain('Pausing after this item…');
    expect(await page.locator(`.batch-items > li[data-item-id="${id}"]`).getAttribute('data-state')).toBe('on-device');
    await approveOne();
    await expect.poll(() => progress.textContent(), { timeout: 60_000 }).toBe('Paused after 4 of 20 signed. Resume to go on.');
    const resume = page.getByTestId('batch-bar').getByRole('button', { name: 'Resume', exact: true });
    expect(await seen(resume)).toBe(true);
    await shots('review-scale-paused');

    await resume.click();
    await s.approveUntilDone();
    await expect.poll(() => progress.textContent(), { timeout: 60_000 }).toBe('20 of 20 signed');
  }, 400_000);

  it('ran without page errors', () => {
    expect(ui.watched.errors).toEqual([]);
  });
});
