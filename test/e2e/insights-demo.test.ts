import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { ServiceClient } from '../../electron/services/service-client';
import type { Portfolio } from '../../shared/portfolio/schemas';
import type { TestConsole } from '../support/console';
import { screenshot } from './support/browser';
import { openDemoPage } from './support/console-page';

// The demo as a user gets it: the local vaults the indexer serves have operators, integrations and
// performance records, and the seeded lenders earn points in the running campaign from their
// deposits. The cycle drivers are held still so the page and the service agree at the same moment.
let c: TestConsole;
let browser: BrowserContext;
let page: Page;
let watched: { errors: string[] };
let truth: Portfolio;
let service: ServiceClient;
const ctx = { transport: 'browser' as const };

beforeAll(async () => {
  ({ c, browser, page, watched } = await openDemoPage());
  truth = await c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
  service = c.service();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await c?.close();
});

describe('a local vault’s page', () => {
  it('links to its operators and shows its integrations and performance', async () => {
    const vault = truth.vaults[0]!;
    await page.locator(`tr[data-vault-id="${vault.id}"]`).getByRole('button', { name: vault.name }).click();
    const insights = page.getByTestId('vault-insights');
    const chips = insights.getByRole('list', { name: 'Operators' }).locator('.chip-kind');
    await expect.poll(() => chips.allTextContents(), { timeout: 20_000 }).toEqual(['Protocol', 'Borrower', 'Curator']);
    expect(await page.getByTestId('vault-category').textContent()).toBe('Private credit');
    expect(await insights.locator('[data-key="custodian.name"] dd').textContent()).toBe('Fireblocks');
    // The protocol's schema sorts performance records by `_id` only: the latest is picked here.
    const [latest] = (await service.listAll('vaultPerformances', { filter: { vaultId: vault.id } })).sort((a, b) => (b.block?.number ?? 0) - (a.block?.number ?? 0));
    await expect.poll(() => page.getByTestId('vault-holders').textContent()).toBe(String(latest!.holders));
    expect(latest!.holders).toBeGreaterThan(0);
    await screenshot(page, 'vault-page-demo');
    await insights.scrollIntoViewIfNeeded();
    await screenshot(page, 'vault-page-demo-profile');
  });
});

describe('campaign points of the demo lenders', () => {
  it('match the service for every lender of the batch, with the batch’s totals', async () => {
    const book = await c.runtime.handlers.wallets.list({}, ctx);
    const group = book.groups.find((g) => g.name === 'Demo lenders')!;
    const lenders = book.wallets.filter((w) => w.groupIds.includes(group.id));
    const campaign = (await service.listAll('campaigns')).find((x) => x.code === 'SEASON_2')!;
    const expected = await Promise.all(lenders.map(async (w) => ({ wallet: w.address, ...(await service.getCampaignPoints(campaign._id, w.address)) })));
    // Lenders with deposits in the local vaults earn; the rest have none.
    expect(expected.filter((e) => e.points > 0).length).toBeGreaterThan(3);

    await page.getByRole('button', { name: 'Campaigns', exact: true }).click();
    await page.getByRole('button', { name: 'Season 2 points' }).click();
    await page.getByLabel('Batch of wallets').selectOption(group.id);
    const rows = page.locator('table[aria-label="Campaign points"] tbody tr');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(lenders.length);
    for (const e of expected) {
      expect(Number(await page.locator(`tr[data-wallet="${e.wallet}"] [data-points]`).getAttribute('data-points'))).toBe(e.points);
    }
    const sum = Math.round(expected.reduce((s, e) => s + Math.round(e.points * 100), 0)) / 100;
    expect(Number(await page.getByTestId('points-totals').locator('[data-points]').getAttribute('data-points'))).toBe(sum);
    // Local vaults are among the vaults the campaign concerns.
    expect(await page.locator(`table[aria-label="Campaign vaults"] tr[data-vault-id="${truth.vaults[0]!.id}"]`).count()).toBe(1);
    await screenshot(page, 'campaign-demo');
  });

  it('ran without page errors', () => {
    expect(watched.errors).toEqual([]);
  });
});
