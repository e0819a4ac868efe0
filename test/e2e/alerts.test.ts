import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { upcomingEpochEvents } from '../../shared/alerts/calendar';
import { screenshot } from './support/browser';
import { openDemoPage, type ConsolePage } from './support/console-page';
import { openScreen, refreshUntil as refreshPortfolioUntil } from './support/screens';

// Alerts (issue 34, alerts): the console notices the batch's vaults changing phase and tells the
// operator (an OS notification where the shell has them, the bell otherwise); a calendar of the
// coming epoch events; the pending requests by expected date; each kind can be turned off.
let ui: ConsolePage;
let page: Page;
const notified: Array<{ title: string; body: string }> = [];

beforeAll(async () => {
  // The desktop app's notifications, as the Electron main process would be asked to show them.
  ui = await openDemoPage({
    notify: (title, body) => {
      notified.push({ title, body });
      return true;
    },
  });
  page = ui.page;
}, 240_000);

afterAll(async () => {
  await ui?.close();
});

const banner = () => page.getByTestId('mode-banner');
const alertItems = () => page.getByRole('list', { name: 'Alerts' }).locator('li');
const bell = () => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Alerts/ });

/** Moves the demo clock one phase on, from the banner, and waits for it to have stepped. */
async function stepClock(): Promise<void> {
  const controls = page.getByTestId('demo-clock-controls').first();
  const steps = Number(await controls.getAttribute('data-steps'));
  await banner().getByRole('button', { name: 'Step to next phase' }).click();
  await expect.poll(() => controls.getAttribute('data-steps'), { timeout: 120_000 }).toBe(String(steps + 1));
}

const refreshUntil = (ready: () => Promise<boolean>) => refreshPortfolioUntil(page, ready, 'the alert raised');
const phaseAlerts = async () => (await alertItems().allTextContents()).filter((t) => /epoch \d+ (started|ended)/.test(t)).length;

describe('alerts', () => {
  it('lists the coming epoch events and the pending requests by expected date', async () => {
    await openScreen(page, 'Overview');
    await page.locator('table[aria-label="Vault totals"] .vault-link').first().waitFor({ timeout: 60_000 });
    await bell().click();
    await page.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor();
    const truth = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, { transport: 'browser' });
    const events = upcomingEpochEvents(truth);
    expect(events.length).toBeGreaterThan(0);
    const calendar = page.getByRole('table', { name: 'Coming epoch events' });
    await expect.poll(() => calendar.locator('tbody tr').count(), { timeout: 60_000 }).toBe(events.length);
    expect(await calendar.locator('tbody tr').first().textContent()).toContain(events[0]!.vaultName);
    // Each pending request is under the day it is expected (overdue ones first).
    const pending = truth.requests.filter((r) => r.phase === 'pending' || r.phase === 'processed').length;
    expect(pending).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.request-day li').count()).toBe(pending);
    await screenshot(page, 'alerts-calendar');
  });

  it('raises a phase change on the screen and as a notification, and counts it on the bell elsewhere', async () => {
    await stepClock();
    await refreshUntil(async () => (await phaseAlerts()) > 0);
    await expect.poll(() => notified.length).toBeGreaterThan(0);
    expect(notified.some((n) => /epoch \d+ (started|ended)/.test(n.title) || /alerts for the batch/.test(n.title))).toBe(true);
    // Read on the screen: the bell has nothing new.
    expect(await bell().getAttribute('aria-label')).toBe('Alerts');
    await screenshot(page, 'alerts-raised');

    // Elsewhere, the next change is counted on the bell.
    const seen = await alertItems().count();
    await openScreen(page, 'Overview');
    await stepClock();
    await refreshUntil(async () => /new/.test((await bell().getAttribute('aria-label')) ?? ''));
    await screenshot(page, 'alerts-bell');
    await bell().click();
    await expect.poll(() => alertItems().count()).toBeGreaterThan(seen);
    await expect.poll(() => bell().getAttribute('aria-label')).toBe('Alerts');
  });

  it('raises nothing of a kind turned off', async () => {
    for (const words of [/An epoch started/, /An epoch ended/, /Claims became claimable/, /An epoch ends within a day/]) {
      await page.getByRole('checkbox', { name: words }).uncheck();
    }
    const before = await alertItems().count();
    const sent = notified.length;
    await stepClock();
    // Two refreshes read the new phase (the first may have been under way before the step).
    for (let i = 0; i < 2; i++) {
      const refresh = page.getByRole('button', { name: 'Refresh', exact: true });
      await refresh.click({ timeout: 30_000 });
      await expect.poll(() => refresh.isEnabled(), { timeout: 60_000 }).toBe(true);
    }
    // The newest come first: what this step raised is the head of the list.
    const kinds = await alertItems().evaluateAll((els) => els.map((e) => e.getAttribute('data-alert-kind')));
    const raised = kinds.slice(0, kinds.length - before);
    expect(raised.filter((k) => k !== 'vault-stopped' && k !== 'request-overdue')).toEqual([]);
    expect(notified.slice(sent).filter((n) => /epoch \d+ (started|ended)/.test(n.title))).toEqual([]);
    // The choice is kept in this window's storage, like the theme.
    await page.reload();
    await bell().click();
    expect(await page.getByRole('checkbox', { name: /An epoch started/ }).isChecked()).toBe(false);
  });
});
