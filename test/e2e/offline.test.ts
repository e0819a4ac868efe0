import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serviceOnlySimulation } from '../support/console';
import { screenshot } from './support/browser';
import { openConsolePage, type ConsolePage } from './support/console-page';

let ui: ConsolePage;
let page: Page;

beforeAll(async () => {
  ui = await openConsolePage({ startSimulation: serviceOnlySimulation }, 'Settings');
  page = ui.page;
});
afterAll(async () => {
  await ui?.close();
});

describe('offline-review install', () => {
  it('is switched on in Settings and then says so on every screen', async () => {
    await page.getByLabel('Offline-review install').check();
    const banner = page.getByTestId('mode-banner');
    await expect.poll(() => banner.textContent()).toContain('OFFLINE');
    expect(await banner.textContent()).toContain('opens no network connection');
    await screenshot(page, 'settings-offline');
    const screens = await page.getByRole('navigation', { name: 'Main' }).getByRole('button').allTextContents();
    expect(screens).toContain('Bundles');
    for (const screen of screens) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: screen, exact: true }).click();
      expect(await banner.textContent(), screen).toContain('OFFLINE');
    }
    // Signing starts from a file here: the New operation form needs the chain.
    await page.getByRole('button', { name: 'Signing', exact: true }).click();
    expect(await page.getByTestId('offline-start').textContent()).toContain('Open the unsigned bundle');
    await screenshot(page, 'signing-offline');
  });

  it('explains why service figures are missing instead of failing silently', async () => {
    await page.getByRole('button', { name: 'Vaults', exact: true }).click();
    await expect.poll(() => page.locator('[data-error-code="OFFLINE"]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-error-code="OFFLINE"]').first().textContent()).toContain('offline mode');
  });

  it('is switched off again', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Offline-review install').uncheck();
    await expect.poll(() => page.getByTestId('mode-banner').textContent()).toContain('DEMO');
    expect(ui.watched.errors).toEqual([]);
  });
});
