import { beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { demoPageForFile, type ConsolePage } from './console-page';

/** The smallest window the console supports. */
export const SMALLEST_WINDOW = { width: 1024, height: 700 } as const;

/**
 * The demo console for a whole test file (`demoPageForFile`), its page sized to the smallest
 * window the console supports before the first test.
 */
export function demoPageInSmallestWindowForFile(set: (ui: ConsolePage, page: Page) => void): void {
  let page: Page | undefined;
  demoPageForFile((ui, p) => {
    page = p;
    set(ui, p);
  }, 180_000);
  beforeAll(async () => {
    await page?.setViewportSize(SMALLEST_WINDOW);
  });
}
