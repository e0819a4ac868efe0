import { afterAll, beforeAll } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { RuntimeOptions } from '../../../electron/runtime';
import { startEmbeddedSimulation, type DemoSimulation } from '../../../electron/runtime/embedded-simulation';
import type { EmbeddedSimulation } from '../../../electron/runtime/service-connection';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { startTestConsole, type TestConsole } from '../../support/console';
import { openChromium, watchPage } from './browser';

export interface ConsolePage {
  c: TestConsole;
  browser: BrowserContext;
  page: Page;
  watched: { errors: string[] };
  close(): Promise<void>;
}

/** The console behind the browser shell, opened in Chromium (in the page language `locale`) on a given screen. */
export async function openConsolePage(options: Partial<RuntimeOptions> = {}, screen?: string, locale?: string): Promise<ConsolePage> {
  const c = await startTestConsole(options);
  const browser = await openChromium({ locale });
  const page = await browser.newPage();
  const watched = watchPage(page);
  await page.goto(c.shell.launchUrl);
  if (screen) await page.getByRole('button', { name: screen, exact: true }).click();
  const opened: ConsolePage = {
    c,
    browser,
    page,
    watched,
    // Closes the console this page shows now (a test may restart it and put the new one in `c`).
    async close() {
      await browser.close();
      await opened.c.close();
    },
  };
  return opened;
}

/**
 * Waits until the demo's first portfolio is on screen and its lenders' batch is offered: the demo
 * book is filled once the simulation is up, then the overview reloads by itself.
 */
export async function demoReady(page: Page): Promise<void> {
  await page.locator('table[aria-label="Vault totals"] tbody tr').first().waitFor({ timeout: 90_000 });
  await page.waitForFunction(() => document.querySelector('select[aria-label="Batch of wallets"]')?.textContent?.includes('Demo lenders'), null, {
    timeout: 30_000,
  });
}

/**
 * The demo as a user gets it (local chains, the seeded lenders, the indexer, the service), with
 * its cycle drivers held still so the page can be compared with the service at the same moment;
 * open once its first portfolio is on screen. `startSimulation` gives a world of the test's own.
 */
export async function openDemoPage(options: Partial<RuntimeOptions> = {}, locale?: string): Promise<ConsolePage> {
  const opened = await openConsolePage({ startSimulation: () => startEmbeddedSimulation({ drive: false }), ...options }, undefined, locale);
  await demoReady(opened.page);
  return opened;
}

/** A simulation handed to each console opened on it, which outlives them, as the chain and the service outlive the app. */
export const outliving = (sim: EmbeddedSimulation) => (): Promise<EmbeddedSimulation> => Promise.resolve({ ...sim, close: async () => undefined });

/** A demo simulation that stays still (no cycle driver), a console open on it, and its portfolio as first read. */
export interface DemoSigningWorld {
  sim: DemoSimulation;
  ui: ConsolePage;
  page: Page;
  before: Portfolio;
}

/**
 * The set-up of the tests that sign on the demo: the vaults move only when a test moves them, the
 * console outlives nothing (closing it leaves the chains up), and, unless `autoRefresh`, the
 * portfolio refreshes only when asked, so a figure a test reads cannot change under it.
 */
export async function openDemoSigningWorld(options: { autoRefresh?: boolean; blindApprovals?: boolean } = {}): Promise<DemoSigningWorld> {
  const sim = await startEmbeddedSimulation({ drive: false });
  const ui = await openDemoPage({ startSimulation: outliving(options.blindApprovals ? withBlindApprovals(sim) : sim) });
  const before = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, { transport: 'browser' });
  if (options.autoRefresh === false) await ui.page.getByLabel('every 30 s').uncheck();
  return { sim, ui, page: ui.page, before };
}

/**
 * The demo with its vaults' descriptors only, without its tokens' information and its chains'
 * descriptions: a deposit's approval is then reviewed blind, by its hash (for the tests of the
 * blind-signing acknowledgement and of the hash to compare), while the vault calls stay clear.
 */
function withBlindApprovals(sim: DemoSimulation): DemoSimulation {
  const source = sim.clearSigning;
  return source ? { ...sim, clearSigning: { find: (...args) => source.find(...args) } } : sim;
}

/** Closes what `openDemoSigningWorld` opened (the console unless a test closed it already). */
export async function closeDemoSigningWorld(
  world: { sim?: DemoSimulation; ui?: ConsolePage },
  options: { consoleClosed?: boolean } = {},
): Promise<void> {
  if (!options.consoleClosed) await world.ui?.close();
  await world.sim?.close();
}

/**
 * The demo console for a whole test file: opened before its first test (`set` is given it and its
 * page), closed after its last.
 */
export function demoPageForFile(set: (ui: ConsolePage, page: Page) => void, timeoutMs = 240_000): void {
  let ui: ConsolePage | undefined;
  beforeAll(async () => {
    ui = await openDemoPage();
    set(ui, ui.page);
  }, timeoutMs);
  afterAll(async () => {
    await ui?.close();
  });
}
