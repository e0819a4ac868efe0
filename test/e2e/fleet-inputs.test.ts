import { describe, expect, it } from 'vitest';
import { parseUnits } from 'viem';
import type { PortfolioVault } from '../../shared/portfolio/schemas';
import { screenshot } from './support/browser';
import { demoSigningWorldForFile } from './support/signing-world';
import { signingUi } from './support/signing';

// The New operation form's fleet inputs on the demo: a deposit's amounts per wallet from a CSV,
// previewed line by line before anything is planned; the wallets that take part; a batch name kept
// in the batch list and the report; and a deposit skipped for unsigned agreements that offers to
// sign exactly those wallets' agreements, in every vault of the deposit at once.
const world = demoSigningWorldForFile({ autoRefresh: false });
const s = signingUi(() => world.ui);

const takesDeposits = (v: PortfolioVault) =>
  (v.cycle?.state === 'WAITING' && !v.cycle.paused) || ((v.cycle?.state === 'RUNNING' || v.cycle?.state === 'RUNNING_PAST_END') && v.queue !== null);
const allowedIn = (v: PortfolioVault) => new Set(world.before.positions.filter((p) => p.vaultId === v.id && p.allowed).map((p) => p.wallet.toLowerCase()));
const form = () => world.page.getByRole('form', { name: 'New operation' });

