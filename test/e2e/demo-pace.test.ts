import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startEmbeddedSimulation, type DemoSimulation } from '../../electron/runtime/embedded-simulation';
import type { Portfolio, PortfolioVault } from '../../shared/portfolio/schemas';
import { screenshot } from './support/browser';
import { openDemoPage, outliving, type ConsolePage } from './support/console-page';
import { reviewDepositsInTwoVaults } from './support/operation-form';
import { signingUi } from './support/signing';

// The demo as a user gets it, its clock running at the demo's pace: a desk reviews and signs a
// two-vault batch by hand before the vaults move on, and can pause the clock or step it.
let sim: DemoSimulation;
let ui: ConsolePage;
let page: Page;
let before: Portfolio;
const s = signingUi(() => ui);
/** A person reads each review before pressing: one approval every 5 s at most. */
const HUMAN_PACE_MS = 5_000;

beforeAll(async () => {
  sim = await startEmbeddedSimulation();
  ui = await openDemoPage({ startSimulation: outliving(sim) });
  page = ui.page;
  before = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, s.ctx);
}, 240_000);

afterAll(async () => {
  await ui?.close();
  await sim?.close();
});

/** A vault that takes a deposit now: between epochs and not paused, or running with a queue. */
const takesDeposits = (v: PortfolioVault) =>
  (v.cycle?.state === 'WAITING' && !v.cycle.paused) ||
  ((v.cycle?.state === 'RUNNING' || v.cycle?.state === 'RUNNING_PAST_END') && v.queue !== null);
const allowedIn = (v: PortfolioVault) => new Set(before.positions.filter((p) => p.vaultId === v.id && p.allowed).map((p) => p.wallet.toLowerCase()));

/**
 * Approves every review the device shows, no sooner than `everyMs` after the one before, until
 * the batch stops (done, or paused by a held item); each press waits for its item to leave the device.
 */
async function approveAtPace(everyMs: number): Promise<number> {
  const stopped = page.locator('[data-testid="batch"]:is([data-status="done"], [data-status="paused"])');
  const approve = s.panel().getByRole('button', { name: 'Approve' });
  let last = 0;
  let approvals = 0;
  for (;;) {
    await stopped.or(approve).first().waitFor({ timeout: 180_000 });
    if ((await stopped.count()) > 0) return approvals;
    const itemId = await page.locator('.batch-items > li[data-state="on-device"]').first().getAttribute('data-item-id', { timeout: 60_000 });
    // The pace of a person, not a wait for the app: the review is on screen already.
    const rest = last + everyMs - Date.now();
    if (rest > 0) await page.waitForTimeout(rest);
    await approve.click({ timeout: 60_000 });
    last = Date.now();
    approvals += 1;
    await page.locator(`.batch-items > li[data-item-id="${itemId}"]:not([data-state="on-device"])`).waitFor({ timeout: 120_000 });
  }
}

