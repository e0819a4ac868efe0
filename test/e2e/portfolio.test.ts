import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startEmbeddedSimulation } from '../../electron/runtime/embedded-simulation';
import type { Portfolio } from '../../shared/portfolio/schemas';
import { startTestConsole, type TestConsole } from '../support/console';
import { openChromium, screenshot, watchPage } from './support/browser';

// The demo as a user gets it: local chains with the vault contracts, the seeded lenders in the
// demo wallet book, the indexer and the service. The cycle drivers are held still so the figures
// the page shows can be compared with what the console's own handler returns at the same moment.
let c: TestConsole;
let browser: BrowserContext;
let page: Page;
let watched: { errors: string[] };
let truth: Portfolio;

beforeAll(async () => {
  c = await startTestConsole({ startSimulation: () => startEmbeddedSimulation({ drive: false }) });
  browser = await openChromium();
  page = await browser.newPage();
  watched = watchPage(page);
  await page.goto(c.shell.launchUrl);
  // The demo book is filled once the simulation is up; then the overview reloads by itself.
  await page.locator('table[aria-label="Vault totals"] tbody tr').first().waitFor({ timeout: 90_000 });
  await page.waitForFunction(() => document.querySelector('select[aria-label="Batch of wallets"]')?.textContent?.includes('Demo lenders'), null, { timeout: 30_000 });
  truth = await c.runtime.handlers.portfolio.load({ groupId: null }, { transport: 'browser' });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await c?.close();
});

describe('Overview', () => {
  it('shows each local epoch vault with the cycle state the chain reports', async () => {
    const rows = page.locator('table[aria-label="Vault totals"] tbody tr');
    await expect.poll(() => rows.count()).toBe(truth.vaults.length);
    const states = await page.locator('[data-cycle-state]').evaluateAll((els) => els.map((e) => e.getAttribute('data-cycle-state')).sort());
    expect(states).toEqual(truth.vaults.map((v) => v.cycle?.state).sort());
    expect(new Set(states)).toEqual(new Set(['RUNNING', 'WAITING', 'DEFAULTED']));
    expect(await page.getByTestId('mode-banner').textContent()).toContain('DEMO');
  });

  it('counts the claims the batch can make now, per vault', async () => {
    for (const vault of truth.vaults) {
      const expected = truth.requests.filter((r) => r.vaultId === vault.id && r.action?.kind === 'claim').length;
      const cell = page.locator(`tr[data-vault-id="${vault.id}"] td[data-claimable]`);
      expect(Number(await cell.getAttribute('data-claimable'))).toBe(expected);
    }
    expect(truth.requests.some((r) => r.action?.kind === 'claim')).toBe(true);
  });

  it('shows a countdown to the next cycle event of a running vault', async () => {
    const running = truth.vaults.find((v) => v.cycle?.state === 'RUNNING')!;
    const text = await page.locator(`tr[data-vault-id="${running.id}"]`).textContent();
    expect(text).toMatch(/(Epoch ends|Instant withdrawals become claimable) in \d/);
    await screenshot(page, 'overview-demo');
  });
});

describe('Positions', () => {
  it('lists wallet × vault rows with access, balances in token decimals, and claims', async () => {
    await page.getByRole('button', { name: 'Positions', exact: true }).click();
    const rows = page.locator('[role="table"][aria-label="Positions"] [data-row-id]');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    // A lender without a credential shows "Needs KYC" in a KYC vault.
    const needsKyc = truth.positions.find((p) => p.allowed === false && truth.vaults.find((v) => v.id === p.vaultId)!.kyc.required);
    expect(needsKyc).toBeDefined();
    expect(await page.getByText('Needs KYC').count()).toBeGreaterThan(0);
    const withClaim = truth.positions.find((p) => p.claimable.length > 0)!;
    const row = page.locator(`[data-row-id="${withClaim.vaultId}:${withClaim.wallet}"]`);
    await row.scrollIntoViewIfNeeded().catch(() => undefined);
    await page.getByLabel('Search positions').fill(withClaim.wallet);
    await expect.poll(() => row.textContent()).toMatch(/Claim/);
    await page.getByLabel('Search positions').fill('');
    await screenshot(page, 'positions-demo');
  });

  it('shows which lender agreements each wallet still has to sign', async () => {
    const agreements = await c.runtime.handlers.portfolio.agreements({ groupId: null }, { transport: 'browser' });
    const unsigned = agreements.rows.filter((r) => r.required.length > r.signed.length);
    expect(unsigned.length).toBeGreaterThan(0);
    const first = unsigned[0]!;
    await page.getByLabel('Search positions').fill(first.wallet);
    const row = page.locator(`[data-row-id="${first.vaultId}:${first.wallet}"]`);
    await expect.poll(() => row.textContent()).toContain(`${first.signed.length} of ${first.required.length} agreements`);
    await page.getByLabel('Search positions').fill('');
  });

  it("opens the vault's KYC link in the user's browser, through the allowlist", async () => {
    const vault = truth.vaults.find((v) => v.kyc.link && truth.positions.some((p) => p.vaultId === v.id && p.allowed === false))!;
    expect(vault).toBeDefined();
    await page.getByRole('button', { name: /Needs KYC/ }).first().click();
    await expect.poll(() => c.opened.length).toBe(1);
    expect(c.opened[0]).toBe(truth.vaults.find((v) => v.kyc.link)!.kyc.link);
  });
});

