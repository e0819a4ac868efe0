import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startEmbeddedSimulation, type DemoSimulation } from '../../electron/runtime/embedded-simulation';
import type { Portfolio, PortfolioVault, RequestRow } from '../../shared/portfolio/schemas';
import { screenshot } from './support/browser';
import { openDemoPage, type ConsolePage } from './support/console-page';

// The demo, held still, served to the console through a thin HTTP relay that writes each epoch's
// rates as the protocol's client does (`makeVaultEpochAPRs`: EPOCH = GROSS x D / (D + B), BUFFER
// the rest), so that EPOCH differs from the rate as it does on the real service.
let sim: DemoSimulation;
let relay: { url: string; close(): Promise<void> };
let ui: ConsolePage;
let page: Page;
let truth: Portfolio;

/** Forwards every call to the demo's service; rewrites the epochs' APRs into the official split. */
async function startEpochRelay(upstream: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    void (async () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !['host', 'connection', 'accept-encoding', 'content-length'].includes(k)) headers[k] = v;
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const answer = await fetch(`${upstream}${req.url}`, { method: req.method, headers, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) });
      let body = await answer.text();
      if (req.url?.startsWith('/v1/vault-epochs') && answer.ok) {
        const page = JSON.parse(body) as { data?: Array<{ duration?: number; bufferDuration?: number; APRs?: Record<string, number> }> };
        for (const e of page.data ?? []) {
          if (!e.APRs || !e.duration) continue;
          const gross = e.APRs.GROSS ?? 0;
          const epoch = (gross * e.duration) / (e.duration + (e.bufferDuration ?? 0));
          e.APRs = { ...e.APRs, EPOCH: epoch, BUFFER: gross - epoch, CURE: 0 };
        }
        body = JSON.stringify(page);
      }
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(body);
    })().catch((err: unknown) => {
      res.writeHead(502);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

beforeAll(async () => {
  sim = await startEmbeddedSimulation({ drive: false });
  relay = await startEpochRelay(sim.url);
  ui = await openDemoPage({ startSimulation: () => Promise.resolve({ ...sim, url: relay.url, close: async () => undefined }) });
  page = ui.page;
  truth = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, { transport: 'browser' });
}, 240_000);

afterAll(async () => {
  await ui?.close();
  await relay?.close();
  await sim?.close();
});

const pctText = (v: number) => `${v.toLocaleString('en-GB', { maximumFractionDigits: 2 })} %`;
const dateText = (s: number) => new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(s * 1000));

async function openVaultPage(vault: PortfolioVault): Promise<void> {
  await page.getByRole('button', { name: 'Overview', exact: true }).click();
  await page.locator(`tr[data-vault-id="${vault.id}"]`).getByRole('button', { name: vault.name }).click();
  await page.locator('table[aria-label="Epoch history"] tbody tr').first().waitFor({ timeout: 60_000 });
}

async function requestRow(r: RequestRow) {
  await page.getByRole('button', { name: 'Requests', exact: true }).click();
  await page.getByLabel('Search requests').fill(r.wallet);
  const row = page.locator(`[role="table"][aria-label="Requests"] [data-row-id="${r.id}"]`);
  await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
  return row;
}