describe('the demo at a human pace', () => {
  it('signs a 20-item, two-vault batch approving every 5 s with no item held', async () => {
    const clockState = page.getByTestId('demo-clock-state');
    await expect.poll(() => clockState.textContent()).toContain('Next phase change at');
    expect(await clockState.getAttribute('title')).toContain('Vaults change phase every 10 min');

    // Two vaults of one chain that take deposits now, and lenders allowed in them: an approval and
    // a deposit for each wallet in each vault it may use, 20 items in all.
    const pairs = before.vaults
      .filter(takesDeposits)
      .flatMap((a) => before.vaults.filter((b) => b.id > a.id && takesDeposits(b) && b.chain.chainId === a.chain.chainId).map((b) => [a, b] as const));
    const itemsOf = (a: PortfolioVault, b: PortfolioVault, w: string) => (allowedIn(a).has(w.toLowerCase()) ? 2 : 0) + (allowedIn(b).has(w.toLowerCase()) ? 2 : 0);
    const choose = (a: PortfolioVault, b: PortfolioVault): string[] | null => {
      const ranked = before.wallets.map((w) => w.address).sort((x, y) => itemsOf(a, b, y) - itemsOf(a, b, x));
      const picked: string[] = [];
      let items = 0;
      for (const w of ranked) {
        const n = itemsOf(a, b, w);
        if (n === 0 || items + n > 20) continue;
        picked.push(w);
        items += n;
      }
      return items === 20 && picked.some((w) => itemsOf(a, b, w) === 4) ? picked : null;
    };
    const found = pairs.map(([a, b]) => ({ a, b, wallets: choose(a, b) })).find((p) => p.wallets !== null);
    expect(found, `no two vaults of one chain for 20 items: ${before.vaults.map((v) => `${v.name} ${v.cycle?.state}`).join(', ')}`).toBeDefined();
    const { a: first, b: second } = found!;
    const wallets = found!.wallets!;
    await s.useGroup('Desk at human pace', wallets);

    // The lender agreements first, where some are still to sign, at the same pace.
    await page.getByRole('button', { name: 'Signing', exact: true }).click();
    for (const vault of [first, second]) {
      await page.getByLabel('Operation vault').selectOption(vault.id);
      await page.getByLabel('Operation', { exact: true }).selectOption('agreements');
      await page.getByRole('button', { name: 'Review' }).click();
      await expect.poll(() => page.getByTestId('plan').textContent(), { timeout: 60_000 }).toContain('lender agreements in');
      const sign = page.getByRole('button', { name: /Sign \d+ on the Ledger/ });
      if (await sign.isDisabled()) {
        await page.getByRole('button', { name: 'Discard' }).click();
        continue;
      }
      await sign.click();
      await approveAtPace(HUMAN_PACE_MS);
      expect(await page.locator('[data-testid="batch"]').getAttribute('data-status')).toBe('done');
    }

    // One deposit per wallet in each vault: an approval and the deposit each, 20 items.
    await reviewDepositsInTwoVaults(page, { vault: first, amount: '3' }, { vault: second, amount: '2' });
    expect(await page.getByRole('button', { name: /Sign \d+ on the Ledger/ }).textContent()).toContain('Sign 20 on the Ledger');
    await s.startSigning();
    const started = Date.now();
    expect(await approveAtPace(HUMAN_PACE_MS)).toBe(20);
    // A person's pace: at least 19 gaps of 5 s, and no item held on the way.
    expect(Date.now() - started).toBeGreaterThanOrEqual(19 * HUMAN_PACE_MS);
    expect(await page.locator('[data-testid="batch"]').getAttribute('data-status')).toBe('done');
    const states = await s.itemStates();
    expect(states).toHaveLength(20);
    expect(states.filter((state) => state !== 'confirmed')).toEqual([]);
    expect(await page.getByRole('button', { name: /Re-plan the \d+ held/ }).count()).toBe(0);
  }, 1_200_000);

  it('pauses the demo clock from the banner, and a step moves the vaults one phase on', async () => {
    const banner = page.getByTestId('mode-banner');
    const clockState = page.getByTestId('demo-clock-state');
    await banner.getByRole('button', { name: 'Pause demo clock' }).click();
    await expect.poll(() => clockState.textContent()).toContain('Demo clock paused');
    expect(sim.local.clock.status()).toMatchObject({ paused: true, nextStepAtMs: null });
    await screenshot(page, 'demo-clock-banner-paused');

    // A vault between epochs on the Overview: a step starts its epoch.
    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    const waitingRow = page.locator('tr[data-vault-id]:has([data-cycle-state="WAITING"])').first();
    await waitingRow.waitFor({ timeout: 60_000 });
    const vaultId = (await waitingRow.getAttribute('data-vault-id'))!;
    const vaultRow = page.locator(`tr[data-vault-id="${vaultId}"]`);
    const steps = sim.local.clock.status().steps;
    await banner.getByRole('button', { name: 'Step to next phase' }).click();
    await expect.poll(() => page.getByTestId('demo-clock-controls').getAttribute('data-steps'), { timeout: 120_000 }).toBe(String(steps + 1));
    await s.refreshUntil(async () => (await vaultRow.locator('[data-cycle-state]').getAttribute('data-cycle-state')) !== 'WAITING', 'the stepped vault running');
    expect(await vaultRow.locator('[data-cycle-state]').getAttribute('data-cycle-state')).toMatch(/RUNNING/);
    // Still paused after the step: the clock moves only when asked.
    expect(await clockState.textContent()).toContain('Demo clock paused');
    expect(sim.local.clock.status()).toMatchObject({ paused: true, steps: steps + 1 });

    // Settings says the same, and resumes it.
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const card = page.getByTestId('demo-clock-card');
    await expect.poll(() => card.getAttribute('data-paused')).toBe('true');
    for (const theme of ['light', 'dark'] as const) {
      await page.getByLabel('Theme').selectOption(theme);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `demo-clock-settings-${theme}`);
    }
    await page.getByLabel('Theme').selectOption('system');
    await card.getByRole('button', { name: 'Resume demo clock' }).click();
    await expect.poll(() => card.getAttribute('data-paused')).toBe('false');
    await expect.poll(() => clockState.textContent()).toContain('Next phase change at');
    expect(await card.getByTestId('demo-clock-card-state').textContent()).toContain('Vaults change phase every 10 min; next at');
    expect(sim.local.clock.status().paused).toBe(false);
    await screenshot(page, 'demo-clock-banner-running');
  }, 600_000);
});
