import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { ServiceClient } from '../../electron/services/service-client';
import { POINTS_COLUMNS } from '../../electron/services/insights/points-csv';
import type { ResourceItem } from '../../shared/service';
import { serviceOnlySimulation } from '../support/console';
import { openChromium, screenshot, watchPage } from './support/browser';
import { openConsolePage, type ConsolePage } from './support/console-page';

// Campaigns and points, operators, performance, the vault page's profile and the Vaults screen's
// filters, on the simulated service (its generated catalog: 10 vaults, 5 operators, 2 campaigns,
// 50 wallets with points). The service is read directly, with its own client, as the ground truth.
let ui: ConsolePage;
let page: Page;
let service: ServiceClient;
let truth: {
  vaults: ResourceItem<'vaults'>[];
  operators: ResourceItem<'operators'>[];
  categories: ResourceItem<'vaultCategories'>[];
  types: ResourceItem<'vaultTypes'>[];
  campaigns: ResourceItem<'campaigns'>[];
};
const ctx = { transport: 'browser' as const };
let groupId: string;
/** The batch: three wallets that earn points in the running campaign, and one that has none. */
let batch: Array<{ address: string; label: string }>;
let season2: ResourceItem<'campaigns'>;

const publicVaults = () => truth.vaults.filter((v) => v.visibility === 'PUBLIC');

beforeAll(async () => {
  ui = await openConsolePage({ startSimulation: serviceOnlySimulation }, 'Vaults');
  page = ui.page;
  // Any call that needs the service waits for the simulation to be up.
  await ui.c.runtime.handlers.vaults.list({}, ctx);
  service = ui.c.service();
  const [vaults, operators, categories, types, campaigns] = await Promise.all([
    service.listAll('vaults'),
    service.listAll('operators'),
    service.listAll('vaultCategories'),
    service.listAll('vaultTypes'),
    service.listAll('campaigns'),
  ]);
  truth = { vaults, operators, categories, types, campaigns };
  season2 = campaigns.find((c) => c.code === 'SEASON_2')!;

  // Wallets the service knows, found through the points it gives them.
  const transactions = await service.listAll('transactions', { limit: 200 });
  const known = [...new Set(transactions.map((t) => t.walletAddress!).filter(Boolean))];
  const earning: string[] = [];
  let idle: string | null = null;
  for (const address of known) {
    const p = await service.getCampaignPoints(season2._id, address);
    if (p.points > 0 && earning.length < 3) earning.push(address);
    if (p.points === 0 && idle === null) idle = address;
    if (earning.length === 3 && idle) break;
  }
  expect(earning).toHaveLength(3);
  // A wallet the service has never seen has no points: the page must show it with zero.
  idle ??= '0x000000000000000000000000000000000000dEaD';
  batch = [...earning.map((address, i) => ({ address, label: `Lender ${String.fromCharCode(65 + i)}` })), { address: idle, label: 'Idle lender' }];
  const group = await ui.c.runtime.handlers.wallets.createGroup({ name: 'Points batch' }, ctx);
  groupId = group.id;
  for (const w of batch) await ui.c.runtime.handlers.wallets.add({ address: w.address, label: w.label, groupIds: [groupId] }, ctx);
  // Another wallet outside the batch: its points must not count.
  await ui.c.runtime.handlers.wallets.add({ address: known.find((a) => !batch.some((b) => b.address === a))!, label: 'Elsewhere' }, ctx);
}, 120_000);

afterAll(async () => {
  await ui?.close();
});

