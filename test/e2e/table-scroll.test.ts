import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoPageInSmallestWindowForFile } from './support/smallest-window';
import { openScreen } from './support/screens';

// Scrolling a large table stays fluid because the rows on screen are the same elements, handed from
// the rows scrolling out to the rows scrolling in, and because a fling draws the rows flying by as
// one line each. Measured at scale by `npm run bench:ui -- --rows 100000`; here, what a person sees.
let page: Page;

demoPageInSmallestWindowForFile((_ui, p) => (page = p));

/** Opens Positions with every pair shown, so that the table is several screens tall. */
async function allPositions(): Promise<void> {
  await openScreen(page, 'Positions');
  const table = page.getByRole('table', { name: 'Positions' });
  await table.locator('[role="row"][data-row-id]').first().waitFor();
  await page.getByLabel('Show pairs').selectOption('all');
  await expect
    .poll(() => table.locator('.vt-body').evaluate((body) => body.scrollHeight / body.clientHeight), { timeout: 30_000 })
    .toBeGreaterThan(3);
}

describe('a long table, scrolled', () => {
  it('keeps its row elements while scrolling screen by screen, and shows each screen’s rows whole', async () => {
    await allPositions();
    const result = await page.getByRole('table', { name: 'Positions' }).evaluate(async (table) => {
      const body = table.querySelector<HTMLElement>('.vt-body')!;
      // Row elements seen so far: a row drawn in an element not among them was built anew.
      const known = new Set(body.querySelectorAll('[role="row"]'));
      let added = 0;
      // A person reads a screen before the next: a pause longer than the scroll's end takes to be noticed.
      const pause = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 400)));
      const firstIds: string[] = [];
      // One screen at a time, pausing between (as Page Down does): each screen is new rows.
      for (let i = 0; i < 3; i++) {
        body.scrollTop += body.clientHeight;
        await pause();
        firstIds.push(body.querySelector('[data-row-id]')?.getAttribute('data-row-id') ?? '');
        for (const row of body.querySelectorAll('[role="row"]'))
          if (!known.has(row)) {
            known.add(row);
            added++;
          }
      }
      return { added, firstIds, light: body.querySelectorAll('.vt-light').length, onScreen: body.querySelectorAll('[role="row"]').length };
    });
    // Three different screens of rows were shown…
    expect(new Set(result.firstIds).size).toBe(3);
    // …in the elements that were there: only a few are added, once, for the rows kept ready above
    // the screen (none at the top) and a partly shown row, where a screenful a step were built before.
    expect(result.added).toBeLessThan(result.onScreen / 2);
    // Each screen read is drawn whole.
    expect(result.light).toBe(0);
  });

  it('draws the rows whole once a fling stops', async () => {
    await allPositions();
    const body = page.getByRole('table', { name: 'Positions' }).locator('.vt-body');
    // A fling: a screenful a frame, frame after frame, down to the end.
    const sawStandIns = await body.evaluate(async (el) => {
      let seen = false;
      for (let i = 0; i < 20 && el.scrollTop < el.scrollHeight - el.clientHeight; i++) {
        el.scrollTop += el.clientHeight;
        await new Promise((resolve) => requestAnimationFrame(resolve));
        seen ||= el.querySelector('.vt-light') !== null;
      }
      return seen;
    });
    // While flung, the rows flying by were drawn as one line each (wallet · vault)…
    expect(sawStandIns).toBe(true);
    // …and once it stops, whole: every row on screen has its wallet label and its cells, none is a one-line stand-in.
    await expect.poll(() => body.locator('.vt-light').count(), { timeout: 10_000 }).toBe(0);
    const rows = body.locator('[role="row"][data-row-id]');
    expect(await rows.count()).toBeGreaterThan(3);
    expect(await body.locator('[role="row"][data-row-id] .wallet-label').count()).toBe(await rows.count());
  });
});
