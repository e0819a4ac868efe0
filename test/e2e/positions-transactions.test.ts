import { readFileSync } from 'node:fs';
import { transactionTypeWords } from '../../shared/transactions/type-words';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { ServiceClient } from '../../electron/services/service-client';
import { exactUnits, formatUsd } from '../../shared/domain/units';
import { fixedAmount } from '../../renderer/src/components/format';
import type { Portfolio } from '../../shared/portfolio/schemas';
import type { PositionRecords } from '../../shared/positions/schemas';
import { batchValue } from '../../shared/positions/batch-value';
import { vaultEarnings } from '../../shared/positions/totals';
import { vaultTotals } from '../../shared/portfolio/totals';
import type { ResourceItem } from '../../shared/service';
import { TRANSACTION_CSV_COLUMNS } from '../../shared/transactions/csv';
import type { TestConsole } from '../support/console';
import { screenshot } from './support/browser';
import { openDemoPage } from './support/console-page';

// The demo as a user gets it (local chains, the seeded lenders, the indexer, the service), with
// the cycle drivers held still so that the page can be compared with the service at the same
// moment. The service is read directly, with its own client, as the ground truth.
let c: TestConsole;
let browser: BrowserContext;
let page: Page;
let watched: { errors: string[] };
let truth: Portfolio;
let records: PositionRecords;
let service: ServiceClient;
const ctx = { transport: 'browser' as const };
// Figures are written in the page's language (openChromium's default), not this process's.
const PAGE_LOCALE = 'en-GB';
// Position requests of this vault fail at the service (503), when a test says so.
const failing = { vaultId: null as string | null };
const serviceFetch: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (failing.vaultId && url.includes(`/v1/vaults/${failing.vaultId}/position`)) {
    const body = { code: 'SERVICE_UNAVAILABLE', message: 'Position records are being rebuilt', statusCode: 503 };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 503, headers: { 'content-type': 'application/json' } }));
  }
  return fetch(input, init);
};

beforeAll(async () => {
  ({ c, browser, page, watched } = await openDemoPage({ fetch: serviceFetch }));
  truth = await c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
  records = await c.positionRecords(null);
  service = c.service();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await c?.close();
});

describe('Overview with the service position records', () => {
  it('adds what the batch deposited and earned per vault, in its token', async () => {
    const perVault = vaultEarnings(truth, records);
    const withEarnings = [...perVault.values()].filter((v) => v.records > 0);
    expect(withEarnings.length).toBeGreaterThan(0);
    for (const v of withEarnings) {
      const cell = page.locator(`tr[data-vault-id="${v.vaultId}"] [data-vault-earnings]`);
      await expect.poll(() => cell.getAttribute('data-vault-earnings'), { timeout: 30_000 }).toBe(v.token.earnings.toString());
      const vault = truth.vaults.find((x) => x.id === v.vaultId)!;
      const text = (await cell.textContent()) ?? '';
      expect(text).toContain(`on ${fixedAmount(v.token.deposits, vault.underlying.decimals, PAGE_LOCALE)} ${vault.underlying.symbol}`);
    }
  });

  it('shows the batch total added up from the vault rows above it, in USD at each vault’s price, with where the figures come from', async () => {
    const g = batchValue(vaultTotals(truth), vaultEarnings(truth, records));
    expect(g.records).toBeGreaterThan(0);
    const total = page.getByTestId('group-total');
    await expect.poll(() => total.locator('[data-total="value"]').textContent()).toContain(formatUsd(g.usd.value, PAGE_LOCALE));
    expect(await total.locator('[data-total="earnings"]').textContent()).toContain(`${formatUsd(g.usd.earnings, PAGE_LOCALE)} earned`);
    expect(await total.locator('[data-total="deposits"]').textContent()).toContain(`on ≈ ${formatUsd(g.usd.deposits, PAGE_LOCALE)}`);
    expect(await total.textContent()).toContain(`from ${g.records} position record`);
    // The records are a source of their own beside the service and the chains.
    expect(await page.locator('[data-source="service:positions"]').textContent()).toContain('Position records');
    await screenshot(page, 'overview-earnings');
    // The demo's device panel folded away, to see the batch total at the foot of the table.
    await page.getByRole('button', { name: 'Hide', exact: true }).click();
    await total.scrollIntoViewIfNeeded();
    await screenshot(page, 'overview-batch-total');
  });
});