describe('Vaults screen filters', () => {
  it('narrows the public vaults by category and by type, and never shows the others', async () => {
    const rows = page.locator('table[aria-label="Public vaults"] tbody tr');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(publicVaults().length);
    const shownIds = () => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-vault-id')!).sort());

    const yieldCategory = truth.categories.find((c) => c.code === 'YIELD')!;
    await page.getByLabel('Category').selectOption(yieldCategory._id);
    const yieldVaults = publicVaults().filter((v) => v.categoryId === yieldCategory._id);
    expect(yieldVaults.length).toBeGreaterThan(0);
    await expect.poll(shownIds).toEqual(yieldVaults.map((v) => v._id).sort());
    expect(await page.locator('.screen-sub').first().textContent()).toContain(`${yieldVaults.length} of ${publicVaults().length} public vaults`);

    await page.getByLabel('Category').selectOption('');
    const trancheType = truth.types.find((t) => t.code === 'TRANCHE')!;
    await page.getByLabel('Vault type').selectOption(trancheType._id);
    await expect.poll(shownIds).toEqual(publicVaults().filter((v) => v.typeId === trancheType._id).map((v) => v._id).sort());
    // A restricted tranche vault exists, and stays out.
    expect(truth.vaults.some((v) => v.typeId === trancheType._id && v.visibility !== 'PUBLIC')).toBe(true);

    const creditCategory = truth.categories.find((c) => c.code === 'CREDIT')!;
    await page.getByLabel('Category').selectOption(creditCategory._id);
    await expect.poll(() => page.getByText('No public vault has this category and type.').count()).toBe(1);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows.count()).toBe(publicVaults().length);

    await page.getByLabel('Category').selectOption(creditCategory._id);
    await expect.poll(shownIds).toEqual(publicVaults().filter((v) => v.categoryId === creditCategory._id).map((v) => v._id).sort());
    await screenshot(page, 'vaults-filters');
    await page.getByRole('button', { name: 'Clear filters' }).click();
  });
});

