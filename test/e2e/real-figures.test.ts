import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { fixedAmount } from '../../renderer/src/components/format';
import { formatUsd } from '../../shared/domain/units';
import type { Portfolio, PortfolioVault, RequestRow } from '../../shared/portfolio/schemas';
import type { TestConsole } from '../support/console';
import { screenshot } from './support/browser';
import { openDemoPage } from './support/console-page';

// The demo served in the protocol's official shapes (no lpAmount on requests, amounts in the
// underlying), its cycle held still: every screen must count each request once, in its own unit,
// and say what a claim pays.
let c: TestConsole;
let browser: BrowserContext;
let page: Page;
let truth: Portfolio;

beforeAll(async () => {
  ({ c, browser, page } = await openDemoPage());
  truth = await c.runtime.handlers.portfolio.load({ groupId: null }, { transport: 'browser' });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await c?.close();
});

const vaultOf = (r: RequestRow) => truth.vaults.find((v) => v.id === r.vaultId)!;
const tokenOf = (v: PortfolioVault, t: 'underlying' | 'tranche') => (t === 'tranche' ? v.tranche : v.underlying);
const shown = (amount: bigint | string, token: { decimals: number; symbol: string }) => `${fixedAmount(String(amount), token.decimals, 'en-GB')} ${token.symbol}`;
const sum = (rows: RequestRow[]) => rows.reduce((s, r) => s + BigInt(r.amount), 0n);

describe('the Overview counts each request once, by what the contracts say of it', () => {
  it('puts a claimable redeem under Claimable now only, and a processed withdrawal under processed', async () => {
    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    const counted = truth.requests.filter((r) => r.phase === 'pending' || r.phase === 'processed' || r.phase === 'claimable');
    expect(counted.length).toBeGreaterThan(0);
    for (const vault of truth.vaults) {
      const mine = counted.filter((r) => r.vaultId === vault.id);
      const pendingCell = page.locator(`tr[data-vault-id="${vault.id}"] td[data-pending]`);
      const redeems = sum(mine.filter((r) => r.type === 'REDEEM' && r.phase === 'pending'));
      const deposits = sum(mine.filter((r) => r.type === 'DEPOSIT' && r.phase === 'pending'));
      const text = await pendingCell.textContent();
      expect(text).toContain(`redeems${shown(redeems, vault.underlying)}`);
      expect(text).toContain(`deposits${shown(deposits, vault.underlying)}`);
      const processed = mine.filter((r) => r.phase === 'processed');
      expect(await pendingCell.locator('[data-processed]').count()).toBe(processed.length > 0 ? 1 : 0);
      if (processed.length > 0) expect(Number(await pendingCell.locator('[data-processed]').getAttribute('data-processed'))).toBe(processed.length);
      const claims = mine.filter((r) => r.phase === 'claimable');
      expect(Number(await page.locator(`tr[data-vault-id="${vault.id}"] td[data-claimable]`).getAttribute('data-claimable'))).toBe(claims.length);
    }
    await screenshot(page, 'overview-phases');
  });

  it('says what the claims pay, not what was put in', async () => {
    const vault = truth.vaults.find((v) => truth.requests.some((r) => r.vaultId === v.id && r.phase === 'claimable' && r.type === 'DEPOSIT' && r.receive))!;
    expect(vault).toBeDefined();
    const claims = truth.requests.filter((r) => r.vaultId === vault.id && r.phase === 'claimable' && r.receive);
    const tranche = claims.filter((r) => r.receive!.token === 'tranche').reduce((s, r) => s + BigInt(r.receive!.amount), 0n);
    const text = await page.locator(`tr[data-vault-id="${vault.id}"] td[data-claimable] [data-receive]`).textContent();
    // A deposit claim pays tranche tokens at the epoch's price: amount × 1e18 / epochPrice.
    expect(text).toContain(shown(tranche, vault.tranche));
  });
});

