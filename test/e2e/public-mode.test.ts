import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startEmbeddedSimulation, type DemoSimulation } from '../../electron/runtime/embedded-simulation';
import type { Portfolio } from '../../shared/portfolio/schemas';
import { screenshot } from './support/browser';
import { openConsolePage, type ConsolePage } from './support/console-page';

// An operator who set the service's address and the chains' RPCs but holds no key: the console
// reads the service's public data and the chains, says on every screen that it is read-only, and
// offers to add a key. A world of local chains and a service stands in for the real ones.

const ctx = { transport: 'browser' as const };
let world: DemoSimulation;
let ui: ConsolePage;
let page: Page;
let view: Portfolio;

beforeAll(async () => {
  world = await startEmbeddedSimulation({ drive: false, wallets: 12 });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-public-e2e-'));
  const rpcs = Object.fromEntries(world.localChains.map((c) => [String(c.chainId), [c.rpcUrl]]));
  writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ version: 1, serviceUrl: world.url, offline: false, rpcs }));
  ui = await openConsolePage({
    dataDir,
    startSimulation: () => Promise.reject(new Error('the demo must not start while a service address is set')),
  });
  page = ui.page;
  // The operator's own book: the lenders, watched.
  for (const w of world.wallets) await ui.c.runtime.handlers.wallets.add({ address: w.address, label: w.label }, ctx);
  view = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
  await page.reload();
}, 240_000);

afterAll(async () => {
  await ui?.close();
  await world?.close();
});

describe('a service without a key: a read-only console of its public data', () => {
  it('says so in the banner, with the way to add a key', async () => {
    const banner = page.getByTestId('mode-banner');
    await expect.poll(() => banner.textContent(), { timeout: 30_000 }).toContain('READ-ONLY');
    expect(await banner.textContent()).toContain(`Public data of ${world.url}, no API key`);
    expect(await banner.textContent()).toMatch(/nothing can be signed/);
    expect(await banner.getByRole('button', { name: 'Add an API key' }).isVisible()).toBe(true);
  });

  it('shows the Overview from the public vaults and the chains, the service marked as public data only', async () => {
    // The chains were found through the operator's RPCs: the local chains' vaults are followed.
    const local = new Set(world.localChains.map((c) => c.chainId));
    const followed = view.vaults.filter((v) => local.has(v.chain.chainId));
    expect(followed.length).toBeGreaterThan(0);
    // Requests from the public latest blocks and the chain, positions from the chain.
    expect(view.requests.length).toBeGreaterThan(0);
    expect(view.positions.some((p) => p.trancheBalance !== null && BigInt(p.trancheBalance) > 0n)).toBe(true);

    const totals = page.locator('table[aria-label="Vault totals"]');
    await totals.locator('tbody tr', { hasText: followed[0]!.name }).first().waitFor({ timeout: 90_000 });
    const service = page.locator('[data-source="service"]').first();
    await expect.poll(() => service.textContent(), { timeout: 30_000 }).toContain('Credit vault service (public data only)');
    // No failure of the service: a refused read is never shown as an outage.
    expect(await page.locator('[data-failed-source="service"]').count()).toBe(0);
    // Position records need a key: earnings are unknown, never "0.00 earned".
    const earnings = totals.locator(`tr[data-vault-id="${followed[0]!.id}"] [data-vault-earnings]`);
    await expect.poll(() => earnings.getAttribute('data-vault-earnings'), { timeout: 60_000 }).toBe('unknown');
    expect(await earnings.textContent()).toMatch(/earnings unknown: \d+ records? not loaded/);
    expect(await totals.textContent()).not.toMatch(/earned/);
    await screenshot(page, 'public-mode-overview');
  });

  it('opens a vault page from the chain and the public records, its epoch history saying it needs a key', async () => {
    const vault = view.vaults.find((v) => v.cycle !== null)!;
    await page.locator('.vault-link', { hasText: vault.name }).first().click();
    await page.getByText('needs an API key', { exact: false }).first().waitFor({ timeout: 60_000 });
    await screenshot(page, 'public-mode-vault-page');
    await page.getByRole('button', { name: 'Overview', exact: true }).click();
  });

  it('lists the public vaults on the Vaults screen', async () => {
    await page.getByRole('button', { name: 'Vaults', exact: true }).click();
    const rows = page.locator('table[aria-label="Public vaults"] tbody tr');
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBeGreaterThan(0);
    const first = view.vaults[0]!;
    await page.locator('table[aria-label="Public vaults"] tbody tr', { hasText: first.name }).first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.notice-error').count()).toBe(0);
    expect(await page.getByTestId('vaults-keyless').textContent()).toMatch(/no categories, types or chains/);
    await screenshot(page, 'public-mode-vaults');
  });

  it('offers no signing, saying a key is needed', async () => {
    await page.getByRole('button', { name: 'Signing', exact: true }).click();
    const notice = page.getByTestId('signing-needs-key');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toContain('Signing needs an API key');
    expect(await page.getByRole('form', { name: 'New operation' }).count()).toBe(0);
    // The batch list offers nothing this mode cannot do.
    expect(await page.getByText('start a new operation above').count()).toBe(0);
    expect(await page.getByText('once the service is read with its key').count()).toBe(1);
    await screenshot(page, 'public-mode-signing');
  });

  it('offers to add a key in Settings', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect.poll(() => page.getByTestId('current-source').textContent(), { timeout: 30_000 }).toBe(`${world.url}, public data only (no API key)`);
    expect(await page.getByTestId('public-mode-notice').textContent()).toMatch(/Add the key you were issued here/);
    expect(await page.getByLabel('Service address').inputValue()).toBe(world.url);
    expect(await page.getByLabel('API key').isVisible()).toBe(true);
    await screenshot(page, 'public-mode-settings');
    // Chains: found through the operator's RPCs, and another chain added by its id.
    const another = page.getByRole('region', { name: 'Another chain' });
    await another.scrollIntoViewIfNeeded();
    expect(await page.getByTestId('chains-public').textContent()).toMatch(/finds it among the chains you set an RPC for/);
    expect(await another.getByLabel('Chain id').isVisible()).toBe(true);
    await screenshot(page, 'public-mode-chains');
  });

  it('ran without page errors', () => {
    expect(ui.watched.errors).toEqual([]);
  });
});