describe('Vault page', () => {
  it('names the vault’s category, type and operators, and shows its integrations as key/values', async () => {
    const vault = publicVaults().find((v) => v.name === 'Northwind USDC Credit')!;
    await page.locator(`tr[data-vault-id="${vault._id}"]`).getByRole('button', { name: vault.name }).click();
    const insights = page.getByTestId('vault-insights');
    await expect.poll(() => page.getByTestId('vault-category').textContent(), { timeout: 20_000 }).toBe('Private credit');
    expect(await page.getByTestId('vault-type').textContent()).toBe('Credit vault');
    expect(await page.locator('h1').first().textContent()).toBe(vault.name);
    await screenshot(page, 'vault-page-top');

    const chips = insights.getByRole('list', { name: 'Operators' }).getByRole('button');
    const names = await chips.allTextContents();
    const expected = vault.operatorIds!.map((id) => truth.operators.find((o) => o._id === id)!);
    expect(names).toEqual(expected.map((o) => `${o.type!.charAt(0)}${o.type!.slice(1).toLowerCase()}${o.name}`));

    // Its campaigns, in the protocol's model: the vault names them (`campaigns[{_id, isActive}]`),
    // the campaigns' rules name the vault (`rules[].vaultIds`), and no campaign has a `vaultIds` of its own.
    expect(truth.campaigns.every((c) => !('vaultIds' in c))).toBe(true);
    const mine = truth.campaigns.filter((c) => (c.rules as Array<{ vaultIds?: string[] }>).some((r) => r.vaultIds?.includes(vault._id)));
    expect(mine.length).toBe(2);
    expect((vault.campaigns as Array<{ _id: string }>).map((c) => c._id).sort()).toEqual(mine.map((c) => c._id).sort());
    const campaignChips = insights.getByRole('list', { name: 'Campaigns' }).getByRole('button');
    await expect.poll(() => campaignChips.count()).toBe(mine.length);
    const chipTexts = await campaignChips.allTextContents();
    for (const c of mine) expect(chipTexts.some((t) => t.includes((c.name as { en: string }).en))).toBe(true);
    await insights.getByRole('list', { name: 'Campaigns' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'vault-page-campaigns');

    expect(await insights.locator('[data-key="defillama.pool"] dt').textContent()).toBe('Defillama › Pool');
    expect(await insights.locator('[data-key="defillama.pool"] dd').textContent()).toBe(vault._id);
    expect(await insights.locator('[data-key="custodian.segregated"] dd').textContent()).toBe('yes');
    expect(await insights.locator('[data-key="coingecko.id"] dd').textContent()).toBe('not set');
  });

  it('opens an integration link only when the console’s allowlist accepts it', async () => {
    const insights = page.getByTestId('vault-insights');
    const docs = insights.locator('[data-key="links.docs"] dd');
    const analytics = insights.locator('[data-key="links.analytics"] dd');
    // The docs live on the protocol's own site, which its operator record names; the analytics host is unknown.
    await docs.getByRole('button').click();
    await expect.poll(() => ui.c.opened).toEqual(['https://vaultline.example/docs/vaults/aa_nwusdc']);
    expect(await analytics.getByRole('button').count()).toBe(0);
    expect(await analytics.textContent()).toContain('https://defillama.com/yields/pool/');
  });

  it('shows the latest performance record, its history and the underlying’s price from token blocks', async () => {
    const vault = publicVaults().find((v) => v.name === 'Northwind USDC Credit')!;
    // The protocol's schema sorts performance records by `_id` only: newest first is ordered here.
    const all = await service.listAll('vaultPerformances', { filter: { vaultId: vault._id } });
    const records = { data: all.sort((a, b) => (b.block?.number ?? 0) - (a.block?.number ?? 0)).slice(0, 200) };
    const latest = records.data[0]!;
    await expect.poll(() => page.getByTestId('vault-realized-apy').textContent()).toBe(`${latest.realizedAPY.toLocaleString('en-GB', { maximumFractionDigits: 2 })} %`);
    expect(await page.getByTestId('vault-holders').textContent()).toBe(latest.holders.toLocaleString('en-GB'));
    const apyChart = page.getByRole('img', { name: /^Realized APY over time/ });
    expect(await apyChart.getAttribute('aria-label')).toContain(`${records.data.length} records`);
    expect(await apyChart.locator('circle').count()).toBe(records.data.length);
    const prices = await service.listTokenBlocks({ filter: { tokenId: vault.tokenId } });
    const priceChart = page.getByRole('img', { name: /^USDC price in USD/ });
    expect(await priceChart.locator('circle').count()).toBe(prices.data.length);
    await page.getByTestId('vault-insights').scrollIntoViewIfNeeded();
    await screenshot(page, 'vault-page-profile');
  });
});

describe('Operator page', () => {
  it('opens from the vault page, with description, links and the public vaults it borrows from', async () => {
    const northwind = truth.operators.find((o) => o.code === 'NORTHWIND')!;
    await page.locator(`button[data-operator-id="${northwind._id}"]`).click();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Northwind Credit');
    expect(await page.locator('.lead').textContent()).toBe((northwind.description as { en: string }).en);
    expect(await page.getByRole('heading', { name: 'Vaults it borrows from' }).count()).toBe(1);

    const mine = truth.vaults.filter((v) => v.operatorIds?.includes(northwind._id));
    const shown = mine.filter((v) => v.visibility === 'PUBLIC');
    expect(mine.length).toBeGreaterThan(shown.length);
    const rows = page.locator('table[aria-label="Operator vaults"] tbody tr');
    await expect.poll(() => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-vault-id')).sort())).toEqual(shown.map((v) => v._id).sort());
    expect(await page.getByText(`${mine.length - shown.length} restricted or hidden not shown`).count()).toBe(1);

    expect(await page.locator('dl[aria-label="Operator links"] dt').allTextContents()).toEqual(['Website', 'Docs', 'X']);
    await page.locator('dl[aria-label="Operator links"] [data-key="website"]').getByRole('button').click();
    await expect.poll(() => ui.c.opened.at(-1)).toBe('https://northwind.example/');
    await screenshot(page, 'operator-page');

    // Back to a vault from the operator's list.
    await rows.first().getByRole('button').click();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe([...shown].sort((a, b) => a.name.localeCompare(b.name))[0]!.name);
  });

  it('lists every operator, the protocol first', async () => {
    await page.getByRole('button', { name: 'Operators', exact: true }).click();
    const rows = page.locator('table[aria-label="Operators"] tbody tr');
    await expect.poll(() => rows.count()).toBe(truth.operators.length);
    expect(await rows.first().textContent()).toContain('Vaultline');
    const counts = await rows.evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-operator-id'), tr.querySelector('td.num')?.textContent]));
    for (const [id, shown] of counts) {
      expect(Number(shown)).toBe(publicVaults().filter((v) => v.operatorIds?.includes(id!)).length);
    }
    await screenshot(page, 'operators');
  });
});

describe('Performance overview', () => {
  it('compares the latest record of every public vault, in a table and a chart', async () => {
    // The protocol's service answers an aggregate at /v1/vaults/performances: each vault's latest
    // performance record is the line the screen compares.
    const latest = new Map<string, Awaited<ReturnType<typeof service.listAll<'vaultPerformances'>>>[number]>();
    for (const r of await service.listAll('vaultPerformances')) {
      const held = latest.get(r.vaultId);
      if (!held || (r.block?.number ?? 0) > (held.block?.number ?? 0)) latest.set(r.vaultId, r);
    }
    const overview = [...latest.values()];
    const expected = publicVaults().filter((v) => overview.some((o) => o.vaultId === v._id));
    await page.getByRole('button', { name: 'Performance', exact: true }).click();
    const rows = page.locator('table[aria-label="Performance comparison"] tbody tr');
    await expect.poll(() => rows.count()).toBe(expected.length);
    const apys = await rows.evaluateAll((trs) =>
      trs.map((tr) => [tr.getAttribute('data-vault-id'), Number(tr.querySelector('[data-apy]')?.getAttribute('data-apy')), tr.getAttribute('data-set-apart') !== null] as const),
    );
    for (const [id, apy] of apys) expect(apy).toBe(overview.find((o) => o.vaultId === id)!.realizedAPY);
    // Highest realized APY first among the vaults running as usual; the paused and disabled ones set apart after them, in the same order.
    const apart = apys.map(([, , a]) => a);
    expect(apart.slice(apart.indexOf(true) === -1 ? apart.length : apart.indexOf(true)).every(Boolean)).toBe(true);
    for (const group of [false, true]) {
      const values = apys.filter(([, , a]) => a === group).map(([, apy]) => apy);
      expect(values).toEqual([...values].sort((a, b) => b - a));
    }
    expect(await page.locator('svg.bar-chart rect.bar').count()).toBe(expected.length);

    const top = overview.find((o) => o.vaultId === apys[0]![0])!;
    const topRow = rows.first();
    expect(await topRow.textContent()).toContain(top.holders!.toLocaleString('en-GB'));
    await screenshot(page, 'performance');

    await page.getByRole('button', { name: 'Holders' }).click();
    const holders = await rows.evaluateAll((trs) => trs.map((tr) => [Number(tr.querySelectorAll('td')[2]!.textContent!.replace(/,/g, '')), tr.getAttribute('data-set-apart') !== null] as const));
    for (const group of [false, true]) {
      const values = holders.filter(([, a]) => a === group).map(([h]) => h);
      expect(values).toEqual([...values].sort((a, b) => b - a));
    }
  });
});

describe('Campaigns', () => {
  it('lists the campaigns, running first, with their dates and vault counts', async () => {
    await page.getByRole('button', { name: 'Campaigns', exact: true }).click();
    const rows = page.locator('table[aria-label="Campaigns"] tbody tr');
    await expect.poll(() => rows.count()).toBe(truth.campaigns.length);
    expect(await rows.first().getAttribute('data-campaign-id')).toBe(season2._id);
    expect(await rows.first().locator('[data-campaign-state]').getAttribute('data-campaign-state')).toBe('running');
    expect(await rows.nth(1).locator('[data-campaign-state]').getAttribute('data-campaign-state')).toBe('finished');
    expect(await rows.first().textContent()).toContain('Season 2 points');
    await screenshot(page, 'campaigns');
  });

  it('shows the rules, the vaults concerned and each wallet’s points with the batch’s totals', async () => {
    await page.getByRole('button', { name: 'Season 2 points' }).click();
    await page.getByLabel('Batch of wallets').selectOption(groupId);
    const expected = await Promise.all(batch.map(async (w) => ({ ...w, ...(await service.getCampaignPoints(season2._id, w.address)) })));
    const rows = page.locator('table[aria-label="Campaign points"] tbody tr');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(batch.length);
    for (const w of expected) {
      const row = page.locator(`tr[data-wallet="${w.address}"]`);
      expect(Number(await row.locator('[data-points]').getAttribute('data-points'))).toBe(w.points);
      expect(await row.textContent()).toContain(w.label);
      expect(await row.textContent()).toContain(`×${(w.multiplier ?? 1).toLocaleString('en-GB', { maximumFractionDigits: 2 })}`);
    }
    const sum = Math.round(expected.reduce((s, w) => s + w.points * 100, 0)) / 100;
    const totals = page.getByTestId('points-totals');
    expect(Number(await totals.locator('[data-points]').getAttribute('data-points'))).toBe(sum);
    expect(await totals.textContent()).toContain(sum.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    expect(await page.getByTestId('batch-points-total').textContent()).toContain(`${batch.length} wallets, 3 earning`);

    // The protocol's rules: each titled by its name; the vaults concerned are the public ones among
    // the rules' `vaultIds` (the campaign has no vault list of its own).
    const rules = season2.rules as Array<{ name: { en: string }; vaultIds: string[] }>;
    for (const r of rules) expect(await page.getByRole('heading', { name: r.name.en }).count()).toBe(1);
    expect(await page.locator('dl[aria-label="Rule: Points per dollar per day"]').count()).toBe(1);
    const concerned = [...new Set(rules.flatMap((r) => r.vaultIds))].filter((id) => truth.vaults.find((v) => v._id === id)?.visibility === 'PUBLIC');
    expect(concerned.length).toBeGreaterThan(0);
    const vaultRows = page.locator('table[aria-label="Campaign vaults"] tbody tr');
    expect(await vaultRows.count()).toBe(concerned.length);
    await screenshot(page, 'campaign-page');
  });

  it('exports the batch’s points as CSV: columns, two decimals, and a totals line', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^vaultdesk-points-season-2-points-batch-\d{4}-\d{2}-\d{2}\.csv$/);
    const parsed = Papa.parse<string[]>(readFileSync((await download.path())!, 'utf8').trim(), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual([...POINTS_COLUMNS]);
    const body = parsed.slice(1, -1);
    expect(body.map((r) => r[0]).sort()).toEqual(batch.map((w) => w.address).sort());
    let sum = 0;
    for (const w of batch) {
      const p = await service.getCampaignPoints(season2._id, w.address);
      const line = body.find((r) => r[0] === w.address)!;
      expect(line[1]).toBe(w.label);
      expect(line[2]).toBe(p.points.toFixed(2));
      expect(line[3]).toBe((p.perDay ?? 0).toFixed(2));
      expect(line[4]).toBe((p.multiplier ?? 1).toFixed(2));
      sum += Math.round(p.points * 100);
    }
    const totals = parsed.at(-1)!;
    expect(totals[0]).toBe('TOTAL');
    expect(totals[2]).toBe((sum / 100).toFixed(2));
    expect(totals[5]).toBe(`${batch.length} wallets, 3 earning`);
    // Every figure has exactly two decimals.
    for (const r of parsed.slice(1)) for (const cell of r.slice(2, 4)) expect(cell).toMatch(/^\d+\.\d{2}$/);
  });

  it('ran without page errors', () => {
    expect(ui.watched.errors).toEqual([]);
  });
});

describe('in the reader’s language', () => {
  let browser: BrowserContext;
  afterAll(async () => {
    await browser?.close();
  });

  it('shows campaign names and operator descriptions in French, with English where there is no French', async () => {
    browser = await openChromium({ locale: 'fr-FR' });
    const fr = await browser.newPage();
    const watched = watchPage(fr);
    await fr.goto(ui.c.shell.launchUrl);
    await fr.getByRole('button', { name: 'Campaigns', exact: true }).click();
    const first = fr.locator('table[aria-label="Campaigns"] tbody tr').first();
    await expect.poll(() => first.textContent(), { timeout: 20_000 }).toContain('Saison 2 points');
    // The campaign description exists in English only.
    expect(await first.textContent()).toContain('Earn points for every dollar deposited per day');
    await fr.getByRole('button', { name: 'Operators', exact: true }).click();
    const meridian = truth.operators.find((o) => o.code === 'MERIDIAN')!;
    await expect.poll(() => fr.locator(`tr[data-operator-id="${meridian._id}"]`).textContent()).toContain((meridian.description as unknown as { fr: string }).fr);
    await screenshot(fr, 'operators-fr');
    expect(watched.errors).toEqual([]);
  });
});
