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

/** The money figures on screen whose number is cut by a cell, a column or a table that clips it. */
const cutFigures = () =>
  page.evaluate(() => {
    const cut: string[] = [];
    for (const amount of document.querySelectorAll<HTMLElement>('.screen .amount')) {
      const number = [...amount.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
      if (!number) continue;
      const range = document.createRange();
      range.selectNodeContents(number);
      const box = range.getBoundingClientRect();
      if (box.width === 0) continue;
      for (let el = amount.parentElement; el && el !== document.body; el = el.parentElement) {
        if (getComputedStyle(el).overflowX === 'visible') continue;
        const clip = el.getBoundingClientRect();
        if (box.right > clip.right + 0.5 || box.left < clip.left - 0.5) {
          cut.push((amount.textContent ?? '').trim());
          break;
        }
      }
    }
    return cut;
  });

describe('money figures', () => {
  it.each([
    [1024, 700],
    [1440, 900],
  ])('are whole at %i px on Overview, Positions, Requests and Transactions', async (width, height) => {
    await page.setViewportSize({ width, height });
    try {
      for (const screen of ['Overview', 'Positions', 'Requests', 'Transactions']) {
        await openScreen(page, screen);
        await page.locator('.screen .amount').first().waitFor({ timeout: 60_000 });
        expect({ screen, cut: await cutFigures() }).toEqual({ screen, cut: [] });
        // Nor does a table need sideways scrolling to show them.
        const sideways = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.screen .vt, .screen .table-wrap')].filter((t) => t.scrollWidth > t.clientWidth + 1).length,
        );
        expect({ screen, sideways }).toEqual({ screen, sideways: 0 });
        if (width === 1024) await screenshot(page, `figures-1024-${screen.toLowerCase()}`);
      }
    } finally {
      await page.setViewportSize({ width: 1360, height: 860 });
    }
  });
});

describe('the keyboard', () => {
  it('meets a skip link first, which takes it past the banner and the menu to the screen', async () => {
    await page.reload();
    await page.locator('.screen h1, .screen-header h1').first().waitFor({ timeout: 60_000 });
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => ({ text: document.activeElement?.textContent ?? '', id: document.activeElement?.id ?? '' }));
    expect((await focused()).text).toBe('Skip to content');
    expect(await page.getByRole('link', { name: 'Skip to content' }).isVisible()).toBe(true);
    await screenshot(page, 'skip-link');
    await page.keyboard.press('Enter');
    expect((await focused()).id).toBe('main-content');
    // The next Tab lands in the screen's content, not in the menu or the banner.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#main-content')))).toBe(true);
  });
});
