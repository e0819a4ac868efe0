import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './browser';

/** The desk's two window sizes. */
export const DESK_SIZES = [
  [1440, 900],
  [1024, 700],
] as const;

/**
 * A screen as the desk sees it, at 1440×900 and 1024×700 in both themes (`<name>-<width>-<theme>.png`),
 * for a person to look at; the page is left at 1440×900 in the light theme. `show`: the part the
 * pictures are about, scrolled into view at each size (a smaller window pushes it further down).
 */
export async function screenshotsAtDeskSizes(page: Page, name: string, show?: Locator): Promise<void> {
  for (const [width, height] of DESK_SIZES) {
    await page.setViewportSize({ width, height });
    if (show) {
      await show.scrollIntoViewIfNeeded();
      await expect.poll(() => show.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight && el.getBoundingClientRect().bottom > 0)).toBe(true);
    }
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
      await screenshot(page, `${name}-${width}-${scheme}`);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}
