import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fixedAmount } from '../../renderer/src/components/format';
import { startEmbeddedSimulation, type DemoSimulation } from '../../electron/runtime/embedded-simulation';
import type { Portfolio, PortfolioVault } from '../../shared/portfolio/schemas';
import { screenshot } from './support/browser';
import { closeDemoSigningWorld, openDemoPage, outliving, type ConsolePage } from './support/console-page';
import { signingUi } from './support/signing';

// The demo's service records what the chain did a while after it (`serviceLag`): a deposit request
// made through the console is on the chain at once and in the service only later. Meanwhile, and
// after, every screen shows it once: the Requests screen one row, Positions the one request, the
// Overview's pending its amount.
const LAG_S = 75;

let sim: DemoSimulation;
let ui: ConsolePage;
let page: Page;
let before: Portfolio;
const s = signingUi(() => ui);

beforeAll(async () => {
  sim = await startEmbeddedSimulation({ drive: false, serviceLag: { kind: 'delay', seconds: LAG_S } });
  ui = await openDemoPage({ startSimulation: outliving(sim) });
  page = ui.page;
  before = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, { transport: 'browser' });
}, 180_000);

afterAll(() => closeDemoSigningWorld({ sim, ui }));

const shown = (amount: bigint, token: { decimals: number; symbol: string }) => `${fixedAmount(String(amount), token.decimals, 'en-GB')} ${token.symbol}`;

describe('a deposit request while the service lags the chain', () => {
  let vault: PortfolioVault;
  let wallet: string;
  let rowId: string;
  const amount = 250_000_000n;

  /** The service's records of the request. */
  const recorded = () =>
    sim.service.store.vaultRequests.filter(
      (r) => r.vaultId === vault.id && r.type === 'DEPOSIT' && r.walletAddress.toLowerCase() === wallet.toLowerCase() && r.epochNumber === vault.cycle!.requestEpoch,
    ).length;

  /** What the screens show of the request: its rows on Requests, and the Overview's pending deposits. */
  async function screens(): Promise<{ rows: number; sameWalletRows: number; pending: string; position: string }> {
    await page.getByRole('button', { name: 'Positions', exact: true }).click();
    await page.getByLabel('Search positions').fill(wallet);
    const pair = page.locator(`[role="table"][aria-label="Positions"] [data-row-id="${vault.id}:${wallet}"]`);
    await pair.waitFor({ timeout: 30_000 });
    const position = (await pair.textContent()) ?? '';
    await page.getByLabel('Search positions').fill('');
    await page.getByRole('button', { name: 'Requests', exact: true }).click();
    await page.getByLabel('Search requests').fill(wallet);
    const table = page.locator('[role="table"][aria-label="Requests"]');
    await table.locator(`[data-row-id="${rowId}"]`).first().waitFor({ timeout: 30_000 });
    const rows = await table.locator(`[data-row-id="${rowId}"]`).count();
    const sameWalletRows = await table.locator(`[data-row-id^="${vault.id}:${wallet.toLowerCase()}:DEPOSIT:"]`).count();
    await page.getByLabel('Search requests').fill('');
    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    const cell = page.locator(`tr[data-vault-id="${vault.id}"] td[data-pending]`);
    await cell.waitFor({ timeout: 30_000 });
    return { rows, sameWalletRows, pending: (await cell.textContent()) ?? '', position };
  }

  it('shows it once from the chain before the service has it', async () => {
    const alpha = sim.local.network.chains.flatMap((c) => c.deployment.vaults).find((v) => v.key === 'alpha')!;
    vault = before.vaults.find((v) => v.epochVault.toLowerCase() === alpha.epochVault.toLowerCase())!;
    expect(vault.cycle?.state).toBe('RUNNING');
    wallet = sim.wallets
      .map((w) => w.address as string)
      .find((w) => {
        const p = before.positions.find((x) => x.vaultId === vault.id && x.wallet === w);
        return p?.allowed && !before.requests.some((q) => q.vaultId === vault.id && q.wallet === w);
      })!;
    expect(wallet).toBeDefined();
    rowId = `${vault.id}:${wallet.toLowerCase()}:DEPOSIT:${vault.cycle!.requestEpoch}`;
    await s.useGroup('Lagged lender', [wallet]);

    await s.reviewOperation({ vault, action: 'agreements', heading: 'lender agreements' });
    await s.startSigning();
    await s.approveUntilDone();
    await s.reviewOperation({ vault, action: 'deposit', amount: '250', route: /a deposit request in the queue/, heading: 'deposits' });
    await s.startSigning();
    await s.approveUntilDone();
    // The indexer has read the chain since the deposit: its record is on its way, waiting out the lag.
    await sim.local.indexer.refresh();
    expect(sim.local.indexer.publisher.pending()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Requests', exact: true }).click();
    await page.getByLabel('Search requests').fill(wallet);
    await s.refreshUntil(async () => (await page.locator(`[role="table"][aria-label="Requests"] [data-row-id="${rowId}"]`).count()) === 1, 'the request read from the chain');
    const early = await screens();
    await page.getByRole('button', { name: 'Requests', exact: true }).click();
    await page.getByLabel('Search requests').fill(wallet);
    await screenshot(page, 'service-lag-requests-from-chain');
    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    await screenshot(page, 'service-lag-overview-from-chain');
    // All of it seen while the service still lacks the request: its record is waiting out the lag.
    expect(recorded()).toBe(0);
    expect(sim.local.indexer.publisher.pending()).toBeGreaterThan(0);
    expect(early.rows).toBe(1);
    expect(early.sameWalletRows).toBe(1);
    expect(early.pending).toContain(`deposits${shown(amount, vault.underlying)}`);
    // Positions: the wallet's pending request in the vault, the one request (no "+ 1 more").
    expect(early.position).toContain(`Deposit ${shown(amount, vault.underlying)}`);
    expect(early.position).not.toMatch(/more/);
    const truth = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, { transport: 'browser' });
    expect(truth.requests.filter((r) => r.id === rowId).map((r) => [r.source, r.phase, r.amount])).toEqual([['chain', 'pending', String(amount)]]);
  }, 300_000);

  it('still shows it once after the service has caught up', async () => {
    await expect.poll(recorded, {
      timeout: (LAG_S + 60) * 1000,
      interval: 1000,
    }).toBe(1);
    await s.refreshUntil(async () => {
      const truth = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, { transport: 'browser' });
      return truth.requests.some((r) => r.id === rowId && r.source === 'service');
    }, 'the request read from the service');
    const late = await screens();
    expect(late.rows).toBe(1);
    expect(late.sameWalletRows).toBe(1);
    expect(late.pending).toContain(`deposits${shown(amount, vault.underlying)}`);
    expect(late.position).toContain(`Deposit ${shown(amount, vault.underlying)}`);
    expect(late.position).not.toMatch(/more/);
    await page.getByRole('button', { name: 'Requests', exact: true }).click();
    await page.getByLabel('Search requests').fill(wallet);
    await screenshot(page, 'service-lag-requests-from-service');
    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    await screenshot(page, 'service-lag-overview-from-service');
  }, 300_000);
});
