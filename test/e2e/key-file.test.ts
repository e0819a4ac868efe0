import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSimService, type SimService } from '../../electron/demo/service';
import { serviceOnlySimulation } from '../support/console';
import { screenshot } from './support/browser';
import { openConsolePage, type ConsolePage } from './support/console-page';

// A headless quick start with no Secret Service: this process's session bus does not exist (the
// console's keychain calls run here, in the browser shell's process), so the OS keychain cannot be
// reached. Settings must say so before the key is typed and offer the encrypted key file.
process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/vaultdesk-no-bus';

let service: SimService;
let ui: ConsolePage;
let page: Page;

beforeAll(async () => {
  service = await startSimService({ port: 0, seed: 5, wallets: 12 });
  ui = await openConsolePage({ startSimulation: serviceOnlySimulation }, 'Settings');
  page = ui.page;
}, 180_000);

afterAll(async () => {
  await ui?.close();
  await service?.close();
});

describe('Settings without an OS keychain', () => {
  it('says so before the key is typed, offers the key file, and connects to the real service with it', async () => {
    const blocked = page.getByTestId('save-blocked');
    await expect.poll(() => blocked.textContent()).toContain('the OS keychain cannot be reached, so there is nowhere to keep the key yet');
    expect(await page.getByText('The OS keychain cannot be reached:').count()).toBe(1);
    const save = page.getByRole('button', { name: 'Save to key file' });
    expect(await save.isDisabled()).toBe(true);
    expect(await page.getByTestId('key-file-tradeoff').textContent()).toContain('anyone who copies the file can try passphrases on it offline');
    for (const theme of ['light', 'dark'] as const) {
      await page.getByLabel('Theme').selectOption(theme);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await screenshot(page, `key-file-settings-${theme}`);
    }
    await page.getByLabel('Theme').selectOption('system');

    // Typed in, Save stays off until there is somewhere to keep the key.
    await page.getByLabel('Service address').fill(service.url);
    await page.getByLabel('API key').fill(service.apiKey);
    expect(await save.isDisabled()).toBe(true);

    const keyFile = page.getByRole('form', { name: 'Create the key file' });
    await keyFile.getByLabel('New passphrase').fill('short');
    expect(await keyFile.getByText('The passphrase needs at least 12 characters.').count()).toBe(1);
    await keyFile.getByLabel('New passphrase').fill('correct horse battery staple');
    await keyFile.getByLabel('Repeat the passphrase').fill('correct horse battery staple');
    await keyFile.getByRole('button', { name: 'Create the key file' }).click();
    await expect.poll(() => page.getByTestId('key-file-state').textContent(), { timeout: 60_000 }).toBe('Unlocked for this session.');
    expect(await blocked.count()).toBe(0);
    expect(await page.getByTestId('keychain-fallback').textContent()).toContain('the key is kept in the encrypted key file below');

    await save.click();
    await expect.poll(() => page.getByText('Key saved to the encrypted key file').count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('mode-banner').textContent()).toContain('LIVE');
    expect(await page.getByTestId('key-status').textContent()).toContain('in the key file');
    await screenshot(page, 'key-file-settings-unlocked');

    // Locked again, the console reads the public routes: the banner says why there is no key and how to mend it.
    await page.getByRole('button', { name: 'Lock the key file' }).click();
    const banner = page.getByTestId('mode-banner');
    await expect.poll(() => banner.textContent(), { timeout: 60_000 }).toContain('READ-ONLY');
    await expect.poll(() => banner.textContent()).toContain('the key file is locked');
    expect(await banner.textContent()).not.toContain('no API key');
    expect(await banner.getByRole('button', { name: 'Unlock in Settings' }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('current-source').textContent()).toContain('public data only (the key file is locked');
    await screenshot(page, 'key-file-locked-banner');
  }, 300_000);
});