describe('rates on one scale', () => {
  it('shows each epoch\u2019s GROSS and NET in the epoch table, never its EPOCH part', async () => {
    const vault = truth.vaults.find((v) => v.name.startsWith('Alpha'))!;
    const epochs = await ui.c.service().listAll('vaultEpochs', { filter: { vaultId: vault.id } });
    const finished = epochs.filter((e) => e.status === 'FINISHED' && e.APRs?.GROSS);
    expect(finished.length).toBeGreaterThan(0);
    await openVaultPage(vault);
    for (const e of finished) {
      // With 30-day epochs and a 1-day buffer a 7 % epoch's EPOCH part is 6.77 %: the table shows 7 %.
      expect(e.APRs!.EPOCH).not.toBeCloseTo(e.APRs!.GROSS!, 2);
      const row = page.locator('table[aria-label="Epoch history"] tbody tr').filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${e.count}$`) }) });
      // The fifth column is the epoch's rate: its GROSS.
      expect(await row.locator('td').nth(4).textContent()).toBe(pctText(e.APRs!.GROSS!));
      expect(await row.locator('td[data-rate="gross"]').textContent()).toBe(pctText(e.APRs!.GROSS!));
      expect(await row.locator('td[data-rate="net"]').textContent()).toBe(pctText(e.APRs!.NET!));
    }
    // The vault's current rate (the chain's unscaled rate) is on the same scale as the running epoch's GROSS.
    const running = epochs.find((e) => e.status === 'RUNNING');
    if (running?.APRs?.GROSS !== undefined) expect(await page.locator('[data-figure="apr"]').textContent()).toBe(`${pctText(running.APRs.GROSS)} gross`);
    await page.locator('table[aria-label="Epoch history"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'screens-flags-epoch-rates');
  });
});

describe('a defaulted vault flagged on every screen that lists vaults', () => {
  const defaulted = () => truth.vaults.find((v) => v.cycle?.state === 'DEFAULTED')!;

  it('flags it on Vaults, not READY alone', async () => {
    const gamma = defaulted();
    expect(gamma).toBeDefined();
    await page.getByRole('button', { name: 'Vaults', exact: true }).click();
    const row = page.locator(`table[aria-label="Public vaults"] tr[data-vault-id="${gamma.id}"]`);
    await row.waitFor({ timeout: 60_000 });
    await expect.poll(() => row.locator('[data-vault-flag="Defaulted"]').count(), { timeout: 30_000 }).toBe(1);
    await screenshot(page, 'screens-flags-vaults');
  });

  it('flags it among a campaign\u2019s vaults', async () => {
    const gamma = defaulted();
    await page.getByRole('button', { name: 'Campaigns', exact: true }).click();
    await page.getByRole('button', { name: 'Season 2 points' }).click();
    const row = page.locator(`table[aria-label="Campaign vaults"] tr[data-vault-id="${gamma.id}"]`);
    await row.waitFor({ timeout: 60_000 });
    expect(await row.locator('[data-vault-flag="Defaulted"]').count()).toBe(1);
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'screens-flags-campaign');
  });

  it('sets it apart on Performance, in the chart and the table, never ranked among running vaults whatever the sort', async () => {
    const gamma = defaulted();
    await page.getByRole('button', { name: 'Performance', exact: true }).click();
    const rows = page.locator('table[aria-label="Performance comparison"] tbody tr');
    await rows.first().waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator(`svg.bar-chart g[data-vault-id="${gamma.id}"]`).getAttribute('data-set-apart'), { timeout: 30_000 }).toBe('Defaulted');
    for (const sort of ['Realized APY', 'TVL', 'Holders', 'Vault']) {
      await page.locator('table[aria-label="Performance comparison"] thead button', { hasText: sort }).click();
      const apart = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-set-apart') !== null));
      // Every vault set apart comes after every ranked one.
      expect(apart.indexOf(true)).toBeGreaterThan(-1);
      expect(apart.slice(apart.indexOf(true)).every(Boolean)).toBe(true);
      expect(await page.locator(`table[aria-label="Performance comparison"] tr[data-vault-id="${gamma.id}"]`).getAttribute('data-set-apart')).toBe('Defaulted');
    }
    // The chart ranks the running vaults above the rule, and draws the defaulted one below it.
    const order = await page.locator('svg.bar-chart g[data-vault-id]').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-set-apart') !== null));
    expect(order.slice(order.indexOf(true)).every(Boolean)).toBe(true);
    await page.locator('table[aria-label="Performance comparison"] thead button', { hasText: 'Realized APY' }).click();
    await screenshot(page, 'screens-flags-performance');
  });

  it('flags it on the Overview and beside its requests', async () => {
    const gamma = defaulted();
    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    expect(await page.locator(`table[aria-label="Vault totals"] tr[data-vault-id="${gamma.id}"] [data-cycle-state="DEFAULTED"]`).count()).toBe(1);
    const r = truth.requests.find((x) => x.vaultId === gamma.id)!;
    const row = await requestRow(r);
    expect(await row.locator('[data-vault-flag="Defaulted"]').count()).toBe(1);
  });
});

describe('a request\u2019s epoch as the epoch table counts it', () => {
  const processed = () =>
    truth.requests.find((r) => r.type === 'WITHDRAW' && r.phase === 'processed' && !r.isInstant && r.expectedAt !== null && truth.vaults.find((v) => v.id === r.vaultId)?.cycle?.state === 'RUNNING')!;

  it('says a processed withdrawal of epoch N is paid at the end of epoch N + 1, the running row of the epoch table, on its date', async () => {
    const r = processed();
    expect(r).toBeDefined();
    const n = r.epochNumber!;
    const vault = truth.vaults.find((v) => v.id === r.vaultId)!;
    // The contracts' count: the running epoch is the strategy's completed epochs + 1.
    expect(vault.cycle!.epochNumber + 1).toBe(n + 1);
    const row = await requestRow(r);
    // Comfortable rows show the epoch line under the type.
    await page.getByLabel('Rows', { exact: true }).selectOption({ label: 'Comfortable' });
    expect(await row.textContent()).toContain(`epoch ${n} → ${n + 1}`);
    await page.getByLabel('Rows', { exact: true }).selectOption({ label: 'Compact' });
    const epochCell = row.locator('[data-request-epoch]');
    expect(await epochCell.textContent()).toBe(`epoch ${n} → ${n + 1}`);
    expect(await epochCell.getAttribute('title')).toBe(`processed at the end of epoch ${n}: claimable at the end of epoch ${n + 1}`);
    const expected = await row.locator('[data-expected]').textContent();
    expect(expected).toBe(dateText(r.expectedAt!));
    await screenshot(page, 'screens-flags-request-epoch');

    await openVaultPage(vault);
    const tableRow = page.locator(`table[aria-label="Epoch history"] tr[data-epoch="${n + 1}"]`);
    expect(await tableRow.locator('td').nth(1).textContent()).toBe('running');
    expect(await tableRow.locator('td').nth(3).textContent()).toBe(expected);
  });
});

describe('an expected date in the past', () => {
  it('says overdue since that date, by the chain\u2019s clock, and what it waits for', async () => {
    const r = truth.requests.find((x) => x.expectedAt !== null && (x.phase === 'processed' || x.phase === 'pending') && truth.vaults.find((v) => v.id === x.vaultId)?.cycle?.state === 'RUNNING')!;
    expect(r).toBeDefined();
    const vault = truth.vaults.find((v) => v.id === r.vaultId)!;
    const chain = sim.localChains.find((c) => c.chainId === vault.chain.chainId)!;
    // The chain moves two days past the date; the manager does nothing.
    const rpc = (method: string, params: unknown[]) =>
      fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    await rpc('evm_increaseTime', [r.expectedAt! - vault.cycle!.asOf + 2 * 86_400]);
    await rpc('evm_mine', []);

    await page.getByRole('button', { name: 'Requests', exact: true }).click();
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await page.getByLabel('Search requests').fill(r.wallet);
    const row = page.locator(`[role="table"][aria-label="Requests"] [data-row-id="${r.id}"]`);
    await expect.poll(() => row.textContent(), { timeout: 60_000 }).toContain(`${dateText(r.expectedAt!)}, overdue`);
    const overdue = row.locator('[data-overdue]');
    expect(await overdue.count()).toBe(1);
    const text = await overdue.textContent();
    expect(text).toContain(`${dateText(r.expectedAt!)}, overdue`);
    // The date leads the first line, the one compact rows keep, and is not cut there.
    const first = overdue.locator('.warn-text');
    expect(await first.textContent()).toMatch(new RegExp(`^${dateText(r.expectedAt!)}`));
    const dateCut = await first.locator('time').evaluate((el) => {
      const cell = el.closest('.vt-cell')!.getBoundingClientRect();
      return el.getBoundingClientRect().right > cell.right + 0.5;
    });
    expect(dateCut).toBe(false);
    expect(text).toContain(r.phase === 'processed' ? 'waiting for the manager to make it claimable' : 'waiting for the manager to process it');
    await screenshot(page, 'screens-flags-overdue');
  });

  it('ran without page errors', () => {
    expect(ui.watched.errors).toEqual([]);
  });
});
