import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startEmulatedDevice } from '../../electron/runtime/emulated-device';
import type { LedgerModel } from '../../shared/device/models';
import { screenshot } from './support/browser';
import { openDemoPage, type ConsolePage } from './support/console-page';
import { BLIND_SIGNING_ACK } from './support/signing';

// The review predicts the device's screens for the model and Ethereum app version the console
// read from the Ledger, and says which: the demo's emulated Ledger as a Nano X with the current
// app, and as a Stax with 1.19.3. The demo's claims are clear-signed from its test-certified
// descriptors (the blind reviews per model and version are tested in test/unit/device/screens.test.ts
// and test/integration/device/device-models.test.ts).
let ui: ConsolePage | null = null;
afterEach(async () => {
  await ui?.close();
  ui = null;
});

async function openWith(model: LedgerModel, appVersion: string): Promise<Page> {
  ui = await openDemoPage({ startEmulatedDevice: (emulate) => startEmulatedDevice({ ...emulate, model, appVersion }) });
  return ui.page;
}

/** Plans claims for the first vault's claimable deposits and opens the first item's device screens. */
async function reviewClaims(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Requests', exact: true }).click();
  await page.getByLabel('Type').selectOption('DEPOSIT');
  await page.getByLabel('Status').selectOption('claimable');
  await page.locator('[role="table"][aria-label="Requests"] [data-row-id]').first().waitFor({ timeout: 60_000 });
  await page.locator('[role="table"][aria-label="Requests"] [data-row-id] input[type="checkbox"]').first().check();
  await page.getByRole('button', { name: /Review and sign 1 claim/ }).click();
  const plan = page.getByTestId('plan');
  await expect.poll(() => plan.textContent(), { timeout: 60_000 }).toContain('Review: claims in');
  // The first row's details (the review opens with its table), then its device screens.
  await plan.getByRole('button', { name: /^Details/ }).first().click();
  await plan.getByRole('button', { name: 'Show what the Ledger will display' }).first().click();
}

const screensShown = async (page: Page) => (await page.locator('ol.device-screens').first().locator('li').allTextContents()).map((s) => s.trim());

describe('the review per Ledger model and app version', () => {
  it('a Nano X with app 1.22.0: the claim in clear from its descriptor, the local chain named, fees with the ticker after', async () => {
    const page = await openWith('nanoX', '1.22.0');
    await expect.poll(() => page.getByTestId('device-status').textContent(), { timeout: 30_000 }).toMatch(/Ledger Nano X ready · Ethereum 1\.22\.0/);
    expect(await page.getByTestId('device-model').textContent()).toBe('Ledger Nano X · Ethereum app 1.22.0 · OS 2.4.1');
    expect(await page.getByTestId('device-panel').locator('header').textContent()).toContain('Ethereum open');
    await reviewClaims(page);
    expect(await page.getByTestId('predicted-for').first().textContent()).toBe('As a Ledger Nano X with Ethereum app 1.22.0 shows it (read from the device).');
    const shown = await screensShown(page);
    expect(shown[0]).toBe('Review transaction to Claim deposit');
    expect(shown.at(-1)).toBe('Reject transaction');
    // The demo's local chain is given to the app with its test-signed description: named, its ticker after the fee.
    expect(shown).toContain('Network Demo chain 31337');
    expect(shown.find((s) => s.startsWith('Max fees'))).toMatch(/^Max fees [\d.]+ ETH$/);
    expect(await page.getByTestId('ledger-shows').first().textContent()).toContain('Clear signing: the Ledger shows this call from its certified descriptor');
    await screenshot(page, 'ledger-review-nano-x');
  }, 240_000);

  it('a Stax with app 1.19.3: the device shows the claim as the review predicted', async () => {
    const page = await openWith('stax', '1.19.3');
    await expect.poll(() => page.getByTestId('device-status').textContent(), { timeout: 30_000 }).toMatch(/Ledger Stax ready · Ethereum 1\.19\.3/);
    expect(await page.getByTestId('device-model').textContent()).toBe('Ledger Stax · Ethereum app 1.19.3 · OS 1.8.1');
    expect(await page.getByTestId('device-panel').locator('header').textContent()).toContain('Ethereum open');
    await reviewClaims(page);
    expect(await page.getByTestId('predicted-for').first().textContent()).toBe('As a Ledger Stax with Ethereum app 1.19.3 shows it (read from the device).');
    const shown = await screensShown(page);
    expect(shown[0]).toBe('Review transaction to Claim deposit');
    await screenshot(page, 'ledger-review-stax');
    // The device shows what the review predicted: sign it (no blind-signing acknowledgement asked) and compare on the emulator's panel.
    expect(await page.getByLabel(BLIND_SIGNING_ACK).count()).toBe(0);
    await page.getByRole('button', { name: /Sign 1 on the Ledger/ }).click();
    const panel = page.getByTestId('device-screen');
    await expect.poll(() => panel.locator('li').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    const onDevice = await panel.locator('li').evaluateAll((lis) =>
      lis.map((li) => `${li.querySelector('.screen-title')?.textContent ?? ''} ${li.querySelector('.screen-value')?.textContent ?? ''}`.trim()),
    );
    expect(onDevice).toEqual(shown.map((s) => s.trim()));
    await screenshot(page, 'ledger-panel-stax');
  }, 240_000);
});
