import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startSimService } from '../../electron/demo/service';
import { apiKeyAccount } from '../../electron/services/secrets/api-key';
import { KEYCHAIN_SERVICE, KeychainSecretStore } from '../../electron/services/secrets/keychain-store';
import { serviceOnlySimulation, startTestConsole, type TestConsole } from '../support/console';
import { openChromium, screenshot, watchPage } from './support/browser';

// A second simulated service stands in for the real one: its own address and its own key.
let remote: Awaited<ReturnType<typeof startSimService>>;
let c: TestConsole;
let browser: BrowserContext;
let page: Page;
let watched: { errors: string[] };
const keychain = new KeychainSecretStore(KEYCHAIN_SERVICE);

beforeAll(async () => {
  remote = await startSimService({ port: 0, seed: 7, apiKey: 'vk_live_e2e_9f8e7d6c5b4a39281706' });
  c = await startTestConsole({ startSimulation: serviceOnlySimulation });
  browser = await openChromium();
  page = await browser.newPage();
  watched = watchPage(page);
  await page.goto(c.shell.launchUrl);
  await page.getByRole('button', { name: 'Settings' }).click();
});
afterAll(async () => {
  await keychain.delete(apiKeyAccount(remote.url)).catch(() => false);
  await browser?.close();
  await c?.close();
  await remote?.close();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe('API key in the OS keychain, through the Settings screen', () => {
  it('starts with no key, on the simulation', async () => {
    await expect.poll(() => page.getByTestId('key-status').textContent()).toBe('None');
    expect(await page.getByTestId('current-source').textContent()).toContain('embedded simulation');
    await screenshot(page, 'settings-no-key');
  });

  it('says clearly when the service rejects a key, and keeps what was typed', async () => {
    await page.getByLabel('Service address').fill(remote.url);
    await page.getByLabel('API key').fill('vk_wrong_key_000000000');
    await page.getByRole('button', { name: 'Test this key' }).click();
    const result = page.getByTestId('connection-test');
    await expect.poll(() => result.textContent()).toContain('Connection failed');
    expect(await result.textContent()).toMatch(/rejected/i);
    expect(await result.textContent()).toMatch(/Settings/);
    expect(await page.getByLabel('API key').inputValue()).toBe('vk_wrong_key_000000000');
    await screenshot(page, 'settings-key-rejected');
  });

  it('tests and saves a good key; the console switches to the live service', async () => {
    await page.getByLabel('API key').fill(remote.apiKey);
    await page.getByRole('button', { name: 'Test this key' }).click();
    await expect.poll(() => page.getByTestId('connection-test').textContent()).toContain('Connection works');

    await page.getByRole('button', { name: 'Save to keychain' }).click();
    await expect.poll(() => page.getByTestId('mode-banner').textContent()).toContain('LIVE');
    expect(await page.getByTestId('mode-banner').textContent()).toContain(remote.url);
    // The banner follows the mode event; the key status follows the save's own answer.
    await expect.poll(() => page.getByTestId('key-status').textContent()).toMatch(/^Configured · sha256:[0-9a-f]{8}/);
    // The field is emptied once the keychain holds the key.
    expect(await page.getByLabel('Replace the key').inputValue()).toBe('');
    await screenshot(page, 'settings-live');
  });

  it('keeps the key in the keychain and nowhere else', async () => {
    expect(await keychain.get(apiKeyAccount(remote.url))).toBe(remote.apiKey);

    const files = filesUnder(c.dataDir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toContain(remote.apiKey);
    expect(readFileSync(c.logFile, 'utf8')).toContain('API key saved to the OS keychain');

    expect(c.framesSent.length).toBeGreaterThan(0);
    for (const frame of c.framesSent) expect(frame).not.toContain(remote.apiKey);
    const inPage = await page.evaluate(() => document.documentElement.outerHTML + JSON.stringify(sessionStorage) + JSON.stringify(localStorage));
    expect(inPage).not.toContain(remote.apiKey);
  });

  it('reads the live service with the saved key', async () => {
    await page.getByRole('button', { name: 'Vaults' }).click();
    const rows = page.locator('table[aria-label="Public vaults"] tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.notice-error').count()).toBe(0);
  });

  it('removes the key: gone from the keychain, the same service read without it (its public data only), never the demo', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Remove key' }).click();
    await expect.poll(() => page.getByTestId('mode-banner').textContent()).toContain('READ-ONLY');
    expect(await page.getByTestId('mode-banner').textContent()).toContain(remote.url);
    await expect.poll(() => page.getByTestId('key-status').textContent()).toBe('None');
    expect(await keychain.get(apiKeyAccount(remote.url))).toBeNull();
  });

  it('ran without page errors', () => {
    expect(watched.errors).toEqual([]);
  });
});
