import type { BrowserContext, Page } from 'playwright-core';
import type { RuntimeOptions } from '../../../electron/runtime';
import { startTestConsole, type TestConsole } from '../../support/console';
import { openChromium, watchPage } from './browser';

export interface ConsolePage {
  c: TestConsole;
  browser: BrowserContext;
  page: Page;
  watched: { errors: string[] };
  close(): Promise<void>;
}

/** The console behind the browser shell, opened in Chromium on a given screen. */
export async function openConsolePage(options: Partial<RuntimeOptions> = {}, screen?: string): Promise<ConsolePage> {
  const c = await startTestConsole(options);
  const browser = await openChromium();
  const page = await browser.newPage();
  const watched = watchPage(page);
  await page.goto(c.shell.launchUrl);
  if (screen) await page.getByRole('button', { name: screen, exact: true }).click();
  const opened: ConsolePage = {
    c,
    browser,
    page,
    watched,
    // Closes the console this page shows now (a test may restart it and put the new one in `c`).
    async close() {
      await browser.close();
      await opened.c.close();
    },
  };
  return opened;
}

/**
 * Waits until the demo's first portfolio is on screen and its lenders' batch is offered: the demo
 * book is filled once the simulation is up, then the overview reloads by itself.
 */
export async function demoReady(page: Page): Promise<void> {
  await page.locator('table[aria-label="Vault totals"] tbody tr').first().waitFor({ timeout: 90_000 });
  await page.waitForFunction(() => document.querySelector('select[aria-label="Batch of wallets"]')?.textContent?.includes('Demo lenders'), null, {
    timeout: 30_000,
  });
}
