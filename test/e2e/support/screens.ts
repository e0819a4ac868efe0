import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** The main menu's entries, as the sidebar names them. */
export const MENU_SCREENS = [
  'Overview',
  'Positions',
  'Requests',
  'Transactions',
  'Allowances',
  'Signing',
  'Bundles',
  'Vaults',
  'Campaigns',
  'Performance',
  'Operators',
  'Wallets',
  'Settings',
] as const;

/** Opens a screen from the main menu and waits for its title. */
export async function openScreen(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true }).click();
  await page.locator('.screen h1, .screen-header h1').first().waitFor();
}

/**
 * Every screen of the demo a user can reach: the menu's screens, then the pages opened from a
 * list (a vault, a campaign, an operator). `visit` is called on each once it is on screen.
 */
export async function visitEveryScreen(page: Page, visit: (name: string) => Promise<void>): Promise<void> {
  for (const name of MENU_SCREENS) {
    await openScreen(page, name);
    await visit(name);
  }
  await openScreen(page, 'Overview');
  await page.locator('table[aria-label="Vault totals"] .vault-link').first().click();
  await page.getByTestId('vault-insights').waitFor();
  await visit('Vault page');
  await openScreen(page, 'Campaigns');
  await page.locator('.screen button.link-button').first().click();
  await page.locator('.screen h1').first().waitFor();
  await visit('Campaign page');
  await openScreen(page, 'Operators');
  await page.locator('.screen button.link-button').first().click();
  await page.locator('.screen h1').first().waitFor();
  await visit('Operator page');
}

/**
 * Presses the portfolio's Refresh (on a portfolio screen) until `ready` holds: the service learns
 * of new blocks through its indexer a moment after the chain, and a refresh under way when the
 * chain moved may have read it before.
 */
export async function refreshUntil(page: Page, ready: () => Promise<boolean>, what: string): Promise<void> {
  const refresh = page.getByRole('button', { name: 'Refresh', exact: true });
  await expect
    .poll(
      async () => {
        if (await ready()) return true;
        await refresh.click({ timeout: 30_000 });
        await refresh.waitFor({ timeout: 30_000 });
        return ready();
      },
      { timeout: 120_000, interval: 1000, message: what },
    )
    .toBe(true);
}
