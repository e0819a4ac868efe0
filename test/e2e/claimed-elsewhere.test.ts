import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startEmbeddedSimulation, type DemoSimulation } from '../../electron/runtime/embedded-simulation';
import { epochQueueAbi } from '../../shared/abi';
import type { Portfolio, RequestRow } from '../../shared/portfolio/schemas';
import { screenshot } from './support/browser';
import { closeDemoSigningWorld, openDemoPage, outliving, type ConsolePage } from './support/console-page';
import { asHex } from './support/signing';

// A deposit claimed outside the console (another wallet app) while the service's records are an
// hour behind the chain: the service still says CLAIMABLE; the contracts say the queue holds
// nothing for it. No screen may offer it as claimable.
let sim: DemoSimulation;
let ui: ConsolePage;
let page: Page;
let before: Portfolio;

beforeAll(async () => {
  sim = await startEmbeddedSimulation({ drive: false, serviceLag: { kind: 'delay', seconds: 3600 } });
  ui = await openDemoPage({ startSimulation: outliving(sim) });
  page = ui.page;
  await page.getByLabel('every 30 s').uncheck();
  before = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, { transport: 'browser' });
}, 180_000);

afterAll(() => closeDemoSigningWorld({ sim, ui }));

describe('a claim made elsewhere, before the service knows', () => {
  let claimed: RequestRow;

  it('is claimed on chain while the service still lists it as claimable', async () => {
    claimed = before.requests.find((r) => r.type === 'DEPOSIT' && r.phase === 'claimable' && r.action?.functionName === 'claimDepositRequest' && r.source === 'service')!;
    expect(claimed).toBeDefined();
    const vault = before.vaults.find((v) => v.id === claimed.vaultId)!;
    const chain = sim.local.network.chains.find((c) => c.chain.client.chainId === vault.chain.chainId)!.chain.client;
    await chain.write({ from: asHex(claimed.wallet), to: asHex(vault.queue!), abi: epochQueueAbi, functionName: 'claimDepositRequest', args: [BigInt(claimed.epochNumber!)] });
    const held = await chain.publicClient.readContract({
      address: asHex(vault.queue!),
      abi: epochQueueAbi,
      functionName: 'userDepositsEpochs',
      args: [asHex(claimed.wallet), BigInt(claimed.epochNumber!)],
    });
    expect(held).toBe(0n);
    const record = sim.service.store.vaultRequests.find(
      (r) => r.vaultId === claimed.vaultId && r.type === 'DEPOSIT' && r.walletAddress.toLowerCase() === claimed.wallet.toLowerCase() && r.epochNumber === claimed.epochNumber,
    );
    expect(record?.status).toBe('CLAIMABLE');
  });

  it('is claimed on every screen: not counted on the Overview, marked claimed on Requests, gone from Positions', async () => {
    const claimsBefore = before.requests.filter((r) => r.vaultId === claimed.vaultId && r.phase === 'claimable').length;
    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    const cell = page.locator(`tr[data-vault-id="${claimed.vaultId}"] td[data-claimable]`);
    await expect.poll(() => cell.getAttribute('data-claimable'), { timeout: 60_000 }).toBe(String(claimsBefore - 1));
    await screenshot(page, 'claimed-elsewhere-overview');

    await page.getByRole('button', { name: 'Requests', exact: true }).click();
    await page.getByLabel('Search requests').fill(claimed.wallet);
    const row = page.locator(`[role="table"][aria-label="Requests"] [data-row-id="${claimed.id}"]`);
    await expect.poll(() => row.locator('[data-phase]').getAttribute('data-phase'), { timeout: 30_000 }).toBe('claimed');
    expect(await row.locator('.action-claim').count()).toBe(0);
    await screenshot(page, 'claimed-elsewhere-requests');
    await page.getByLabel('Search requests').fill('');

    await page.getByRole('button', { name: 'Positions', exact: true }).click();
    await page.getByLabel('Search positions').fill(claimed.wallet);
    const position = page.locator(`[data-row-id="${claimed.vaultId}:${claimed.wallet}"]`);
    await position.waitFor({ timeout: 30_000 });
    const more = position.locator('.more');
    const claimLines = [...(await position.locator('.claim').allTextContents()), ...((await more.count()) > 0 ? ((await more.first().getAttribute('title')) ?? '') : '').split('\n')];
    expect(claimLines.filter((l) => new RegExp(`Claim deposit.*epoch ${claimed.epochNumber}\\b`).test(l))).toEqual([]);
    await page.getByLabel('Search positions').fill('');
  });
});
