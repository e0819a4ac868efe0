import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { deriveAccount } from '../../electron/demo/chain';
import { serviceOnlySimulation } from '../support/console';
import { openConsolePage, type ConsolePage } from './support/console-page';
import { screenshot } from './support/browser';

// Demo mode: the console talks to the emulated Ledger (the real hw-app-eth over an APDU-level
// emulator), which holds the simulation's seed; its panel stands in for the device's buttons.
let ui: ConsolePage;
let page: Page;
let watched: { errors: string[] };

beforeAll(async () => {
  ui = await openConsolePage({ startSimulation: serviceOnlySimulation }, 'Wallets');
  ({ page, watched } = ui);
});
afterAll(async () => {
  await ui?.close();
});

const status = () => page.getByTestId('device-status');
const panel = () => page.getByTestId('device-panel');

describe('Ledger in the demo', () => {
  it('shows the emulated device ready, with blind signing on, and its panel', async () => {
    await expect.poll(() => status().textContent()).toMatch(/Ledger Nano X ready · Ethereum [\d.]+ · blind signing on/);
    expect(await status().textContent()).toContain('(emulated)');
    expect(await panel().textContent()).toContain('Application is ready');
  });

  it('finds accounts of a derivation scheme: the addresses the seed gives', async () => {
    await page.getByRole('button', { name: 'Import from Ledger' }).click();
    await page.getByLabel('Derivation scheme').selectOption('bip44');
    await page.getByLabel('First account index').fill('10');
    await page.getByLabel('Number of accounts').fill('3');
    await page.getByRole('button', { name: 'Find accounts' }).click();
    const rows = page.locator('table[aria-label="Ledger accounts"] tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    for (let i = 0; i < 3; i++) {
      const text = await rows.nth(i).textContent();
      expect(text).toContain(deriveAccount(10 + i).address);
      expect(text).toContain(`44'/60'/0'/0/${10 + i}`);
    }
  });

  it('shows an address on the device and reports that it matches once approved', async () => {
    const row = page.locator('table[aria-label="Ledger accounts"] tbody tr').first();
    await row.getByRole('button', { name: 'Show on device' }).click();
    await expect.poll(() => page.getByTestId('device-screen').textContent()).toContain(deriveAccount(10).address);
    await expect.poll(() => status().textContent()).toContain('confirm on the device');
    await screenshot(page, 'ledger-verify-address');
    await panel().getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => row.textContent()).toContain('Matches');
  });

  it('says so when the user rejects on the device', async () => {
    const row = page.locator('table[aria-label="Ledger accounts"] tbody tr').nth(1);
    await row.getByRole('button', { name: 'Show on device' }).click();
    await expect.poll(() => page.getByTestId('device-screen').textContent()).toContain(deriveAccount(11).address);
    await panel().getByRole('button', { name: 'Reject' }).click();
    const alert = page.locator('[data-error-code]').first();
    await expect.poll(() => alert.textContent()).toMatch(/reject/i);
    expect(await alert.getAttribute('data-error-code')).not.toBe('INTERNAL');
  });

  it('imports the chosen accounts as Ledger accounts', async () => {
    await page.getByLabel('Import account 12').uncheck();
    await page.getByRole('button', { name: 'Import 2 accounts' }).click();
    const rows = page.locator('[role="table"][aria-label="Wallets"] [data-row-id]');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.locator(`[data-row-id="${deriveAccount(10).address}"]`).textContent()).toContain("Ledger44'/60'/0'/0/10");
  });

  it('explains a locked device and works again once unlocked', async () => {
    await panel().getByRole('button', { name: 'Lock' }).click();
    await page.getByRole('button', { name: 'Import from Ledger' }).click();
    await page.getByRole('button', { name: 'Find accounts' }).click();
    const alert = page.locator('[data-error-code]').first();
    await expect.poll(() => alert.textContent()).toMatch(/locked/i);
    expect(await alert.textContent()).toMatch(/PIN|unlock/i);
    await screenshot(page, 'ledger-locked');
    await panel().getByRole('button', { name: 'Enter PIN' }).click();
    await page.getByRole('button', { name: 'Find accounts' }).click();
    await expect.poll(() => page.locator('table[aria-label="Ledger accounts"] tbody tr').count()).toBeGreaterThan(0);
  });

  it('follows an unplug and a replug', async () => {
    await panel().getByRole('button', { name: 'Unplug' }).click();
    await expect.poll(() => status().textContent()).toContain('not connected');
    await panel().getByRole('button', { name: 'Plug in' }).click();
    await page.getByRole('button', { name: 'Find accounts' }).click();
    await expect.poll(() => status().textContent(), { timeout: 20_000 }).toContain('Ledger Nano X ready');
  });

  it('ran without page errors', () => {
    expect(watched.errors).toEqual([]);
  });
});
