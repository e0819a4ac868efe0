import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { TestConsole } from '../support/console';
import { screenshot } from './support/browser';
import { openDemoPage } from './support/console-page';

// Positions in one round trip, as a user gets it: the Overview's portfolio load brings the batch's
// position records and agreements with it (pushed by the main side), so opening Positions shows
// them without the window asking for either. Every method the page calls is counted where the
// browser shell hands it to the runtime.
let c: TestConsole;
let browser: BrowserContext;
let page: Page;
let watched: { errors: string[] };
const called: string[] = [];

beforeAll(async () => {
  ({ c, browser, page, watched } = await openDemoPage());
  await page.setViewportSize({ width: 1440, height: 900 });
  // The shell looks each handler up at every call: wrapped here, each call the page makes is logged.
  for (const [ns, group] of Object.entries(c.runtime.handlers as unknown as Record<string, Record<string, (...a: unknown[]) => unknown>>)) {
    for (const [m, handler] of Object.entries(group)) group[m] = (...args) => (called.push(`${ns}.${m}`), handler(...args));
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await c?.close();
});

describe('Positions after the Overview', () => {
  it('shows the records and agreements the portfolio load brought, asking for neither', async () => {
    // The Overview's own figures from the records are in: the push reached the window.
    await page.locator('[data-records-progress="complete"]').first().waitFor({ timeout: 60_000 });
    called.length = 0;
    await page.getByRole('button', { name: 'Positions', exact: true }).click();
    const current = page.locator('[data-record-state="current"]').first();
    await current.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('.pill', { hasText: /agreements|Agreements signed/ }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.getByText('checking agreements…').count()).toBe(0);
    expect(await page.getByText('loading…').count()).toBe(0);
    expect(called.filter((m) => m === 'positions.records' || m === 'portfolio.agreements')).toEqual([]);
    await screenshot(page, 'positions-pushed');

    // The operator's Refresh is one portfolio.load again; the records follow it by themselves.
    called.length = 0;
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect.poll(() => called.includes('portfolio.load'), { timeout: 60_000 }).toBe(true);
    await page.locator('[data-records-progress="complete"]').first().waitFor({ timeout: 60_000 });
    await current.waitFor({ timeout: 30_000 });
    expect(called.filter((m) => m === 'positions.records' || m === 'portfolio.agreements')).toEqual([]);
  });

  it('ran without page errors', () => {
    expect(watched.errors).toEqual([]);
  });
});
