import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { epochVaultAbi } from '../../shared/abi';
import type { DemoSimulation } from '../../electron/runtime/embedded-simulation';
import { runningForkPids } from '../../electron/services/simulation';
import type { Portfolio, PortfolioVault } from '../../shared/portfolio/schemas';
import { screenshot } from './support/browser';
import { closeDemoSigningWorld, openDemoSigningWorld, type ConsolePage } from './support/console-page';
import { asHex, chainOf, pauseEpochVault, signingUi } from './support/signing';

// What will change: a deposit plan's review runs its transactions on a local fork of the demo
// chain while the operator reads, and shows beside each item the underlying leaving the wallet and
// the tranche arriving, with the fork's block. The vault paused after the plan: simulated again,
// the deposits show "Will revert" with the decoded reason, and once signing starts they are held
// and nothing reaches the Ledger.
let sim: DemoSimulation;
let ui: ConsolePage;
let page: Page;
let before: Portfolio;
let closed = false;
const s = signingUi(() => ui);

beforeAll(async () => ({ sim, ui, page, before } = await openDemoSigningWorld({ autoRefresh: false })), 180_000);

afterAll(() => closeDemoSigningWorld({ sim, ui }, { consoleClosed: closed }));

/** Two wallets allowed in a vault between epochs, each holding at least 10 of its underlying. */
function depositors(): { vault: PortfolioVault; wallets: string[] } {
  for (const vault of before.vaults.filter((v) => v.cycle?.state === 'WAITING' && !v.cycle.paused)) {
    const ten = 10n * 10n ** BigInt(vault.underlying.decimals);
    const wallets = before.positions
      .filter((p) => p.vaultId === vault.id && p.allowed && BigInt(p.underlyingBalance ?? '0') >= ten)
      .map((p) => p.wallet);
    if (wallets.length >= 2) return { vault, wallets: wallets.slice(0, 2) };
  }
  throw new Error('no vault between epochs with two funded depositors in the demo');
}

/** Serious and critical WCAG AA violations of the review, in the light and the dark theme. */
async function seriousViolations(): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.getByLabel('Theme').selectOption(theme);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    const results = await new AxeBuilder({ page })
      .setLegacyMode(true)
      .include('[data-testid="plan"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    for (const v of results.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
      found.push(...v.nodes.slice(0, 5).map((n) => `${theme} ${v.id}: ${n.target.join(' ')}`));
  }
  await page.getByLabel('Theme').selectOption('system');
  return found;
}

/** The plan's deposit items (not their approvals), each with the wallet's label as the review shows it. */
async function depositItems() {
  const items = page.getByTestId('plan').locator('.plan-items > li', { hasText: 'depositAA' });
  const n = await items.count();
  return Promise.all(
    [...Array(n).keys()].map(async (k) => ({
      label: (await items.nth(k).locator('> .cell-sub').first().textContent())!,
      change: items.nth(k).getByTestId('what-will-change'),
    })),
  );
}

