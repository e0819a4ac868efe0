import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Portfolio } from '../../shared/portfolio/schemas';
import { screenshot } from './support/browser';
import { closeDemoSigningWorld, openDemoSigningWorld, type DemoSigningWorld } from './support/console-page';
import { MENU_SCREENS, openScreen, visitEveryScreen } from './support/screens';
import { BLIND_SIGNING_ACK, signingUi } from './support/signing';
import { seriousViolations } from './support/axe';
import { focused, nameMismatches, pressUntil } from './support/keyboard';

// Keyboard and assistive technology on the demo (issue 34, keyboard): every control is named by the
// words it shows, the Signing review passes axe in both themes, Tab goes through the review's
// content, then its actions, then the docked Ledger, and the focus lands on what an action shows.
let world: DemoSigningWorld, page: Page, before: Portfolio;
const s = signingUi(() => world.ui);

beforeAll(async () => ({ page, before } = world = await openDemoSigningWorld({ autoRefresh: false, blindApprovals: true })), 240_000);
afterAll(async () => world && (await closeDemoSigningWorld(world)));

/** A withdrawal of everything two holders of a running vault hold, planned and open for review. */
async function reviewWithdrawal(): Promise<void> {
  const vault = before.vaults.find(
    (v) => v.cycle?.state === 'RUNNING' && before.positions.filter((p) => p.vaultId === v.id && p.allowed && BigInt(p.trancheBalance ?? '0') > 0n).length >= 2,
  )!;
  expect(vault).toBeDefined();
  await s.reviewOperation({ vault, action: 'withdraw', heading: 'withdrawals' });
}

describe('accessible names (WCAG 2.5.3, label in name)', () => {
  it('start with the words each control shows, on every screen and on the Signing review', async () => {
    const found: Record<string, string[]> = {};
    const look = async (name: string) => {
      const mismatches = await nameMismatches(page);
      if (mismatches.length) found[name] = mismatches;
    };
    await visitEveryScreen(page, look);
    await reviewWithdrawal();
    await look('Signing review');
    expect(found).toEqual({});
  }, 600_000);
});

describe('the Signing review', () => {
  it('has no serious or critical axe violation, in the light and the dark theme', async () => {
    const found: Record<string, string[]> = {};
    for (const theme of ['light', 'dark'] as const) {
      await page.getByLabel('Theme').selectOption(theme);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      const violations = await seriousViolations(page);
      if (violations.length) found[theme] = violations;
    }
    await page.getByLabel('Theme').selectOption('system');
    expect(found).toEqual({});
  }, 180_000);

  it('is tabbed through in reading order: the review, then its actions, then the docked Ledger', async () => {
    await page.getByTestId('plan').locator('h2').first().focus();
    const regions: string[] = [];
    const actions = await pressUntil(page, (f) => { regions.push(f.region); return f.region === 'plan actions'; }, "the review's actions");
    // The blind-signing acknowledgement opens the actions, Sign after it.
    expect(actions.name).toMatch(BLIND_SIGNING_ACK);
    // Nothing of the Ledger's panel, nor of the menu, comes between the review and its actions.
    expect(regions.filter((r) => r !== 'plan' && r !== 'plan actions')).toEqual([]);
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ region: 'plan actions', text: expect.stringMatching(/^Sign \d+ on the Ledger$/) });
    const panel = await pressUntil(page, (f) => f.region === 'device panel' || f.region === 'menu', 'the docked Ledger');
    expect(panel.region).toBe('device panel');
    await screenshot(page, 'keyboard-device-panel-focus');
  }, 120_000);

  it('once discarded, gives the focus back to the Review that opened it', async () => {
    await pressUntil(page, (f) => f.region === 'plan actions' && f.text === 'Discard', 'Discard', { key: 'Shift+Tab' });
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'button', text: 'Review' });
  });
});

describe('where the focus lands', () => {
  it('on the heading of the screen a menu entry opens', async () => {
    for (const name of ['Positions', 'Wallets'] as const) {
      expect(MENU_SCREENS).toContain(name);
      await pressUntil(page, (f) => f.region === 'menu' && f.text.startsWith(name), `the menu's ${name}`);
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: name });
    }
    await screenshot(page, 'keyboard-heading-focus');
    // The next Tab goes into that screen, not back to the banner or the menu.
    await page.keyboard.press('Tab');
    expect((await focused(page)).region).toBe('content');
  }, 120_000);

  it('on the refusal, with role alert, when an action is refused', async () => {
    await openScreen(page, 'Wallets');
    // A wallet already in the book cannot be added twice: the console refuses and says why.
    const known = before.wallets[0]!.address;
    await page.getByRole('form', { name: 'Add a watch-only wallet' }).getByLabel('Address').focus();
    await page.keyboard.type(known);
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page), { timeout: 30_000 }).toMatchObject({ role: 'alert' });
    await screenshot(page, 'keyboard-refusal-focus');
  }, 120_000);
});
