import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { ROOT } from '../../support/paths';

export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'screenshots');

/** Headless, and what this closed network needs: no background networking, no component updates. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium, headless, with the flags this closed network needs (no background
 * networking, no component updates) and a fresh profile per context. `locale` is the language the
 * page reports (`navigator.language`); British English unless a test reads in another language.
 */
export async function openChromium(options: { locale?: string } = {}): Promise<BrowserContext> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1360, height: 860 },
    locale: options.locale ?? 'en-GB',
    args: [...CHROMIUM_FLAGS],
  });
  // A busy machine is slow, not wrong: an action waits up to a minute for what it acts on.
  context.setDefaultTimeout(60_000);
  context.on('close', () => {
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // A profile left behind costs only disk space in the temporary folder.
    }
  });
  return context;
}

/** Saves a full-page screenshot under test-results/screenshots for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Collects console errors and failed requests, so a test can assert the page ran cleanly. */
export function watchPage(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  return { errors };
}