describe('what will change, simulated on a fork before anything is signed', () => {
  it('shows a deposit leaving each wallet and the tranche arriving, then a paused vault’s deposits reverting and held before the Ledger', async () => {
    const { vault, wallets } = depositors();
    const U = vault.underlying.symbol;
    const T = vault.tranche.symbol;
    const chain = chainOf(sim, vault);
    await page.setViewportSize({ width: 1440, height: 900 });
    await s.useGroup('Simulated depositors', wallets);
    // The lender agreements first, where still to sign (messages only: nothing to simulate).
    await page.getByRole('button', { name: 'Signing', exact: true }).click();
    await page.getByLabel('Operation vault').selectOption(vault.id);
    await page.getByLabel('Operation', { exact: true }).selectOption('agreements');
    await page.getByRole('button', { name: 'Review' }).click();
    await expect.poll(() => page.getByTestId('plan').textContent(), { timeout: 60_000 }).toContain('lender agreements in');
    expect(await page.getByTestId('plan-simulation').count()).toBe(0);
    const sign = page.getByRole('button', { name: /Sign \d+ on the Ledger/ });
    if (await sign.isDisabled()) await page.getByRole('button', { name: 'Discard' }).click();
    else {
      await sign.click();
      await s.approveUntilDone();
    }
    const atPlan = Number(await chain.getBlockNumber());
    await s.reviewOperation({ vault, action: 'deposit', amount: '10', heading: 'deposits' });

    // The fork starts while the operator reads; the plan says so, then what it saw.
    const block = page.getByTestId('plan-simulation');
    await screenshot(page, 'what-will-change-simulating');
    await page.locator('[data-testid="plan-simulation"]:not([data-state="running"])').waitFor({ timeout: 120_000 });
    expect(`${await block.getAttribute('data-state')}: ${await block.textContent()}`).toMatch(/^simulated: /);
    const forkBlock = Number((await block.getByTestId('sim-block').textContent())!.match(/at block (\d+) \(information, not proof\)/)![1]);
    // The chain's latest block when the fork was taken, after the plan was made.
    expect(forkBlock).toBeGreaterThanOrEqual(atPlan);
    expect(forkBlock).toBeLessThanOrEqual(Number(await chain.getBlockNumber()));
    expect(await block.getByTestId('sim-block').textContent()).toContain('Simulated on a fork of');

    const deposits = await depositItems();
    expect(deposits).toHaveLength(2);
    for (const d of deposits) {
      const text = (await d.change.textContent())!;
      expect(await d.change.getAttribute('data-state')).toBe('ok');
      expect(text).toContain('Succeeds');
      expect(text).toMatch(/Gas used [\d,]+/);
      // The wallet's line: 10 of the underlying out, the tranche in.
      const mine = d.change.locator('.sim-changes > div', { hasText: d.label.trim() });
      expect(await mine.textContent()).toContain(`−10 ${U}`);
      expect(await mine.textContent()).toMatch(new RegExp(`\\+[\\d.,]+…? ${T}`));
    }
    // The batch: both wallets' underlying out in total.
    expect(await block.getByTestId('sim-per-token').textContent()).toContain(`−20 ${U}`);
    await screenshot(page, 'what-will-change-1440');
    await page.setViewportSize({ width: 1024, height: 700 });
    await screenshot(page, 'what-will-change-1024');
    await page.setViewportSize({ width: 1440, height: 900 });

    // The manager pauses the vault while the operator reads.
    await pauseEpochVault(chain, vault.epochVault);
    expect(await chain.readContract({ address: asHex(vault.epochVault), abi: epochVaultAbi, functionName: 'paused' })).toBe(true);

    await page.getByRole('button', { name: 'Simulate again at the latest block' }).click();
    await page.locator('[data-testid="plan-simulation"][data-state="simulated"] [data-testid="sim-reverts"]').waitFor({ timeout: 120_000 });
    for (const d of await depositItems()) {
      expect(await d.change.getAttribute('data-state')).toBe('reverts');
      const revert = (await d.change.getByTestId('sim-revert').textContent())!;
      expect(revert).toMatch(/^Will revert: \S/);
      expect(revert).not.toContain('no reason given');
    }
    await screenshot(page, 'what-will-change-reverts');
    // Green and red on either theme stay readable.
    expect(await seriousViolations()).toEqual([]);

    // Signing started: every item held before the device, with why; the Ledger shows nothing.
    await s.startSigning();
    await expect.poll(() => s.itemStates(), { timeout: 120_000 }).toEqual(['held', 'held', 'held', 'held']);
    await page.locator('[data-testid="batch"][data-status="paused"] [data-testid="held-items"]').waitFor({ timeout: 60_000 });
    expect(await s.panel().getByRole('button', { name: 'Approve' }).count()).toBe(0);
    const journal = await s.shownBatch();
    expect(journal.items.every((i) => i.signed === null && !i.history.some((h) => h.state === 'on-device'))).toBe(true);
    // Each says why: what the fork decoded, on the review's own simulation (the pause set by hand
    // made no block: the chain is still at the block the review was simulated at).
    for (const i of journal.items) expect(i.reason).toMatch(/reverts on a fork at block \d+, as simulated for the review \(the chain has not moved since\): \S/i);
    await screenshot(page, 'what-will-change-held');
    // The check before the device stopped its forks: only the review's own is left running.
    expect(runningForkPids().length).toBeLessThanOrEqual(1);
    // And the console closed, no fork outlives it.
    closed = true;
    await ui.close();
    expect(runningForkPids()).toEqual([]);
  }, 420_000);
});
