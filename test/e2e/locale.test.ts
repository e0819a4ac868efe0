import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { formatAmount, formatUsd } from '../../shared/domain/units';
import { fixedAmount } from '../../renderer/src/components/format';
import type { Portfolio } from '../../shared/portfolio/schemas';
import { vaultTotals } from '../../shared/portfolio/totals';
import { batchValue } from '../../shared/positions/batch-value';
import { vaultEarnings } from '../../shared/positions/totals';
import type { TestConsole } from '../support/console';
import { screenshot } from './support/browser';
import { openDemoPage } from './support/console-page';

// A reader whose browser speaks French: amounts, percentages and dates in French forms (a narrow
// no-break space between thousands, a decimal comma, "24 févr. 2027"), with the UTC time on hover.
// The figures themselves are the demo's, held still, compared with the console's own handler.
const LOCALE = 'fr-FR';
let c: TestConsole;
let browser: BrowserContext;
let page: Page;
let watched: { errors: string[] };
let truth: Portfolio;
let timeZone: string;
const ctx = { transport: 'browser' as const };

const utc = (seconds: number) => `${new Date(seconds * 1000).toISOString().replace('T', ' ').slice(0, 19)} UTC`;
const frenchDate = (seconds: number, withTime: boolean) =>
  new Intl.DateTimeFormat(LOCALE, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
    timeZone,
  }).format(new Date(seconds * 1000));

beforeAll(async () => {
  ({ c, browser, page, watched } = await openDemoPage({}, LOCALE));
  truth = await c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
  timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await c?.close();
});

describe('a French reader', () => {
  it('reads in French', async () => {
    expect(await page.evaluate(() => navigator.language)).toBe(LOCALE);
  });

  it('sees every vault total in French number forms, exact to the token decimals shown', async () => {
    const totals = vaultTotals(truth).filter((t) => t.value >= 1_000n * 10n ** BigInt(t.vault.underlying.decimals));
    expect(totals.length).toBeGreaterThan(0);
    for (const t of totals) {
      const value = `${fixedAmount(t.value, t.vault.underlying.decimals, LOCALE)} ${t.vault.underlying.symbol}`;
      // Grouped with a narrow no-break space, decimals after a comma.
      expect(value).toMatch(/^\d{1,3}(\u202f\d{3})+(,\d+)?…? /);
      await expect.poll(() => page.locator(`tr[data-vault-id="${t.vault.id}"]`).textContent(), { timeout: 15_000 }).toContain(value);
    }
    // The batch's total in US dollars, in French: "539 210,26 $".
    const records = await c.positionRecords(null);
    const usd = formatUsd(batchValue(vaultTotals(truth), vaultEarnings(truth, records)).usd.value, LOCALE);
    expect(usd).toMatch(/^\d{1,3}(\u202f\d{3})*,\d{2}\u00a0\$$/);
    await expect
      .poll(() => page.getByTestId('group-total').locator('[data-total="value"]').textContent(), { timeout: 30_000 })
      .toContain(usd);
    await screenshot(page, 'overview-fr');
  });

  it('sees the vault page in French: rates, price, dates, with the UTC time on hover', async () => {
    const vault = truth.vaults.find((v) => v.cycle?.state === 'RUNNING' && v.cycle.epochStart && v.apr.current !== null && v.price)!;
    await page.locator(`tr[data-vault-id="${vault.id}"] button.link-button`).click();
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe(vault.name);

    const apr = page.locator('[data-fact="APR"]');
    expect(await apr.textContent()).toContain(`${vault.apr.current!.toLocaleString(LOCALE, { maximumFractionDigits: 2 })} %`);
    expect(await page.locator('[data-fact="Share price"]').textContent()).toContain(
      `${formatAmount(vault.price!, vault.underlying.decimals, { locale: LOCALE })} ${vault.underlying.symbol}`,
    );
    expect(await page.locator('[data-fact="Share price"]').textContent()).toMatch(/\d,\d/);

    // The epoch's start and end: French dates, and the exact UTC time in the tooltip.
    const times = page.locator('[data-fact="Epoch"] time');
    expect(await times.count()).toBe(2);
    const start = times.first();
    expect(await start.textContent()).toBe(frenchDate(vault.cycle!.epochStart!, true));
    expect(await start.getAttribute('title')).toBe(utc(vault.cycle!.epochStart!));
    expect(await times.last().textContent()).toBe(frenchDate(vault.cycle!.epochEnd!, true));
    expect(await times.last().getAttribute('title')).toBe(utc(vault.cycle!.epochEnd!));
    expect(await start.textContent()).toMatch(/^\d{1,2} [a-zéû]+\.? \d{4}/);
    await start.hover();
    await screenshot(page, 'vault-page-fr');
  });

  it('sees the requests with French amounts and expected dates', async () => {
    await page.getByRole('button', { name: 'Requests', exact: true }).click();
    const dated = truth.requests.find((r) => r.expectedAt !== null)!;
    const vault = truth.vaults.find((v) => v.id === dated.vaultId)!;
    const token = dated.amountToken === 'tranche' ? vault.tranche : vault.underlying;
    const label = truth.wallets.find((w) => w.address.toLowerCase() === dated.wallet.toLowerCase())!.label;
    await page.getByLabel('Search requests').fill(label);
    const row = page.locator(`[data-row-id="${dated.id}"]`);
    await expect
      .poll(() => row.textContent(), { timeout: 15_000 })
      .toContain(`${fixedAmount(dated.amount, token.decimals, LOCALE)} ${token.symbol}`);
    const expected = row.locator('time');
    expect(await expected.textContent()).toBe(frenchDate(dated.expectedAt!, false));
    expect(await expected.getAttribute('title')).toBe(utc(dated.expectedAt!));
    await page.getByLabel('Search requests').fill('');
  });

  it('ran without page errors', () => {
    expect(watched.errors).toEqual([]);
  });
});
