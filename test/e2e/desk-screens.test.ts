import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Portfolio, PositionRow } from '../../shared/portfolio/schemas';
import { screenshot } from './support/browser';
import { openDemoPage, type ConsolePage } from './support/console-page';
import { openScreen } from './support/screens';

// A desk's screens as an operator walks them (issue 34, screens): the way back from a page goes where
// the operator came from, and each filter keeps exactly what it names.
let ui: ConsolePage;
let page: Page;
let truth: Portfolio;

beforeAll(async () => {
  ui = await openDemoPage();
  page = ui.page;
  truth = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, { transport: 'browser' });
}, 240_000);

afterAll(async () => {
  await ui?.close();
});

const menu = () => page.getByRole('navigation', { name: 'Main' });
const litEntry = () => menu().locator('.nav-item.active').textContent();

describe('the vault page', () => {
  it.each([
    ['Vaults', 'table'],
    ['Overview', 'table[aria-label="Vault totals"]'],
    ['Performance', 'table'],
  ])('opened from %s, keeps that entry lit and its back button returns there', async (from, table) => {
    const vault = truth.vaults[0]!;
    await openScreen(page, from);
    await page.locator(`${table} .vault-link`, { hasText: vault.name }).first().click();
    await page.getByTestId('vault-insights').waitFor({ timeout: 60_000 });
    const back = page.getByRole('button', { name: `← ${from}` });
    expect(await back.count()).toBe(1);
    expect(await litEntry()).toBe(from);
    if (from === 'Vaults') await screenshot(page, 'vault-page-from-vaults');
    await back.click();
    await expect.poll(() => page.locator('.screen h1, .screen-header h1').first().textContent()).toBe(from);
    expect(await litEntry()).toBe(from);
  });
});

const holds = (v: string | null) => v !== null && v !== '0';
const holding = (p: PositionRow) =>
  holds(p.trancheBalance) || holds(p.pendingDeposit) || holds(p.pendingWithdraw) || holds(p.pendingRedeem) || holds(p.pendingInstantRedeem) || p.claimable.length > 0;

describe('the Positions filter', () => {
  it('shows the pairs it names: holdings by default, empty pairs with KYC to do apart', async () => {
    const held = truth.positions.filter(holding).length;
    const kyc = truth.positions.filter((p) => !holding(p) && p.allowed === false).length;
    // The demo has wallets still to be let in (else this test would show nothing).
    expect(kyc).toBeGreaterThan(0);
    await openScreen(page, 'Positions');
    const show = page.getByLabel('Show pairs');
    const count = () => page.getByText(/of \d[\d,]* wallet × vault pairs/).first().textContent();
    await expect.poll(count, { timeout: 60_000 }).toContain(`${held} of ${truth.positions.length}`);
    await show.selectOption('kyc');
    await expect.poll(count).toContain(`${kyc} of ${truth.positions.length}`);
    await show.selectOption('all');
    await expect.poll(count).toContain(`${truth.positions.length} of ${truth.positions.length}`);
    await show.selectOption('holding');
    await screenshot(page, 'positions-show-filter');
  });
});
