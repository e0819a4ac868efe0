import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type ConsolePage, demoPageForFile } from './support/console-page';
import { openScreen, visitEveryScreen } from './support/screens';
import { seriousViolations as seriousViolationsOf } from './support/axe';

// Every screen of the demo, in the light and the dark theme, checked by axe against WCAG 2.1 A
// and AA: no serious or critical violation (contrast, names of controls, roles, keyboard traps).
let opened: ConsolePage;
let page: Page;
const ctx = { transport: 'browser' as const };
/** An unsigned bundle of the demo, made once: its snapshot is the one screen reached from a file. */
let bundle: { fileName: string; content: string } | null = null;

/**
 * The offline snapshot screen: a withdrawal of two wallets planned and exported as an unsigned
 * bundle, opened on the Bundles screen as the operator opens the file, then View snapshot.
 */
async function openSnapshot(): Promise<void> {
  if (!bundle) {
    const handlers = opened.c.runtime.handlers;
    const data = await handlers.portfolio.load({ groupId: null }, ctx);
    const holders = (vaultId: string) =>
      data.positions.filter((p) => p.vaultId === vaultId && p.allowed && BigInt(p.trancheBalance ?? '0') > 0n).map((p) => p.wallet);
    const vault = data.vaults.find((v) => v.cycle?.state === 'RUNNING' && v.queue && holders(v.id).length >= 2)!;
    expect(vault).toBeDefined();
    const plan = await handlers.signing.plan({ vaultId: vault.id, action: 'withdraw', wallets: holders(vault.id).slice(0, 2) }, ctx);
    // Exporting signs the plan hash with the planner's account: the operator approves it on the emulated Ledger.
    const device = handlers.emulator;
    const approvePlanner = (async () => {
      await expect.poll(async () => (await device.snapshot({}, ctx)).pending !== null, { timeout: 120_000 }).toBe(true);
      await device.command({ command: 'approve' }, ctx);
    })();
    [bundle] = await Promise.all([handlers.bundles.exportUnsigned({ planId: plan.id }, ctx), approvePlanner]);
  }
  await openScreen(page, 'Bundles');
  await page
    .getByTestId('bundle-input')
    .setInputFiles({ name: bundle.fileName, mimeType: 'application/json', buffer: Buffer.from(bundle.content) });
  await page.getByTestId('bundle-file').getByRole('button', { name: 'View snapshot' }).click();
  await page.getByTestId('snapshot-time').waitFor();
  await page.locator('table[aria-label="Wallets as of the snapshot"] tbody tr').first().waitFor();
}

demoPageForFile((u, p) => ([opened, page] = [u, p]), 180_000);

const seriousViolations = () => seriousViolationsOf(page);

async function checkEveryScreen(): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  await visitEveryScreen(page, async (name) => {
    const violations = await seriousViolations();
    if (violations.length) found[name] = violations;
  });
  await openSnapshot();
  const violations = await seriousViolations();
  if (violations.length) found['Offline snapshot'] = violations;
  return found;
}

describe('every screen meets WCAG AA', () => {
  it('in the light theme of a light system', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await checkEveryScreen()).toEqual({});
  }, 600_000);

  it('in the dark theme chosen with the switch, kept when the console is opened again', async () => {
    await page.getByLabel('Theme').selectOption('dark');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await checkEveryScreen()).toEqual({});
    await page.reload();
    await page.locator('table[aria-label="Vault totals"]').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.getByLabel('Theme').inputValue()).toBe('dark');
  }, 600_000);

  it('follows a dark system while the choice is the system’s', async () => {
    await page.getByLabel('Theme').selectOption('system');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await openScreen(page, 'Overview');
  });

  it('ran without page errors', () => {
    expect(opened.watched.errors).toEqual([]);
  });
});
