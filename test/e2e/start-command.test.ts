import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { ROOT } from '../support/paths';
import { openChromium, screenshot } from './support/browser';

let child: ChildProcess | null = null;
let browser: BrowserContext | null = null;

afterAll(async () => {
  await browser?.close();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    // npm runs the script through a shell that does not forward signals: stop the whole group.
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
});

describe('npm run start:browser', () => {
  it('builds, starts on a free loopback port, prints its URL first, and serves the demo console', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-start-'));
    child = spawn('npm', ['run', '-s', 'start:browser', '--', '--port', '0', '--json', '--data', dataDir], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    const lines = createInterface({ input: child.stdout! });
    const first = await new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      child!.once('exit', (code) => reject(new Error(`start:browser exited with ${code}`)));
    });
    const started = JSON.parse(first) as { url: string; mode: string; dataDir: string };
    expect(started.mode).toBe('demo');
    expect(new URL(started.url).hostname).toBe('127.0.0.1');
    expect(started.url).toMatch(/#token=[\w-]{20,}$/);
    expect(started.dataDir).toBe(dataDir);

    browser = await openChromium();
    const page = await browser.newPage();
    await page.goto(started.url);
    await expect.poll(() => page.getByTestId('mode-banner').textContent(), { timeout: 30_000 }).toContain('DEMO');
    await page.getByRole('button', { name: 'Vaults', exact: true }).click();
    await expect.poll(() => page.locator('table[aria-label="Public vaults"] tbody tr').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    // The token left the address bar once the page had it.
    expect(page.url()).not.toContain('token=');
    await screenshot(page, 'start-browser');
  });
});
