import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Portfolio } from '../../shared/portfolio/schemas';
import { screenshot } from './support/browser';
import { openDemoPage, type ConsolePage } from './support/console-page';
import { BLIND_SIGNING_ACK, signingUi } from './support/signing';

// Signing claims for a batch of demo lenders on the emulated Ledger, through the console's screens:
// select, review (decoded calls, what the device shows, blind-signing acknowledgement), approve each
// review on the device panel, and see the claims land on chain.
let ui: ConsolePage;
let page: Page;
let before: Portfolio;
const s = signingUi(() => ui);

beforeAll(async () => {
  ui = await openDemoPage();
  page = ui.page;
  before = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, { transport: 'browser' });
}, 180_000);

afterAll(async () => {
  await ui?.close();
});

describe('signing claims for a batch', () => {
  it('signs every selected deposit claim of a vault on the Ledger and they land on chain', async () => {
    const claims = before.requests.filter((r) => r.action?.functionName === 'claimDepositRequest');
    expect(claims.length).toBeGreaterThan(0);
    const vaultId = claims[0]!.vaultId;
    const vaultName = before.vaults.find((v) => v.id === vaultId)!.name;
    const mine = claims.filter((r) => r.vaultId === vaultId);

    await page.getByRole('button', { name: 'Requests', exact: true }).click();
    await page.getByLabel('Vault').selectOption({ label: vaultName });
    await page.getByLabel('Type').selectOption('DEPOSIT');
    await page.getByLabel('Status').selectOption('claimable');
    await expect.poll(() => page.locator('[role="table"][aria-label="Requests"] [data-row-id]').count()).toBe(mine.length);
    await page.getByLabel('Select all rows shown').check();
    await page.getByRole('button', { name: new RegExp(`Review and sign ${mine.length} claim`) }).click();

    // The plan: one claim per wallet, decoded, with the hash the device will show.
    const plan = page.getByTestId('plan');
    await expect.poll(() => plan.textContent(), { timeout: 60_000 }).toContain(`claims in ${vaultName}`);
    expect(await plan.locator('.plan-items > li').count()).toBe(mine.length);
    // The demo's vault calls are clear-signed (its descriptors certified by the emulator's test key):
    // the review says what the Ledger shows, and no blind-signing acknowledgement is asked for.
    await page.getByRole('button', { name: /^Details: item 1,/ }).click();
    await expect.poll(() => plan.textContent(), { timeout: 30_000 }).toContain('Clear signing: the Ledger shows this call from its certified descriptor');
    expect(await plan.textContent()).not.toContain('Blind signing');
    expect(await page.getByLabel(BLIND_SIGNING_ACK).count()).toBe(0);
    expect(await page.getByTestId('plan-ledger-shows').textContent()).toBe(
      `The Ledger shows all ${mine.length} call${mine.length === 1 ? '' : 's'} in clear (claimDepositRequest${mine.length === 1 ? '' : ` ×${mine.length}`}): compare their fields on the device; no blind signing is needed.`,
    );
    await screenshot(page, 'signing-plan');
    const sign = page.getByRole('button', { name: new RegExp(`Sign ${mine.length} on the Ledger`) });
    expect(await sign.isDisabled()).toBe(false);
    await sign.click();

    await expect.poll(() => page.getByTestId('batch').count()).toBe(1);
    // The emulated Ledger shows the claim from its descriptor: intent, the descriptor's owner, the epoch.
    await expect.poll(() => page.getByTestId('device-screen').textContent(), { timeout: 60_000 }).toContain('Review transaction to Claim deposit');
    expect(await page.getByTestId('device-screen').textContent()).toContain('Interaction withPareto');
    // Screen for screen what the review predicted for it: the epoch, the network, the fees; no hash.
    expect(await s.expectDeviceShowsItsReview()).toBe('clear');
    await screenshot(page, 'signing-clear-on-ledger');
    await s.approveUntilDone();
    const states = await page.locator('.batch-items > li').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
    expect(states).toEqual(mine.map(() => 'confirmed'));
    await screenshot(page, 'signing-done');

    // The chain agrees: once the service has indexed the new blocks, those claims are no longer open.
    const stillOpen = async () => {
      const after = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, { transport: 'browser' });
      return mine.filter((r) => after.requests.find((x) => x.id === r.id)?.action?.functionName === 'claimDepositRequest').length;
    };
    await expect.poll(stillOpen, { timeout: 30_000, interval: 1000 }).toBe(0);
  }, 240_000);

  it('lists the batch with its outcome and offers its report', async () => {
    const list = page.locator('.batch-list li').first();
    await expect.poll(() => list.textContent()).toContain('done');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Report (CSV)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^vaultdesk-batch-claim-.*\.csv$/);
  });

});