describe('Requests', () => {
  it('filters by type and selects requests for a batch action', async () => {
    await page.getByRole('button', { name: 'Requests', exact: true }).click();
    const rows = page.locator('[role="table"][aria-label="Requests"] [data-row-id]');
    await expect.poll(() => rows.count()).toBe(Math.min(truth.requests.length, await rows.count()));
    expect(await page.locator('.screen-sub').first().textContent()).toContain(`of ${truth.requests.length} requests`);

    await page.getByLabel('Type').selectOption('DEPOSIT');
    const deposits = truth.requests.filter((r) => r.type === 'DEPOSIT').length;
    await expect.poll(() => page.locator('.screen-sub').first().textContent()).toContain(`${deposits} of ${truth.requests.length}`);
    const types = await rows.evaluateAll((els) => els.map((e) => e.querySelectorAll("[role=\"cell\"]")[3]?.textContent ?? ""));
    expect(types.every((t) => t.startsWith('Deposit'))).toBe(true);

    await page.getByLabel('Type').selectOption('');
    await page.getByLabel('only what can be done now').check();
    const actionable = truth.requests.filter((r) => r.action !== null);
    await expect.poll(() => page.locator('.screen-sub').first().textContent()).toContain(`${actionable.length} of`);
    await page.getByLabel('Select all rows shown').check();
    const bar = page.getByTestId('request-selection');
    const claims = actionable.filter((r) => r.action!.kind === 'claim').length;
    const cancels = actionable.filter((r) => r.action!.kind === 'cancel').length;
    await expect.poll(() => bar.textContent()).toContain(`${actionable.length} selected: ${claims} to claim, ${cancels} to cancel`);
    await screenshot(page, 'requests-demo');
  });
});

describe('Vault page', () => {
  it('shows the cycle, rates, queues, instant settings and the epoch history', async () => {
    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    const vault = truth.vaults.find((v) => v.cycle?.state === 'RUNNING')!;
    await page.locator(`tr[data-vault-id="${vault.id}"] button.link-button`).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(vault.name);
    const facts = (await page.locator('.facts-grid').textContent()) ?? '';
    expect(facts).toContain('Running');
    expect(facts).toContain(`#${vault.cycle!.epochNumber + 1} running`);
    expect(facts).toContain('Read from the chain');
    expect(facts).toMatch(/Deposit queue/);
    await expect.poll(() => page.locator('table[aria-label="Epoch history"] tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator('svg.epoch-chart rect').count()).toBeGreaterThan(0);
    await screenshot(page, 'vault-page-demo');
  });
});

describe('a failed source', () => {
  it('marks a chain that stops answering and keeps showing the rest', async () => {
    const sim = c.simulation()!;
    const [first] = sim.localChains;
    await first!.stop();
    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    const alert = page.locator(`[data-failed-source="chain:${first!.chainId}"]`);
    await expect.poll(() => alert.textContent(), { timeout: 60_000 }).toContain('did not answer');
    expect(await alert.textContent()).toContain('not current');
    const onOther = truth.vaults.filter((v) => v.chain.chainId !== first!.chainId);
    for (const v of onOther) expect((await page.locator(`tr[data-vault-id="${v.id}"]`).getAttribute('class')) ?? '').not.toContain('stale-row');
    const onDown = truth.vaults.filter((v) => v.chain.chainId === first!.chainId);
    for (const v of onDown) expect((await page.locator(`tr[data-vault-id="${v.id}"]`).getAttribute('class')) ?? '').toContain('stale-row');
    await screenshot(page, 'overview-chain-down');
  });

  it('ran without page errors', () => {
    expect(watched.errors).toEqual([]);
  });
});
