import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Portfolio } from '../../shared/portfolio/schemas';
import { screenshot } from './support/browser';
import { closeDemoSigningWorld, openDemoSigningWorld, type DemoSigningWorld } from './support/console-page';
import { openScreen } from './support/screens';
import { signingUi } from './support/signing';
import { focused, pressUntil, type Focused } from './support/keyboard';

// The keyboard on the screens other than Signing (issue 34, keyboard): a screen is tabbed through as
// it reads, its header (the batch, Refresh), what it shows, then its actions on that (the action bar
// at its foot), then the docked Ledger; and the focus lands on the result of a row's Details, of a
// bundle file refused on the Bundles screen and of a refusal in Settings.
let world: DemoSigningWorld, page: Page, before: Portfolio;
const s = signingUi(() => world.ui);

beforeAll(async () => ({ page, before } = world = await openDemoSigningWorld({ autoRefresh: false })), 240_000);
afterAll(async () => world && (await closeDemoSigningWorld(world)));

/** The focus in the opened details of a plan row: the item's own list entry, or inside it. */
const inOpenedDetails = () =>
  page.evaluate(() => {
    const item = document.activeElement?.closest<HTMLElement>('.plan-items > li');
    return item && !item.hidden ? item.dataset.itemId ?? null : null;
  });

describe('tab order on a screen: content, then actions, then the device panel', () => {
  it('on Transactions: the header, the filters and the list, then Export CSV at the foot, then the docked Ledger', async () => {
    await openScreen(page, 'Transactions');
    const exportCsv = page.getByRole('button', { name: 'Export CSV', exact: true });
    await expect.poll(() => exportCsv.isEnabled(), { timeout: 90_000 }).toBe(true);

    // From the skip link: the screen, then every Tab stop up to the Ledger's panel.
    await page.locator('.skip-link').focus();
    await page.keyboard.press('Enter');
    const stops: Focused[] = [];
    await pressUntil(page, (f) => {
      stops.push(f);
      return f.region === 'device panel' || f.region === 'menu';
    }, 'the docked Ledger', { max: 400 });
    const last = stops.pop()!;
    expect(last.region).toBe('device panel');
    // The parts in the order Tab reaches them, each once: nothing of the content after the actions.
    const parts = stops.map((f) => f.part).filter((p, i, all) => i === 0 || p !== all[i - 1]);
    expect(parts).toEqual(['header', 'content', 'actions']);
    expect(stops.filter((f) => f.part === 'actions').map((f) => f.text)).toEqual(['Export CSV']);
    expect(stops.find((f) => f.part === 'header')).toMatchObject({ tag: 'select', name: expect.stringMatching(/Batch of wallets/) });

    // What is seen matches: the bar at the foot of the screen, below the list, in view.
    await exportCsv.focus();
    const box = await page.getByTestId('screen-action-bar').boundingBox();
    const list = await page.locator('[role="table"][aria-label="Transactions"]').boundingBox();
    expect(box!.y).toBeGreaterThan(list!.y);
    for (const [width, height] of [
      [1440, 900],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `keyboard-tab-order-transactions-${width}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 180_000);
});

describe('where the focus lands', () => {
  it("in a review row's details once its Details open", async () => {
    const vault = before.vaults.find(
      (v) => v.cycle?.state === 'RUNNING' && before.positions.filter((p) => p.vaultId === v.id && p.allowed && BigInt(p.trancheBalance ?? '0') > 0n).length >= 2,
    )!;
    expect(vault).toBeDefined();
    await s.reviewOperation({ vault, action: 'withdraw', heading: 'withdrawals' });
    await page.getByTestId('plan').locator('h2').first().focus();
    const details = await pressUntil(page, (f) => f.tag === 'button' && f.text === 'Details', "a row's Details");
    expect(details.name).toMatch(/^Details: item 1,/);
    await page.keyboard.press('Enter');
    await expect.poll(inOpenedDetails, { timeout: 30_000 }).not.toBeNull();
    // What the focus is on is on screen, and the details are those of the row opened.
    const opened = page.locator('.plan-items > li:not([hidden])');
    expect(await opened.count()).toBe(1);
    expect(await opened.evaluate((li) => li === document.activeElement || li.contains(document.activeElement))).toBe(true);
    await expect.poll(() => opened.isVisible()).toBe(true);
    await screenshot(page, 'keyboard-details-focus');
  }, 240_000);

  it('on the refusal when the Bundles screen refuses a file', async () => {
    await openScreen(page, 'Bundles');
    await page.getByTestId('bundle-input').setInputFiles({ name: 'not-a-bundle.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":"world"}') });
    await expect.poll(() => focused(page), { timeout: 30_000 }).toMatchObject({ role: 'alert', text: expect.stringContaining('This file was not used.') });
    await screenshot(page, 'keyboard-bundles-refusal-focus');
  }, 120_000);

  it('on the refusal when Settings refuses a trusted planner (offline-review install)', async () => {
    await openScreen(page, 'Settings');
    // The trusted planners are an offline install's records: the console is switched to one, as an operator does.
    await page.getByLabel('Offline-review install').check();
    await expect.poll(() => page.getByTestId('mode-banner').textContent()).toContain('OFFLINE');
    const card = page.getByTestId('trusted-planners-card');
    await card.getByLabel('Planner address').fill('0x1234');
    await card.getByLabel('Label').fill('Planning desk');
    await card.getByLabel('Label').press('Enter');
    await expect.poll(() => focused(page), { timeout: 30_000 }).toMatchObject({ role: 'alert', text: expect.stringContaining('The planner was not added.') });
    await screenshot(page, 'keyboard-settings-refusal-focus');
  }, 120_000);
});
