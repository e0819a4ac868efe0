import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ConsolePage } from './support/console-page';
import { demoPageInSmallestWindowForFile, SMALLEST_WINDOW } from './support/smallest-window';
import { openScreen } from './support/screens';
import { screenshot } from './support/browser';

// The smallest window the console supports, 1024 × 700: every column on screen, nothing under the
// emulated Ledger's panel, and the tables worked from the keyboard alone.
let opened: ConsolePage;
let page: Page;

demoPageInSmallestWindowForFile((u, p) => ([opened, page] = [u, p]));

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The header is wholly inside the window, and not under the device panel. */
async function expectOnScreen(header: Locator): Promise<void> {
  const h = await box(header);
  expect(h.x).toBeGreaterThanOrEqual(0);
  expect(h.x + h.width).toBeLessThanOrEqual(SMALLEST_WINDOW.width);
  expect(overlaps(h, await box(page.getByTestId('device-panel')))).toBe(false);
}

describe('at 1024 × 700', () => {
  it('keeps the Overview’s Claimable column on screen, beside the device panel, not under it', async () => {
    await openScreen(page, 'Overview');
    await expectOnScreen(page.locator('table[aria-label="Vault totals"] th', { hasText: 'Claimable now' }));
    expect(overlaps(await box(page.locator('.content')), await box(page.getByTestId('device-panel')))).toBe(false);
  });

  it('keeps the Positions’ Claimable column on screen, with compact rows of at most 32 px', async () => {
    await openScreen(page, 'Positions');
    const table = page.getByRole('table', { name: 'Positions' });
    await table.locator('[role="row"][data-row-id]').first().waitFor();
    await expectOnScreen(table.getByRole('columnheader', { name: 'Claimable now' }));
    const row = await box(table.locator('[role="row"][data-row-id]').first());
    expect(row.height).toBeLessThanOrEqual(32);
  });

  it('sorts the Requests by a header reached with Tab and pressed with Enter', async () => {
    await openScreen(page, 'Requests');
    const table = page.getByRole('table', { name: 'Requests' });
    await table.locator('[role="row"][data-row-id]').first().waitFor();
    const header = table.getByRole('columnheader', { name: 'Amount' });
    expect(await header.getAttribute('aria-sort')).toBeNull();
    await page.getByLabel('Search requests').focus();
    // Tab along the controls until the Amount header has the focus: it is reachable without a mouse.
    let reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await header.getByRole('button').evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await page.keyboard.press(' ');
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    // Its focus is visible: an outline drawn around it.
    expect(await header.getByRole('button').evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  });

  it('names each row’s checkbox by the wallet’s label, never by an internal id', async () => {
    const table = page.getByRole('table', { name: 'Requests' });
    const names = await table
      .locator('[role="row"][data-row-id] input[type="checkbox"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
    expect(names.length).toBeGreaterThan(3);
    for (const name of names) {
      expect(name).toMatch(/^Select Demo lender \d+( \(no KYC\))?: [a-z]+ in .+/);
      expect(name).not.toMatch(/0x[0-9a-f]{40}:/i);
    }
  });

  it('reads every wallet label whole in the compact Requests and Positions, at 1024 × 700 and 1440 × 900', async () => {
    /** The labels of the rows on screen, each with whether its cell cuts it. */
    const labels = (table: Locator) =>
      table
        .locator('[role="row"][data-row-id] .wallet-label')
        .evaluateAll((els) => els.map((el) => ({ text: el.textContent ?? '', cut: el.scrollWidth > el.clientWidth })));
    for (const size of [
      SMALLEST_WINDOW,
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      for (const screen of ['Requests', 'Positions']) {
        await openScreen(page, screen);
        const table = page.getByRole('table', { name: screen });
        await table.locator('[role="row"][data-row-id]').first().waitFor();
        // The demo's longest labels have two digits ("Demo lender 12"): lenders 10 to 19 are among these.
        const search = page.getByLabel(`Search ${screen.toLowerCase()}`);
        await search.fill('Demo lender 1');
        await expect.poll(async () => (await labels(table)).filter((l) => /^Demo lender \d\d$/.test(l.text)).length).toBeGreaterThan(0);
        const shown = await labels(table);
        // At 1024 px the Positions' pair column also holds the vault's name: a longer label ("Demo lender 10 (no KYC)")
        // gives way there, whole on hover; from 1440 px every label is whole.
        const read = size.width < 1440 && screen === 'Positions' ? shown.filter((l) => /^Demo lender \d+$/.test(l.text)) : shown;
        expect(read.length).toBeGreaterThan(0);
        expect(
          read.filter((l) => l.cut),
          `${screen} at ${size.width} px`,
        ).toEqual([]);
        await search.fill('');
      }
    }
    await page.setViewportSize(SMALLEST_WINDOW);
  });

  it('shows each pair’s access pills whole in the compact Positions, at 1024 × 700, 1360 × 860 and 1440 × 900', async () => {
    /** The access pills of the rows on screen, each with whether its cell cuts it. */
    const pills = () =>
      page.locator('[role="table"][aria-label="Positions"] [role="row"][data-row-id] .stack.pills').evaluateAll((cells) =>
        cells.flatMap((cell) => {
          const edge = cell.getBoundingClientRect().right;
          return [...cell.querySelectorAll<HTMLElement>('.pill')].map((pill) => ({
            text: pill.innerText,
            cut: pill.getBoundingClientRect().right > edge + 0.5 || pill.scrollWidth > pill.clientWidth,
          }));
        }),
      );
    await openScreen(page, 'Positions');
    for (const size of [
      SMALLEST_WINDOW,
      { width: 1360, height: 860 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      // The demo's vaults ask for two agreements the lenders have not signed: "Allowed" and "0/2 …" in each row.
      await expect.poll(async () => (await pills()).filter((p) => p.text.startsWith('0/2')).length, { timeout: 60_000 }).toBeGreaterThan(3);
      const shown = await pills();
      await screenshot(page, `positions-access-${size.width}`);
      expect(
        shown.filter((p) => p.cut),
        `${size.width} px`,
      ).toEqual([]);
      // The words where there is room; the count whole, at the least.
      expect(shown.filter((p) => p.text.startsWith('0/2')).every((p) => /^0\/2( agreements)?$/.test(p.text))).toBe(true);
    }
    await page.setViewportSize(SMALLEST_WINDOW);
  });

  it('shows what each claim pays whole in the compact Positions at 1440 × 900 (its call’s name gives way)', async () => {
    /** The claim amounts of the rows on screen, each with whether its cell cuts it. */
    const claims = () =>
      page.locator('[role="table"][aria-label="Positions"] [role="row"][data-row-id] .claim').evaluateAll((lines) =>
        lines.map((line) => {
          const cell = line.closest('.vt-cell') ?? line;
          const amount = line.querySelector<HTMLElement>('.claim-amount');
          if (!amount) return { text: '', cut: false };
          const edge = cell.getBoundingClientRect().right;
          return { text: amount.innerText, cut: amount.getBoundingClientRect().right > edge + 0.5 || amount.scrollWidth > amount.clientWidth + 0.5 };
        }),
      );
    // (At 1024 px every money column of the Positions still gives way, whole on hover.)
    await openScreen(page, 'Positions');
    for (const size of [{ width: 1440, height: 900 }]) {
      await page.setViewportSize(size);
      await expect.poll(async () => (await claims()).filter((c) => c.text).length, { timeout: 60_000 }).toBeGreaterThan(0);
      const shown = await claims();
      await screenshot(page, `positions-claims-${size.width}`);
      expect(shown.filter((c) => c.text).every((c) => /\d/.test(c.text))).toBe(true);
      expect(shown.filter((c) => c.cut), `${size.width} px`).toEqual([]);
    }
    await page.setViewportSize(SMALLEST_WINDOW);
  });

  it('lines up a column’s amounts on their decimal mark at 1440 × 900: same decimals, one symbol width', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const screen of ['Requests', 'Positions']) {
      await openScreen(page, screen);
      const table = page.getByRole('table', { name: screen });
      await table.locator('[role="row"][data-row-id]').first().waitFor();
      // Per amount column, where each row's symbol begins: the digits end there, right-aligned.
      const starts = await table.locator('[role="row"][data-row-id]').evaluateAll((rows) => {
        const columns: number[][] = [];
        for (const row of rows)
          [...row.querySelectorAll('.vt-cell.num')].forEach((cell, i) => {
            const symbol = cell.querySelector('.amount .symbol');
            if (symbol) (columns[i] ??= []).push(symbol.getBoundingClientRect().left);
          });
        return columns;
      });
      expect(starts.length).toBeGreaterThan(0);
      for (const column of starts) expect(Math.max(...column) - Math.min(...column), screen).toBeLessThanOrEqual(1);
      // Every amount shows two decimals, whatever its token's decimals (6 for USDC, 18 for tranche tokens).
      const amounts = await table
        .locator('.vt-cell.num .amount')
        .evaluateAll((els) => els.map((el) => el.firstChild?.textContent?.trim() ?? ''));
      for (const a of amounts) expect(a).toMatch(/^[+-]?[<>]?[\d,]+\.\d{2}$/);
    }
    await page.setViewportSize(SMALLEST_WINDOW);
  });

  it('ran without page errors', () => {
    expect(opened.watched.errors).toEqual([]);
  });
});