describe('Positions with the service position records', () => {
  it("shows each pair's deposits, earnings, APY and pool share from the service", async () => {
    await page.getByRole('button', { name: 'Positions', exact: true }).click();
    const withRecord = records.rows.find((r) => r.record && r.record.deposits.token !== '0' && r.record.poolSharePercent)!;
    expect(withRecord).toBeDefined();
    const vault = truth.vaults.find((v) => v.id === withRecord.vaultId)!;
    await page.getByLabel('Search positions').fill(withRecord.wallet);
    const row = page.locator(`[data-row-id="${withRecord.vaultId}:${withRecord.wallet}"]`);
    const r = withRecord.record!;
    await expect
      .poll(() => row.textContent(), { timeout: 30_000 })
      .toContain(`on ${fixedAmount(r.deposits.token!, vault.underlying.decimals, PAGE_LOCALE)} ${vault.underlying.symbol}`);
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(fixedAmount(r.earnings.token!, vault.underlying.decimals, PAGE_LOCALE));
    expect(text).toContain(`APY ${r.realizedApy!.toFixed(2)}%`);
    expect(text).toContain(`${r.poolSharePercent!.toFixed(2)} % of the pool`);
    expect(await row.locator('[data-record-state]').getAttribute('data-record-state')).toBe('current');
    await page.getByLabel('Search positions').fill('');
    await screenshot(page, 'positions-earnings');
  });

  it('marks the records of a vault whose requests fail as not current, names the failure, and still shows the rest', async () => {
    const vaultId = records.rows.find((r) => r.record)!.vaultId;
    const other = records.rows.find((r) => r.record && r.vaultId !== vaultId)!;
    const hit = records.rows.find((r) => r.record && r.vaultId === vaultId)!;
    const hitCount = records.rows.filter((r) => r.vaultId === vaultId).length;
    failing.vaultId = vaultId;
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    const alert = page.locator('[data-failed-source="service:positions"]');
    await expect
      .poll(() => alert.textContent(), { timeout: 60_000 })
      .toContain(`${hitCount} of ${records.rows.length} position records could not be loaded`);
    expect(await alert.textContent()).toContain('marked not current');
    const state = (r: { vaultId: string; wallet: string }) =>
      page.locator(`[data-row-id="${r.vaultId}:${r.wallet}"] [data-record-state]`).getAttribute('data-record-state');
    await page.getByLabel('Search positions').fill(hit.wallet);
    await expect.poll(() => state(hit)).toBe('stale');
    expect(await page.locator(`[data-row-id="${hit.vaultId}:${hit.wallet}"]`).textContent()).toContain('not current');
    await screenshot(page, 'positions-records-failed');
    await page.getByLabel('Search positions').fill(other.wallet);
    await expect.poll(() => state(other)).toBe('current');
    await page.getByLabel('Search positions').fill('');

    // The overview's sums for that vault say they include figures that are not current.
    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    expect(await page.locator(`tr[data-vault-id="${vaultId}"] .vault-earnings`).textContent()).toContain('includes figures not current');
    expect(await page.getByTestId('group-total').textContent()).toContain('includes figures not current');

    // Once the service answers again, a refresh makes them current.
    failing.vaultId = null;
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect.poll(() => alert.count(), { timeout: 60_000 }).toBe(0);
    expect(await page.getByTestId('group-total').textContent()).not.toContain('not current');
  });
});