async function lookAt(name: string): Promise<void> {
  for (const width of [1440, 1024]) {
    await world.page.setViewportSize({ width, height: width === 1440 ? 900 : 700 });
    for (const theme of ['light', 'dark'] as const) {
      await world.page.getByLabel('Theme').selectOption(theme);
      await expect.poll(() => world.page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await form().scrollIntoViewIfNeeded();
      await screenshot(world.page, `fleet-inputs-${name}-${width}-${theme}`);
    }
  }
  await world.page.getByLabel('Theme').selectOption('system');
  await world.page.setViewportSize({ width: 1440, height: 900 });
}

describe('fleet inputs on the New operation form', () => {
  it('previews a CSV of amounts line by line, signs the agreements the skipped wallets need, then deposits each wallet its own amount under the batch name', async () => {
    // Two vaults of one chain that take deposits, and three wallets each allows, agreements unsigned.
    const agreements = await world.ui.c.runtime.handlers.portfolio.agreements({ groupId: null }, s.ctx);
    const unsignedIn = (v: PortfolioVault, w: string) =>
      agreements.rows.some((r) => r.vaultId === v.id && r.wallet.toLowerCase() === w.toLowerCase() && r.required.some((id) => !r.signed.includes(id)));
    const open = world.before.vaults.filter(takesDeposits);
    const [first, second] = open.flatMap((a) => open.filter((b) => b.id !== a.id && b.chain.chainId === a.chain.chainId).map((b) => [a, b] as const))[0]!;
    const wallets = world.before.wallets
      .map((w) => w.address)
      .filter((w) => allowedIn(first).has(w.toLowerCase()) && allowedIn(second).has(w.toLowerCase()) && unsignedIn(first, w))
      .slice(0, 3);
    expect(wallets).toHaveLength(3);
    const labelOf = (address: string) => world.before.wallets.find((w) => w.address === address)!.label;
    await s.useGroup('Fleet desk', wallets);
    await world.page.getByRole('button', { name: 'Signing', exact: true }).click();
    await world.page.getByLabel('Operation', { exact: true }).selectOption('deposit');
    await form().getByLabel('Amounts').selectOption('csv');
    expect(await world.page.getByTestId('review-waiting-for').textContent()).toContain('Choose a CSV file of wallet, vault and amount');

    const amounts: [string, PortfolioVault, string][] = [
      [wallets[0]!, first, '1,250.5'],
      [wallets[1]!, first, '75'],
      [wallets[2]!, first, '0.25'],
      [wallets[0]!, second, '40'],
      [wallets[2]!, second, '12.125'],
    ];
    const csv = [
      'wallet,vault,amount',
      // By address, by label, by vault name and by epoch vault address.
      `${wallets[0]},${first.name},"1,250.5"`,
      `${labelOf(wallets[1]!)},${first.epochVault},75`,
      `${wallets[2]},${first.name},0.25`,
      `${labelOf(wallets[0]!)},${second.name},40`,
      `${wallets[2]},${second.epochVault},12.125`,
      `0x9999999999999999999999999999999999999999,${first.name},5`,
      `${wallets[1]},No such vault,5`,
      `${wallets[1]},${second.name},five`,
      `${wallets[1]},${second.name},1.${'1'.repeat(first.underlying.decimals + 1)}`,
      `${wallets[1]},${second.name},0`,
      `${wallets[0]},${first.name},3`,
    ].join('\n');
    await world.page.getByTestId('amounts-csv-input').setInputFiles({ name: 'desk-amounts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const preview = world.page.getByTestId('amounts-csv-preview');
    await expect.poll(() => preview.locator('.notice-title').textContent()).toContain('5 lines accepted, 6 refused');
    const outcomes = await preview.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-outcome'), r.textContent ?? '']));
    expect(outcomes.map(([o]) => o)).toEqual([...Array(5).fill('accepted'), ...Array(6).fill('refused')]);
    for (const [k, reason] of ['Unknown wallet', 'Unknown vault', 'Not a number', `More decimals than ${second.underlying.symbol} has`, 'Zero', 'Duplicate line: line 2'].entries())
      expect(outcomes[5 + k]![1]).toContain(reason);
    expect(await preview.getByTestId('amounts-csv-totals').textContent()).toContain(`${first.name}: 3 wallets`);
    await form().getByLabel('Batch name').fill('Desk A top-up');
    await lookAt('csv-preview');

    // Reviewed: the wallets have not signed the agreements, so the deposit skips them, and says what to do.
    await form().getByRole('button', { name: 'Review deposits in 2 vaults' }).click();
    const needed = world.page.getByTestId('agreements-needed');
    await needed.waitFor({ timeout: 120_000 });
    expect(await needed.textContent()).toContain(`${first.name} (3)`);
    await needed.getByRole('button', { name: 'Sign the agreements these wallets need' }).click();
    const plan = world.page.getByTestId('plan');
    await expect.poll(() => plan.locator('h2').textContent(), { timeout: 120_000 }).toContain('lender agreements in');
    const agreementItems = (await plan.locator('.plan-items > li').count());
    expect(agreementItems).toBeGreaterThanOrEqual(3);
    await s.startSigning();
    await s.approveUntilDone();

    // The form kept the CSV and the name: reviewed again, every accepted line is planned with its own amount.
    await form().getByRole('button', { name: 'Review deposits in 2 vaults' }).click();
    await expect.poll(() => plan.locator('h2').textContent(), { timeout: 120_000 }).toContain('deposits in 2 vaults');
    expect(await world.page.getByTestId('agreements-needed').count()).toBe(0);
    const batchId = await s.startSigning();
    await s.approveUntilDone();
    const done = await s.shownBatch();
    expect(done.selection.name).toBe('Desk A top-up');
    const deposits = done.items.filter((i) => i.step !== 'approve' && i.step !== 'none');
    expect(deposits.every((i) => i.state === 'confirmed')).toBe(true);
    expect(
      deposits.map((d) => [d.vaultId, d.wallet, d.review?.kind === 'transaction' ? d.review.amount?.baseUnits : null]).sort(),
    ).toEqual(amounts.map(([w, v, a]) => [v.id, w, String(parseUnits(a.replace(/,/g, ''), v.underlying.decimals))]).sort());

    // The name in the batch list and in the report's file name and lines.
    await expect.poll(() => world.page.locator(`.batch-list li[data-batch-id="${batchId}"]`).textContent(), { timeout: 30_000 }).toContain('Desk A top-up');
    const [download] = await Promise.all([world.page.waitForEvent('download'), world.page.getByRole('button', { name: 'Report (CSV)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^vaultdesk-batch-deposit-desk-a-top-up-\d{4}-\d{2}-\d{2}\.csv$/);
  }, 900_000);

  it('plans only the wallets chosen to take part, and says so when none is', async () => {
    const vault = world.before.vaults.find(takesDeposits)!;
    await world.page.getByLabel('Operation', { exact: true }).selectOption('agreements');
    await world.page.getByLabel('Operation vault').selectOption(vault.id);
    // The name typed for the batch before went with it: the next operation starts from the default.
    expect(await form().getByLabel('Batch name').inputValue()).toBe('');
    const count = world.page.getByTestId('wallet-subset-count');
    expect(await count.textContent()).toBe('Wallets: 3 of 3 take part');
    const boxes = form().getByRole('group', { name: 'Wallets taking part' }).getByRole('checkbox');
    await boxes.nth(1).uncheck();
    expect(await count.textContent()).toBe('Wallets: 2 of 3 take part');
    expect(await form().getByLabel('Batch name').getAttribute('placeholder')).toBe(`Lender agreements · ${vault.name} · 2 wallets`);
    await lookAt('subset');
    await form().getByRole('button', { name: 'Select none' }).click();
    expect(await count.textContent()).toBe('Wallets: 0 of 3 take part');
    expect(await form().getByRole('button', { name: 'Review', exact: true }).isDisabled()).toBe(true);
    expect(await world.page.getByTestId('review-waiting-for').textContent()).toContain('No wallet takes part');
    await form().getByRole('button', { name: 'Select all' }).click();
    await boxes.nth(0).uncheck();
    await form().getByRole('button', { name: 'Review', exact: true }).click();
    const plan = world.page.getByTestId('plan');
    await expect.poll(() => plan.getAttribute('data-wallets'), { timeout: 120_000 }).toBe('2');
    await world.page.getByRole('button', { name: 'Discard' }).click();
  }, 300_000);
});
