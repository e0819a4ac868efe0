import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Portfolio } from '../../shared/portfolio/schemas';
import { openDemoPage, type ConsolePage } from './support/console-page';
import { signingUi } from './support/signing';

// An operator running a fleet of demo lenders: batches switched quickly, a group made and opened
// for the first time, a wallet taken out of a group, and a watch-only wallet among Ledger ones.
// Auto-refresh is off, so nothing but the action itself can bring a screen back.
let ui: ConsolePage;
let page: Page;
let all: Portfolio;
const s = signingUi(() => ui);
const ctx = { transport: 'browser' as const };

const subtitle = () => page.locator('.screen-sub').first().textContent();
const vaultRows = () => page.locator('table[aria-label="Vault totals"] tbody tr');
const batchPicker = () => page.getByRole('combobox', { name: 'Batch of wallets' });

beforeAll(async () => {
  ui = await openDemoPage();
  page = ui.page;
  all = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
  await page.getByLabel('every 30 s').uncheck();
}, 180_000);

afterAll(async () => {
  await ui?.close();
});

describe('batches at fleet scale', () => {
  it('shows the batch chosen last after two quick batch changes, without waiting for a refresh', async () => {
    const h = ui.c.runtime.handlers.wallets;
    const wallets = all.wallets.map((w) => w.address);
    const east = await h.createGroup({ name: 'East desk' }, ctx);
    await h.setGroupMembers({ groupId: east.id, addresses: wallets.slice(0, 3), member: true }, ctx);
    const west = await h.createGroup({ name: 'West desk' }, ctx);
    await h.setGroupMembers({ groupId: west.id, addresses: wallets.slice(3, 8), member: true }, ctx);
    await page.reload();
    await page.getByLabel('every 30 s').uncheck();
    await vaultRows().first().waitFor({ timeout: 90_000 });

    await batchPicker().selectOption({ label: 'East desk (3)' });
    await batchPicker().selectOption({ label: 'West desk (5)' });
    await expect.poll(subtitle, { timeout: 25_000 }).toContain('5 wallets');
    await expect.poll(() => vaultRows().count(), { timeout: 25_000 }).toBe(all.vaults.length);

    // The Signing screen offers its form for that batch.
    await page.getByRole('button', { name: 'Signing', exact: true }).click();
    await expect.poll(() => page.getByRole('form', { name: 'New operation' }).textContent(), { timeout: 25_000 }).toContain('5 wallets');
  });

  it('opens a group made on the Wallets screen at once, and the Signing screen keeps its form', async () => {
    await page.getByRole('button', { name: 'Wallets', exact: true }).click();
    await page.getByLabel('New group', { exact: true }).fill('North desk');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'North desk' }).waitFor();
    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    await batchPicker().selectOption({ label: 'North desk (0)' });
    await expect.poll(() => page.getByText('This batch has no wallets yet').count(), { timeout: 25_000 }).toBe(1);
    await page.getByRole('button', { name: 'Signing', exact: true }).click();
    await expect.poll(() => page.getByRole('form', { name: 'New operation' }).textContent(), { timeout: 25_000 }).toContain('0 wallets');

    // Wallets put in it on the Wallets screen are in the batch when the operator comes back.
    await changeMembership(
      'North desk',
      all.wallets.slice(10, 12).map((w) => w.address),
      'Add to group',
    );
    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    await expect.poll(subtitle, { timeout: 25_000 }).toContain('2 wallets');
  });

  it('plans for the wallets still in the group once one is taken out, without a visit to the Overview', async () => {
    await batchPicker().selectOption({ label: 'East desk (3)' });
    await expect.poll(subtitle, { timeout: 25_000 }).toContain('3 wallets');
    const removed = all.wallets[0]!;
    await changeMembership('East desk', [removed.address], 'Remove from group');
    await page.getByRole('button', { name: 'Signing', exact: true }).click();
    const form = page.getByRole('form', { name: 'New operation' });
    await expect.poll(() => form.textContent(), { timeout: 25_000 }).toContain('(2 wallets)');
    await page.getByLabel('Operation', { exact: true }).selectOption('agreements');
    await page.getByRole('button', { name: 'Review' }).click();
    const plan = page.getByTestId('plan');
    await plan.waitFor({ timeout: 60_000 });
    // Every wallet of the plan, signed for or skipped: the two left in the group.
    expect(await plan.getAttribute('data-wallets')).toBe('2');
    await page.getByRole('button', { name: 'Discard' }).click();
  });

  it('skips a watch-only wallet of the group with its reason, and plans for the others', async () => {
    const west = (await ui.c.runtime.handlers.wallets.list({}, ctx)).groups.find((g) => g.name === 'West desk')!;
    await ui.c.runtime.handlers.wallets.add(
      { address: '0x000000000000000000000000000000000000dEaD', label: 'Cold reserve', groupIds: [west.id] },
      ctx,
    );
    await page.reload();
    await page.getByLabel('every 30 s').uncheck();
    await batchPicker().selectOption({ label: 'West desk (6)' });
    await expect.poll(subtitle, { timeout: 25_000 }).toContain('6 wallets');
    const vault = all.vaults.find((v) => v.cycle?.state === 'WAITING' && !v.cycle.paused)!;
    await s.reviewOperation({ vault, action: 'deposit', amount: '1', heading: 'deposits' });
    const plan = page.getByTestId('plan');
    expect(await plan.getAttribute('data-wallets')).toBe('6');
    expect(await page.getByTestId('plan-skipped').textContent()).toContain(
      'Cold reserve: Watch-only: the console has no Ledger account for this wallet',
    );
    // The Ledger wallets are planned each on its own facts: only the watch-only one is left out for it.
    expect(await page.getByTestId('plan-skipped').locator('p', { hasText: 'Watch-only' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Discard' }).click();
  });
});

describe('selections and defaults an operator can trust', () => {
  it('says how many selected requests the filters hide, and unselects them on request', async () => {
    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    await batchPicker().selectOption({ value: '' });
    await expect.poll(subtitle, { timeout: 25_000 }).toMatch(/^2\d wallets/);
    const [a, b] = all.vaults.filter((v) => all.requests.some((r) => r.vaultId === v.id));
    await page.getByRole('button', { name: 'Requests', exact: true }).click();
    const table = page.locator('[role="table"][aria-label="Requests"]');
    await page.getByLabel('Vault').selectOption({ label: a!.name });
    await page.getByLabel('Select all rows shown').check();
    const inA = all.requests.filter((r) => r.vaultId === a!.id).length;
    await page.getByLabel('Vault').selectOption({ label: b!.name });
    await expect.poll(() => table.locator('[data-row-id]').count()).toBe(all.requests.filter((r) => r.vaultId === b!.id).length);
    const hidden = page.getByTestId('selection-hidden');
    await expect.poll(() => hidden.textContent()).toContain(`${inA} of them`);
    await hidden.getByRole('button', { name: `Unselect the ${inA} hidden` }).click();
    await expect.poll(() => page.getByTestId('request-selection').count()).toBe(0);
    await page.getByLabel('Vault').selectOption({ label: 'All vaults' });
  });

  it('has no default withdrawal amount and says what Review waits for', async () => {
    await page.getByRole('button', { name: 'Signing', exact: true }).click();
    await page.getByLabel('Operation', { exact: true }).selectOption('withdraw');
    const review = page.getByRole('button', { name: 'Review' });
    expect(await page.getByLabel('everything each wallet can withdraw').isChecked()).toBe(false);
    expect(await review.isDisabled()).toBe(true);
    expect(await page.getByTestId('review-waiting-for').textContent()).toBe(
      'Enter an amount per wallet, or choose everything each wallet can withdraw.',
    );
    await page.getByLabel('everything each wallet can withdraw').check();
    await expect.poll(() => review.isDisabled()).toBe(false);
    await page.getByLabel('Operation', { exact: true }).selectOption('deposit');
  });
});

describe('one review for many vaults', () => {
  it('signs claims picked in three vaults as one batch, wallet by wallet, with one report', async () => {
    // Vaults whose claimable requests can all be claimed now, the three with the fewest.
    const claimable = (vaultId: string) => all.requests.filter((r) => r.vaultId === vaultId && r.phase === 'claimable');
    const vaults = all.vaults
      .filter((v) => claimable(v.id).length > 0 && claimable(v.id).every((r) => r.action?.kind === 'claim'))
      .sort((a, b) => claimable(a.id).length - claimable(b.id).length)
      .slice(0, 3);
    expect(vaults).toHaveLength(3);
    const picked = vaults.flatMap((v) => claimable(v.id));

    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    await batchPicker().selectOption({ value: '' });
    await page.getByRole('button', { name: 'Requests', exact: true }).click();
    const earlier = page.getByTestId('request-selection');
    if (await earlier.isVisible()) await earlier.getByRole('button', { name: 'Clear' }).click();
    const table = page.locator('[role="table"][aria-label="Requests"]');
    for (const vault of vaults) {
      await page.getByLabel('Vault').selectOption({ label: vault.name });
      await page.getByLabel('Status').selectOption('claimable');
      await expect.poll(() => table.locator('[data-row-id]').count()).toBe(claimable(vault.id).length);
      await page.getByLabel('Select all rows shown').check();
    }
    await page.getByRole('button', { name: `Review and sign ${picked.length} claims in 3 vaults` }).click();

    const plan = page.getByTestId('plan');
    await expect.poll(() => plan.locator('h2').textContent(), { timeout: 120_000 }).toContain('claims in 3 vaults');
    // Grouped by vault in the review, every claim picked in it.
    for (const vault of vaults)
      expect(await plan.locator(`[data-vault-id="${vault.id}"] .plan-items > li`).count()).toBe(claimable(vault.id).length);
    // Each fee cap and their sum in ETH, with a fiat value or the word that there is none: the demo's vaults hold stablecoins, so no ETH price.
    expect(await plan.getByTestId('item-fee').count()).toBe(picked.length);
    expect(await plan.getByTestId('plan-fees').textContent()).toMatch(
      new RegExp(`^Network fees: at most \\d+\\.\\d{6} ETH · fiat value unavailable \\(no ETH price\\) for ${picked.length} transactions$`),
    );
    const batchId = await s.startSigning();
    // Device order: all of one wallet's items together.
    const order = (await s.shownBatch()).items.map((i) => i.wallet.toLowerCase());
    expect(order.filter((w, k) => k > 0 && w !== order[k - 1]).length + 1).toBe(new Set(order).size);
    await s.approveUntilDone();
    expect(await s.itemStates()).toEqual(picked.map(() => 'confirmed'));
    expect(await page.locator('[data-testid="batch"] h2').textContent()).toContain('3 vaults');

    // One report for the three vaults.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Report (CSV)' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    for (const vault of vaults) expect(csv).toContain(vault.name);
    expect(csv.trim().split('\n')).toHaveLength(picked.length + 1);
    expect((await ui.c.runtime.handlers.signing.listBatches({}, ctx)).filter((b) => b.id === batchId)).toHaveLength(1);
  }, 900_000);
});

/** On the Wallets screen: those wallets selected and added to, or removed from, a group. */
async function changeMembership(group: string, addresses: string[], change: 'Add to group' | 'Remove from group'): Promise<void> {
  await page.getByRole('button', { name: 'Wallets', exact: true }).click();
  const table = page.locator('[role="table"][aria-label="Wallets"]');
  for (const address of addresses) {
    await page.getByLabel('Search wallets').fill(address);
    await table.locator(`[data-row-id="${address}"] input[type="checkbox"]`).check();
  }
  await page.getByLabel('Search wallets').fill('');
  await page.getByLabel('Group to change').selectOption({ label: group });
  await page.getByRole('button', { name: change }).click();
  await page
    .getByRole('status')
    .filter({ hasText: change === 'Add to group' ? `Added to ${group}.` : `Removed from ${group}.` })
    .waitFor();
}