describe('Transactions', () => {
  type Tx = ResourceItem<'transactions'>;
  let lenders: Tx[];
  let treasuryTx: Tx;
  let treasuryAll: Tx[];
  let chainOfTx: (t: Tx) => string;
  const subtitle = () => page.locator('.screen-sub').first().textContent();

  beforeAll(async () => {
    const book = await c.runtime.handlers.wallets.list({}, ctx);
    const lenderSet = new Set(book.wallets.map((w) => w.address.toLowerCase()));
    const all = await service.listAll('transactions');
    lenders = all.filter((t) => lenderSet.has((t.walletAddress ?? '').toLowerCase()));
    // A wallet of the generated dataset with history on a public chain, added as watch-only.
    const chains = await service.listAll('chains');
    const withExplorer = new Set(chains.filter((ch) => ch.explorerUrl?.startsWith('https://')).map((ch) => ch._id));
    // The protocol's records name no chain: a transaction's is its vault's.
    const vaultChain = new Map((await service.listAll('vaults')).map((v) => [v._id, String(v.chainId)]));
    chainOfTx = (t) => vaultChain.get(t.vaultId ?? '') ?? '';
    treasuryTx = all.find((t) => withExplorer.has(chainOfTx(t)) && t.hash && !lenderSet.has(t.walletAddress!.toLowerCase()))!;
    treasuryAll = all.filter((t) => t.walletAddress === treasuryTx.walletAddress);
    await c.runtime.handlers.wallets.add({ address: treasuryTx.walletAddress!, label: 'Watch-only treasury' }, ctx);
  });

  it("lists the batch's history from the service, newest first", async () => {
    expect(lenders.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Transactions', exact: true }).click();
    const total = lenders.length + treasuryAll.length;
    await expect.poll(subtitle, { timeout: 30_000 }).toContain(`${total} of ${total} transactions`);
    const first = page.locator('[role="table"][aria-label="Transactions"] [data-row-id]').first();
    const newest = Math.max(...[...lenders, ...treasuryAll].map((t) => t.block!.timestamp));
    const firstId = await first.getAttribute('data-row-id');
    expect([...lenders, ...treasuryAll].find((t) => t._id === firstId)!.block!.timestamp).toBe(newest);
    await screenshot(page, 'transactions');
  });

  it('says a local chain has no explorer instead of linking nowhere', async () => {
    const local = lenders[0]!;
    await page.getByLabel('Wallet', { exact: true }).selectOption(local.walletAddress!);
    const mine = lenders.filter((t) => t.walletAddress === local.walletAddress);
    await expect.poll(subtitle).toContain(`${mine.length} of`);
    const row = page.locator(`[data-row-id="${local._id}"]`);
    expect(await row.textContent()).toContain('local chain: no explorer');
    expect(await row.locator('[title^="No block explorer"]').getAttribute('title')).toMatch(
      /^No block explorer: Local chain \d+ is a chain on this machine\.$/,
    );
    expect(await row.getByRole('button').count()).toBe(0);
  });

  it("filters by wallet, type and UTC day, and opens a transaction on its chain's explorer through the opener", async () => {
    await page.getByLabel('Wallet', { exact: true }).selectOption(treasuryTx.walletAddress!);
    await expect.poll(subtitle).toContain(`${treasuryAll.length} of`);
    await page.getByLabel('Type', { exact: true }).selectOption(treasuryTx.type);
    const ofType = treasuryAll.filter((t) => t.type === treasuryTx.type);
    await expect.poll(subtitle).toContain(`${ofType.length} of`);

    const day = new Date(treasuryTx.block!.timestamp * 1000).toISOString().slice(0, 10);
    await page.getByLabel('From (UTC day)').fill(day);
    await page.getByLabel('To (UTC day)').fill(day);
    const thatDay = ofType.filter((t) => new Date(t.block!.timestamp * 1000).toISOString().slice(0, 10) === day);
    await expect.poll(subtitle).toContain(`${thatDay.length} of`);

    const chain = await service.getChain(chainOfTx(treasuryTx));
    const row = page.locator(`[data-row-id="${treasuryTx._id}"]`);
    await row.getByRole('button', { name: /View on/ }).click();
    await expect.poll(() => c.opened.at(-1)).toBe(`${chain.explorerUrl}/tx/${treasuryTx.hash}`);
    await screenshot(page, 'transactions-filtered');
    await page.getByRole('button', { name: 'Clear filters' }).click();
  });

  it('filters by vault and by status, each count and row as the service has them', async () => {
    const shown = [...lenders, ...treasuryAll];
    const rowIds = () =>
      page
        .locator('[role="table"][aria-label="Transactions"] [data-row-id]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-row-id')));
    // The vault with the most of the batch's transactions.
    const byVault = new Map<string, Tx[]>();
    for (const t of shown) byVault.set(t.vaultId!, [...(byVault.get(t.vaultId!) ?? []), t]);
    const [vaultId, inVault] = [...byVault.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
    await page.getByLabel('Vault', { exact: true }).selectOption(vaultId);
    await expect.poll(subtitle).toContain(`${inVault.length} of ${shown.length} transactions`);
    // The table draws the rows in view: each of them is one of that vault's.
    const ids = new Set(inVault.map((t) => t._id));
    const drawn = await rowIds();
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.every((id) => ids.has(id!))).toBe(true);

    // The status filter offers the statuses the batch's history has (the protocol's records carry
    // none: then it offers none), and narrows to one of them.
    const statuses = [...new Set(shown.flatMap((t) => (t.status ? [t.status] : [])))].sort();
    const offered = (
      await page
        .getByLabel('Status', { exact: true })
        .locator('option')
        .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))
    ).filter(Boolean);
    expect(offered.sort()).toEqual(statuses);
    const status = statuses[0];
    if (status === undefined) {
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(subtitle).toContain(`${shown.length} of ${shown.length} transactions`);
      return;
    }
    await page.getByLabel('Status', { exact: true }).selectOption(status);
    await expect.poll(subtitle).toContain(`${inVault.filter((t) => t.status === status).length} of ${shown.length} transactions`);
    await page.getByLabel('Vault', { exact: true }).selectOption('');
    await expect.poll(subtitle).toContain(`${shown.filter((t) => t.status === status).length} of ${shown.length} transactions`);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(subtitle).toContain(`${shown.length} of ${shown.length} transactions`);
  });

  it('exports what is shown as CSV for accounting: columns, token decimals, totals', async () => {
    await page.getByLabel('Wallet', { exact: true }).selectOption(treasuryTx.walletAddress!);
    await expect.poll(subtitle).toContain(`${treasuryAll.length} of`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^vaultdesk-transactions-all-wallets-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = Papa.parse<Record<string, string>>(readFileSync((await download.path())!, 'utf8'), { header: true, skipEmptyLines: true });
    expect(csv.meta.fields).toEqual([...TRANSACTION_CSV_COLUMNS]);
    expect(csv.data).toHaveLength(treasuryAll.length);

    const tokens = new Map((await service.listAll('tokens')).map((t) => [t._id, t]));
    const vaults = new Map((await service.listAll('vaults')).map((v) => [v._id, v]));
    const oldestFirst = [...treasuryAll].sort((a, b) => a.block!.timestamp - b.block!.timestamp || a._id.localeCompare(b._id));
    oldestFirst.forEach((t, i) => {
      // The protocol's records give the underlying's amount as tokenAmount and the tranche tokens as amount:
      // a withdraw request and its cancel are shown in tranche tokens, as the Requests screen shows them.
      const inTranche = t.tokenAmount !== undefined && transactionTypeWords(t.type).moves === 'tranche';
      const vault = vaults.get(t.vaultId!)!;
      const token = inTranche ? { symbol: vault.symbol ?? 'AA', decimals: 18 } : tokens.get(t.tokenId!)!;
      const amount = inTranche ? t.amount! : (t.tokenAmount ?? t.amount!);
      expect(csv.data[i]).toEqual({
        date_utc: new Date(t.block!.timestamp * 1000).toISOString(),
        wallet: t.walletAddress,
        label: 'Watch-only treasury',
        vault: vaults.get(t.vaultId!)!.name,
        type: t.type,
        // The protocol's records carry no status: a record with a block is a mined transaction.
        status: t.status ?? (t.block ? 'mined' : ''),
        amount: exactUnits(amount, token.decimals!),
        symbol: token.symbol,
        tx_hash: t.hash,
        explorer_url: csv.data[i]!.explorer_url,
      });
      expect(csv.data[i]!.amount!.split('.')[1]).toHaveLength(token.decimals!);
      expect(csv.data[i]!.explorer_url).toMatch(new RegExp(`^https://[^/]+/tx/${t.hash}$`));
    });

    // Per type and token, the file adds up to the totals the screen shows.
    const chips = page.locator('.tx-total');
    const shown = await chips.evaluateAll((els) =>
      els.map((e) => ({
        type: e.getAttribute('data-total-type'),
        symbol: e.getAttribute('data-total-symbol'),
        count: Number(e.getAttribute('data-total-count')),
        text: e.textContent,
      })),
    );
    expect(shown.length).toBeGreaterThan(0);
    for (const chip of shown) {
      const lines = csv.data.filter((l) => l.type === chip.type && l.symbol === chip.symbol);
      const decimals = lines[0]!.amount!.split('.')[1]!.length;
      const sum = lines.reduce((s, l) => s + BigInt(l.amount!.replace('.', '')), 0n);
      expect(chip.count).toBe(lines.length);
      // Shown with the token's fixed decimals (the exact sum is on hover).
      expect(chip.text).toContain(`${fixedAmount(sum, decimals, PAGE_LOCALE)} ${chip.symbol}`);
    }
    await page.getByRole('button', { name: 'Clear filters' }).click();
  });

  it('ran without page errors', () => {
    expect(watched.errors).toEqual([]);
  });
});
