import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { campaignState } from '../../shared/insights/points';
import { chainTimeNow } from '../../shared/domain/schedule';
import type { Portfolio } from '../../shared/portfolio/schemas';
import { openDemoPage, type ConsolePage } from './support/console-page';
import { screenshotsAtDeskSizes } from './support/four-shots';
import { openScreen } from './support/screens';
import { signingUi } from './support/signing';

// A desk's screens in one clock and one format (issue 34, screens): the demo's date on the banner and
// campaigns on the chains' clock; dates and numbers in the reader's locale (en-GB), said once; the
// Transactions day filters in that locale; the review's simulation totals per chain and token.
let ui: ConsolePage;
let page: Page;
let truth: Portfolio;
const ctx = { transport: 'browser' as const };
const s = signingUi(() => ui);

beforeAll(async () => {
  ui = await openDemoPage();
  page = ui.page;
  truth = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
}, 240_000);

afterAll(async () => {
  await ui?.close();
});

const GB_DATE = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'short', day: 'numeric' });
/** The chains' time now, as the console reads it: the furthest of the vaults' clocks. */
const chainNow = () => Math.max(...truth.vaults.map((v) => chainTimeNow(v.cycle?.asOf, truth.generatedAtMs, Date.now())));

describe('one clock in the demo', () => {
  it('states the demo’s date on the banner, and how far ahead of today it is', async () => {
    const now = chainNow();
    const ahead = Math.floor((now - Date.now() / 1000) / 86_400);
    // The demo's chains run weeks ahead of this machine's clock.
    expect(ahead).toBeGreaterThan(7);
    const clock = page.getByTestId('demo-clock');
    await expect.poll(() => clock.textContent(), { timeout: 30_000 }).toContain(`Demo clock: ${GB_DATE.format(now * 1000)}, ${ahead} days ahead of today.`);
    await screenshotsAtDeskSizes(page, 'demo-clock-banner');
  });

  it('shows each campaign’s state and its countdown by the chains’ clock', async () => {
    const list = await ui.c.runtime.handlers.campaigns.list({}, ctx);
    await openScreen(page, 'Campaigns');
    const now = chainNow();
    for (const c of list.campaigns) {
      const state = campaignState(c.startDate, c.endDate, now);
      await expect.poll(() => page.locator(`tr[data-campaign-id="${c.id}"] [data-campaign-state]`).getAttribute('data-campaign-state')).toBe(state);
    }
    const running = list.campaigns.find((c) => campaignState(c.startDate, c.endDate, now) === 'running' && c.endDate !== null)!;
    expect(running).toBeDefined();
    await page.locator(`tr[data-campaign-id="${running.id}"] button.link-button`).click();
    const days = Math.floor((running.endDate! - chainNow()) / 86_400);
    // "in 24d 5h" by the chains' clock; by this machine's it would be weeks more.
    const countdown = page.locator('.fact', { hasText: 'Ends' }).locator('.countdown');
    await expect.poll(() => countdown.textContent(), { timeout: 30_000 }).toMatch(new RegExp(`^in (${days}|${days + 1})d `));
    await screenshotsAtDeskSizes(page, 'campaign-chain-clock');
  });
});

describe('one date and number format', () => {
  it('says it once, at the foot of the menu', async () => {
    expect(await page.getByTestId('locale-note').textContent()).toBe('Dates and numbers: en-GB');
  });

  it('writes every date of the portfolio screens in the same form', async () => {
    const dated = /^\d{1,2} [A-Z][a-z]{2,3} \d{4}(, \d{2}:\d{2})?$/;
    for (const screen of ['Overview', 'Positions', 'Requests', 'Transactions', 'Campaigns']) {
      await openScreen(page, screen);
      // The screens with dates in their rows show them once their figures are in.
      if (screen === 'Transactions' || screen === 'Campaigns') await expect.poll(() => page.locator('.screen time').count(), { timeout: 60_000 }).toBeGreaterThan(0);
      const dates = await page.locator('.screen time').allTextContents();
      for (const d of dates) expect(d, `${screen}: ${d}`).toMatch(dated);
    }
  });

  it('takes the Transactions days as en-GB writes them, not in the browser picker’s mm/dd/yyyy', async () => {
    await openScreen(page, 'Transactions');
    const from = page.getByLabel('From (UTC day)');
    expect(await from.getAttribute('placeholder')).toBe('dd/mm/yyyy');
    const count = () => page.locator('.screen-sub').first().textContent();
    const all = await count();
    await from.fill('31/12/2099');
    await expect.poll(count).not.toBe(all);
    await from.fill('02/31/2027');
    // A day that does not exist filters nothing, and says how to write one.
    await expect.poll(count).toBe(all);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Not a day' }).textContent()).toBe('Not a day: write it as dd/mm/yyyy.');
    await screenshotsAtDeskSizes(page, 'transactions-day-filter');
    await from.fill('');
    await expect.poll(count).toBe(all);
  });
});

describe('the review’s simulation totals', () => {
  it('are a table per chain and token, each line naming its chain', async () => {
    const claimable = (vaultId: string) => truth.requests.filter((r) => r.vaultId === vaultId && r.phase === 'claimable' && r.action?.kind === 'claim');
    const byChain = new Map<number, Portfolio['vaults'][number]>();
    for (const v of truth.vaults.filter((x) => claimable(x.id).length > 0).sort((a, b) => claimable(a.id).length - claimable(b.id).length)) {
      if (!byChain.has(v.chain.chainId)) byChain.set(v.chain.chainId, v);
    }
    const vaults = [...byChain.values()];
    expect(vaults).toHaveLength(2);
    const picked = vaults.flatMap((v) => claimable(v.id));
    await openScreen(page, 'Requests');
    const table = page.locator('[role="table"][aria-label="Requests"]');
    for (const vault of vaults) {
      await page.getByLabel('Vault').selectOption({ label: vault.name });
      await page.getByLabel('Status').selectOption('claimable');
      await expect.poll(() => table.locator('[data-row-id]').count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(claimable(vault.id).length);
      await page.getByLabel('Select all rows shown').check();
    }
    await page.getByRole('button', { name: new RegExp(`^Review and sign \\d+ claims in 2 vaults`) }).click();
    const sim = page.getByTestId('plan-simulation');
    await expect.poll(() => sim.getAttribute('data-state'), { timeout: 180_000 }).toBe('simulated');
    const totals = sim.getByRole('table', { name: 'Your wallets in total' });
    const lines = await totals.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-chain-id'), r.children[0]!.textContent]));
    const names = new Map(vaults.map((v) => [String(v.chain.chainId), v.chain.name]));
    expect(new Set(lines.map(([id]) => id))).toEqual(new Set(names.keys()));
    for (const [id, name] of lines) expect(name).toBe(names.get(id!));
    expect(picked.length).toBeGreaterThan(1);
    await screenshotsAtDeskSizes(page, 'review-simulation-totals');

    // Signed, the batch is listed with its count and its date in the console's one form.
    const batchId = await s.startSigning();
    await s.approveUntilDone();
    const listed = page.locator(`.batch-list li[data-batch-id="${batchId}"]`);
    await expect.poll(() => listed.getByTestId('batch-counts').textContent(), { timeout: 60_000 }).toBe(`${picked.length}/${picked.length} confirmed`);
    expect(await listed.locator('time').textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/);
    // The list is what these pictures are about: in view at each size, however far down the screen puts it.
    await screenshotsAtDeskSizes(page, 'signing-batch-list', listed);
  }, 600_000);

  it('ran without page errors', () => {
    expect(ui.watched.errors).toEqual([]);
  });
});
