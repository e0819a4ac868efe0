import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { demoPageForFile } from './support/console-page';

// What the Ledger is (model, Ethereum app, OS version) on the demo's device panel, and Settings →
// Ledgers: the Ledgers on the desk and binding a wallet group to one.
let page: Page;

demoPageForFile((_ui, p) => (page = p), 240_000);

it('the device panel names the model, the Ethereum app version and the OS version', async () => {
  await expect.poll(() => page.getByTestId('device-status').textContent(), { timeout: 30_000 }).toMatch(/Ledger Nano X ready · Ethereum 1\.22\.0/);
  expect(await page.getByTestId('device-model').textContent()).toBe('Ledger Nano X · Ethereum app 1.22.0 · OS 2.4.1');
  // The card's state line names the model and the app version: nothing repeats them, and the OS
  // version (which no app tells) is not asked for.
  expect(await page.getByTestId('device-identity').count()).toBe(0);
  expect(await page.getByTestId('device-status').textContent()).not.toMatch(/dashboard once/);
  // The panel's header gives the versions once, then what is open.
  const header = (await page.getByTestId('device-panel').locator('header').textContent()) ?? '';
  expect(header.match(/1\.22\.0/g)).toHaveLength(1);
  expect(header).toContain('Ethereum open');
  await screenshot(page, 'ledger-panel-versions');
}, 120_000);

it('Settings → Ledgers lists the connected Ledger and binds a wallet group to it', async () => {
  await page.getByRole('button', { name: 'Settings' }).click();
  const card = page.getByTestId('ledger-desk-card');
  await card.waitFor({ timeout: 30_000 });
  await expect.poll(() => card.getByTestId('ledger-desk-devices').textContent(), { timeout: 30_000 }).toMatch(/Ledger Nano X · Ethereum app 1\.22\.0 · /);
  // The emulator reports no serial number: bound by path, and the card says a path changes on another port.
  expect(await card.getByTestId('ledger-desk-devices').textContent()).toMatch(/no serial tells it apart: bound by this path/);
  const select = card.locator('select').first();
  await select.waitFor({ timeout: 30_000 });
  const deviceOption = select.locator('option').nth(1);
  const value = await deviceOption.getAttribute('value');
  await select.selectOption(value!);
  await expect.poll(() => select.inputValue(), { timeout: 30_000 }).toBe(value);
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'settings-ledgers');
}, 120_000);
