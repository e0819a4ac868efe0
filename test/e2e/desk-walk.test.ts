import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type ConsolePage, demoPageForFile } from './support/console-page';
import { screenshotsAtDeskSizes, DESK_SIZES } from './support/four-shots';
import { visitEveryScreen } from './support/screens';

// Every screen of the demo at the desk's two window sizes, both themes (issue 34, screens): pictures
// for a person to look at (`walk-<screen>-<width>-<theme>.png`), and what a picture cannot be trusted
// to show: nothing of a screen is reached only by scrolling the whole screen sideways, a screen's
// action bar sits clear of the docked Ledger, and no table is cut by its own frame.
let ui: ConsolePage;
let page: Page;

demoPageForFile((u, p) => ([ui, page] = [u, p]), 240_000);

/** What of the screen shown is cut: the content scrolled sideways, an action bar under the Ledger's panel, a table cut by its frame. */
const cut = () =>
  page.evaluate(() => {
    const found: string[] = [];
    const content = document.getElementById('main-content')!;
    if (content.scrollWidth > content.clientWidth + 1) found.push(`the content is ${content.scrollWidth - content.clientWidth} px wider than the window shows`);
    const bar = document.querySelector('[data-testid="screen-action-bar"]');
    const panel = document.querySelector('[data-testid="device-panel"]');
    if (bar && panel) {
      const b = bar.getBoundingClientRect();
      const p = panel.getBoundingClientRect();
      if (b.bottom > p.top + 1 && b.right > p.left + 1 && p.right > b.left + 1 && p.bottom > b.top + 1) found.push('the action bar is under the Ledger panel');
    }
    // A table in a frame of its own scrolls sideways inside it: its last columns (money, dates) are cut.
    for (const wrap of document.querySelectorAll<HTMLElement>('#main-content .table-wrap')) {
      if (wrap.getClientRects().length === 0 || wrap.scrollWidth <= wrap.clientWidth + 1) continue;
      const name = wrap.querySelector('table')?.getAttribute('aria-label') ?? 'a table';
      found.push(`${name} is ${wrap.scrollWidth - wrap.clientWidth} px wider than its frame`);
    }
    return found;
  });

describe('the desk’s screens at 1440×900 and 1024×700', () => {
  it('show every screen whole, in both themes', async () => {
    const found: Record<string, string[]> = {};
    await visitEveryScreen(page, async (name) => {
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      for (const [width, height] of DESK_SIZES) {
        await page.setViewportSize({ width, height });
        const problems = await cut();
        if (problems.length) found[`${name} at ${width}`] = problems;
      }
      await screenshotsAtDeskSizes(page, `walk-${slug}`);
    });
    expect(found).toEqual({});
  }, 600_000);

  it('ran without page errors', () => {
    expect(ui.watched.errors).toEqual([]);
  });
});