describe('agreements, then a deposit, for a small batch', () => {
  it('signs the lender agreements on the device, then deposits in a vault between epochs', async () => {
    const vault = before.vaults.find((v) => v.cycle?.state === 'WAITING' && v.lenderSignatureIds.length > 0)!;
    expect(vault).toBeDefined();
    const wallets = before.positions.filter((p) => p.vaultId === vault.id && p.allowed).slice(0, 2).map((p) => p.wallet);
    expect(wallets).toHaveLength(2);
    const h = ui.c.runtime.handlers;
    const groupId = await s.useGroup('Two lenders', wallets);
    await page.getByRole('button', { name: 'Signing', exact: true }).click();

    // 1. The agreements: personal messages, signed on the device and submitted to the service.
    await page.getByLabel('Operation vault').selectOption(vault.id);
    await page.getByLabel('Operation', { exact: true }).selectOption('agreements');
    await page.getByRole('button', { name: 'Review' }).click();
    const plan = page.getByTestId('plan');
    await expect.poll(() => plan.textContent(), { timeout: 60_000 }).toContain('lender agreements in');
    expect(await plan.locator('.plan-items > li').count()).toBe(2 * vault.lenderSignatureIds.length);
    await page.getByRole('button', { name: /Sign \d+ on the Ledger/ }).click();
    await expect.poll(() => page.getByTestId('batch').textContent()).toContain('Lender agreements in');
    await s.approveUntilDone();
    const agreements = await h.portfolio.agreements({ groupId, force: true }, { transport: 'browser' });
    expect(agreements.rows.filter((r) => r.vaultId === vault.id).every((r) => r.signed.length === r.required.length)).toBe(true);

    // 2. The deposit: between epochs it is a direct depositAA, after an approval to the epoch vault.
    await page.getByLabel('Operation', { exact: true }).selectOption('deposit');
    expect(await page.getByTestId('route').textContent()).toContain('depositAA');
    await page.getByLabel('Amount per wallet').fill('1.5.0');
    expect(await page.getByRole('button', { name: 'Review' }).isDisabled()).toBe(true);
    await page.getByLabel('Amount per wallet').fill('125.5');
    await page.getByRole('button', { name: 'Review' }).click();
    await expect.poll(() => plan.textContent(), { timeout: 60_000 }).toContain('deposits in');
    expect(await plan.textContent()).toContain(`125.5 ${vault.underlying.symbol}`);
    if (await page.getByLabel(BLIND_SIGNING_ACK).isVisible()) await page.getByLabel(BLIND_SIGNING_ACK).check();
    await page.getByRole('button', { name: /Sign \d+ on the Ledger/ }).click();
    await expect.poll(() => page.getByTestId('batch').textContent()).toContain('Deposits in');
    await s.approveUntilDone();
    const states = await page.locator('.batch-items > li').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
    expect(states.length).toBeGreaterThan(0);
    expect(states.every((s) => s === 'confirmed')).toBe(true);
    await screenshot(page, 'signing-deposit-done');
  }, 240_000);

});

describe('a rejection on the device mid-batch', () => {
  it('pauses the batch with the device\'s message, says so in the navigation, and resumes', async () => {
    const claims = before.requests.filter((r) => r.action?.kind === 'claim' && r.action.functionName !== 'claimDepositRequest');
    const vaultId = claims[0]!.vaultId;
    const mine = claims.filter((r) => r.vaultId === vaultId);
    const h = ui.c.runtime.handlers;
    const ctx = { transport: 'browser' as const };
    const plan = await h.signing.plan({ vaultId, action: 'claim', wallets: [...new Set(mine.map((r) => r.wallet))], requestIds: mine.map((r) => r.id) }, ctx);
    const batch = await h.signing.createBatch({ planId: plan.id, acknowledgeBlindSigning: true }, ctx);

    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    await page.getByRole('button', { name: 'Signing', exact: true }).click();
    await page.locator('.batch-list li').first().getByRole('button').click();
    await expect.poll(() => page.getByTestId('batch-status').textContent()).toBe('ready');
    await page.getByRole('button', { name: 'Start' }).click();

    const panel = page.getByTestId('device-panel');
    await panel.getByRole('button', { name: 'Reject' }).click({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('batch-status').textContent(), { timeout: 30_000 }).toBe('paused');
    expect(await page.getByTestId('batch').textContent()).toMatch(/reject/i);
    await expect.poll(() => page.getByRole('button', { name: /^Signing/ }).textContent()).toContain('1 paused');
    await screenshot(page, 'signing-rejected');

    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await s.approveUntilDone();
    const done = await h.signing.openBatch({ batchId: batch.id }, ctx);
    expect(done.items.filter((i) => i.state !== 'skipped').every((i) => i.state === 'confirmed')).toBe(true);
    // Nothing was signed twice: one hash per item, all different.
    const hashes = done.items.map((i) => i.hash).filter(Boolean);
    expect(new Set(hashes).size).toBe(hashes.length);
    await expect.poll(() => page.getByRole('button', { name: /^Signing/ }).textContent()).not.toContain('paused');
  }, 240_000);

  it('ran without page errors', () => {
    expect(ui.watched.errors).toEqual([]);
  });
});