describe('a withdrawal in its own unit on every screen', () => {
  const withdrawal = () => truth.requests.find((r) => r.type === 'WITHDRAW' && r.phase === 'pending' && r.source === 'service')!;

  it('reads a withdrawal without lpAmount in tranche tokens from the queue', async () => {
    const w = withdrawal();
    expect(w).toBeDefined();
    expect([w.amountToken, w.amountFrom]).toEqual(['tranche', 'chain']);
    await page.getByRole('button', { name: 'Requests', exact: true }).click();
    await page.getByLabel('Search requests').fill(w.wallet);
    const row = page.locator(`[role="table"][aria-label="Requests"] [data-row-id="${w.id}"]`);
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    const v = vaultOf(w);
    const amount = row.locator('[data-amount-token]');
    expect(await amount.getAttribute('data-amount-token')).toBe('tranche');
    expect(await amount.textContent()).toContain(shown(w.amount, v.tranche));
    // What its claim pays, in the underlying, marked as an estimate until the epoch's price is fixed.
    expect(await amount.locator('[data-receive]').getAttribute('data-receive')).toBe('estimate');
    expect(await amount.locator('[data-receive]').textContent()).toContain(`≈ ${shown(w.receive!.amount, tokenOf(v, w.receive!.token))}`);
    expect(await row.locator('[data-phase]').textContent()).toBe('pending');
    await screenshot(page, 'requests-withdrawal-units');
    await page.getByLabel('Search requests').fill('');
  });

  it('shows a withdraw request and its cancel on Transactions in the Requests screen’s words and tokens', async () => {
    const view = await c.runtime.handlers.transactions.list({ groupId: null }, { transport: 'browser' });
    const requested = view.rows.filter((r) => r.type === 'REQUEST_WITHDRAW');
    expect(requested.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Transactions', exact: true }).click();
    const table = page.locator('[role="table"][aria-label="Transactions"]');
    await expect.poll(() => table.locator('[data-row-id]').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    const types = await table.locator('[data-row-id]').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('[role="cell"]')[2]?.textContent ?? ''));
    expect(types.some((t) => /Delete|Request withdraw/.test(t))).toBe(false);
    const first = requested[0]!;
    const vault = truth.vaults.find((v) => v.id === first.vaultId);
    expect(first.token?.symbol).toBe(vault?.tranche.symbol ?? first.token?.symbol);
    expect(first.token?.decimals).toBe(18);
    await page.getByLabel('Type').selectOption('REQUEST_WITHDRAW');
    await expect.poll(() => table.locator('[data-row-id]').first().textContent(), { timeout: 30_000 }).toContain('Withdraw request');
    await screenshot(page, 'transactions-withdraw-words');
  });
});

describe('USD from one moment', () => {
  it("prices a vault's TVL at one service snapshot's own price, and says when that price was", async () => {
    const vault = truth.vaults.find((v) => v.tvl && v.usdPrice && v.origins.tvl === 'chain')!;
    expect(vault).toBeDefined();
    const p = vault.usdPrice!;
    // The snapshot's TVL in USD over its TVL in tokens; never the chain's TVL over the service's USD.
    const usd = (BigInt(vault.tvl!.token) * BigInt(p.usd)) / BigInt(p.token);
    expect(vault.tvl!.usd).toBe(usd.toString());
    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    await page.locator(`tr[data-vault-id="${vault.id}"] .vault-link`).click();
    const figure = page.locator('[data-figure="tvlUsd"]');
    await expect.poll(() => figure.textContent(), { timeout: 30_000 }).toContain(formatUsd(usd, 'en-GB'));
    expect(await figure.locator('[data-usd-price-block]').getAttribute('data-usd-price-block')).toBe(String(p.block));
    await screenshot(page, 'vault-tvl-usd-moment');
  });
});

describe('rows of two lines', () => {
  it('are laid at their new height when the density changes on a shown table, none over the next', async () => {
    await page.getByRole('button', { name: 'Requests', exact: true }).click();
    const rows = page.locator('[role="table"][aria-label="Requests"] [role="row"][data-row-id]');
    await rows.first().waitFor();
    const overlaps = () =>
      rows.evaluateAll((els) => {
        const boxes = els.map((e) => e.getBoundingClientRect()).sort((a, b) => a.top - b.top);
        return boxes.slice(1).filter((b, i) => b.top < boxes[i]!.bottom - 1).length;
      });
    await page.getByLabel('Rows', { exact: true }).selectOption({ label: 'Comfortable' });
    await expect.poll(() => rows.first().evaluate((e) => e.getBoundingClientRect().height), { timeout: 15_000 }).toBeGreaterThan(40);
    expect(await overlaps()).toBe(0);
    const pitch = await rows.evaluateAll((els) => {
      const tops = els.map((e) => e.getBoundingClientRect().top).sort((a, b) => a - b);
      return tops[1]! - tops[0]!;
    });
    expect(pitch).toBeGreaterThan(40);
    await screenshot(page, 'requests-comfortable');
    await page.getByLabel('Rows', { exact: true }).selectOption({ label: 'Compact' });
  });
});
