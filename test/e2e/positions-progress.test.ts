import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { TestConsole } from '../support/console';
import { screenshot } from './support/browser';
import { openDemoPage } from './support/console-page';

// The demo with the service's position records held back for every vault but the first one asked
// for: the portfolio is on screen and usable meanwhile, the Positions screen says how many vaults'
// records are in and shows those, and once the rest are let through it says they all are.
let c: TestConsole;
let browser: BrowserContext;
let page: Page;
let watched: { errors: string[] };
const held = { first: null as string | null, waiting: new Set<string>(), release: null as (() => void) | null };
const gate = new Promise<void>((resolve) => (held.release = resolve));
const serviceFetch: typeof fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const vaultId = /\/v1\/vaults\/([^/]+)\/position/.exec(url)?.[1];
  if (vaultId) {
    held.first ??= vaultId;
    if (vaultId !== held.first) {
      held.waiting.add(vaultId);
      await gate;
    }
  }
  return fetch(input, init);
};

beforeAll(async () => {
  ({ c, browser, page, watched } = await openDemoPage({ fetch: serviceFetch }));
  await page.setViewportSize({ width: 1440, height: 900 });
}, 180_000);

afterAll(async () => {
  held.release?.();
  await browser?.close();
  await c?.close();
});

describe('position records arriving vault by vault', () => {
  it('shows the portfolio and the vaults already in while the rest load, then says every vault is in', async () => {
    const note = page.locator('[data-records-progress]');
    // The overview's table is on screen (openDemoPage waited for it) while records are still out.
    await expect.poll(() => held.waiting.size, { timeout: 60_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Positions', exact: true }).click();
    await expect.poll(() => note.textContent(), { timeout: 60_000 }).toMatch(/^Position records: 1 of \d+ vaults…$/);
    const total = Number(/of (\d+)/.exec((await note.textContent())!)![1]);
    expect(total).toBeGreaterThan(1);
    expect(await note.getAttribute('data-records-progress')).toBe('loading');

    // The first vault's pairs show the service's record; a held vault's pairs say they are loading.
    const first = page.locator(`[data-row-id^="${held.first}:"] [data-record-state="current"]`).first();
    await first.waitFor({ timeout: 30_000 });
    const heldVault = [...held.waiting][0]!;
    await screenshot(page, 'positions-records-progress');
    await expect.poll(() => page.locator(`[data-row-id^="${heldVault}:"]`).first().textContent()).toContain('loading…');
    await screenshot(page, 'positions-records-progress');

    held.release!();
    await expect.poll(() => note.textContent(), { timeout: 60_000 }).toBe(`Position records: ${total} of ${total} vaults`);
    expect(await note.getAttribute('data-records-progress')).toBe('complete');
    await page.locator(`[data-row-id^="${heldVault}:"] [data-record-state]`).first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'positions-records-complete');
  });

  it('ran without page errors', () => {
    expect(watched.errors).toEqual([]);
  });
});
