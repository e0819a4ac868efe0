import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { fixedAmount } from '../../renderer/src/components/format';
import type { Portfolio } from '../../shared/portfolio/schemas';
import { PHASE_PILL, type RequestPhase } from '../../shared/portfolio/request-phase';
import type { TestConsole } from '../support/console';
import { screenshot } from './support/browser';
import { openDemoPage } from './support/console-page';

// The demo as a user gets it: local chains with the vault contracts, the seeded lenders in the
// demo wallet book, the indexer and the service. The cycle drivers are held still so the figures
// the page shows can be compared with what the console's own handler returns at the same moment.
let c: TestConsole;
let browser: BrowserContext;
let page: Page;
let watched: { errors: string[] };
let truth: Portfolio;

beforeAll(async () => {
  ({ c, browser, page, watched } = await openDemoPage());
  truth = await c.runtime.handlers.portfolio.load({ groupId: null }, { transport: 'browser' });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await c?.close();
});

const labelOf = (wallet: string) => truth.wallets.find((w) => w.address.toLowerCase() === wallet.toLowerCase())?.label ?? '';

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
      const expected = truth.requests.filter((r) => r.vaultId === vault.id && r.phase === 'claimable').length;
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
    // Empty pairs with KYC to do are a choice of their own (the screen opens on the pairs holding something).
    await page.getByLabel('Show pairs').selectOption('kyc');
    await expect.poll(() => page.getByText('Needs KYC').count()).toBeGreaterThan(0);
    await page.getByLabel('Show pairs').selectOption('holding');
    const withClaim = truth.positions.find((p) => p.claimable.length > 0 && p.claimable[0]!.receive !== null)!;
    const row = page.locator(`[data-row-id="${withClaim.vaultId}:${withClaim.wallet}"]`);
    await row.scrollIntoViewIfNeeded().catch(() => undefined);
    await page.getByLabel('Search positions').fill(withClaim.wallet);
    await expect.poll(() => row.textContent()).toMatch(/Claim/);
    // What the claim pays, in the token it pays, beside the call that claims it.
    const claim = withClaim.claimable[0]!;
    const vault = truth.vaults.find((v) => v.id === withClaim.vaultId)!;
    const paidIn = claim.receive!.token === 'tranche' ? vault.tranche : vault.underlying;
    expect(await row.locator('.claim').first().textContent()).toContain(`${fixedAmount(claim.receive!.amount, paidIn.decimals, 'en-GB')} ${paidIn.symbol}`);
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
    await expect.poll(() => row.textContent()).toContain(`${first.signed.length}/${first.required.length} agreements`);
    await page.getByLabel('Search positions').fill('');
  });

  it("opens the vault's KYC link in the user's browser, through the allowlist", async () => {
    const vault = truth.vaults.find((v) => v.kyc.link && truth.positions.some((p) => p.vaultId === v.id && p.allowed === false))!;
    expect(vault).toBeDefined();
    await page.getByLabel('Show pairs').selectOption('kyc');
    await page.getByRole('button', { name: /Needs KYC/ }).first().click();
    await expect.poll(() => c.opened.length).toBe(1);
    expect(c.opened[0]).toBe(truth.vaults.find((v) => v.kyc.link)!.kyc.link);
  });
});

describe('Requests', () => {
  const table = () => page.locator('[role="table"][aria-label="Requests"]');
  const rows = () => table().locator('[data-row-id]');
  const subtitle = () => page.locator('.screen-sub').first().textContent();
  /** Rows the table holds after its filters and search (the virtual table renders only those on screen). */
  const shownCount = async () => Number(await table().getAttribute('aria-rowcount')) - 1;
  /** The ids of the rows on screen, top to bottom. */
  const idsOnScreen = () =>
    rows().evaluateAll((els) =>
      els
        .map((e) => ({ id: e.getAttribute('data-row-id')!, at: Number(e.getAttribute('aria-rowindex')) }))
        .sort((a, b) => a.at - b.at)
        .map((r) => r.id),
    );
  const byId = () => new Map(truth.requests.map((r) => [r.id, r]));

  it('lists every open request of the batch', async () => {
    await page.getByRole('button', { name: 'Requests', exact: true }).click();
    expect(truth.requests.length).toBeGreaterThan(10);
    await expect.poll(shownCount).toBe(truth.requests.length);
    expect(await subtitle()).toContain(`${truth.requests.length} of ${truth.requests.length} requests`);
    const onScreen = await idsOnScreen();
    expect(onScreen.length).toBeGreaterThan(5);
    expect(onScreen.every((id) => byId().has(id))).toBe(true);
  });

  it('sorts by a column header: largest amounts first, then smallest, in tokens whatever their decimals', async () => {
    const amount = table().getByRole('columnheader', { name: /^Amount/ });
    const expected = table().getByRole('columnheader', { name: /^Expected/ });
    expect(await expected.getAttribute('aria-sort')).toBe('ascending');
    const tokens = (id: string) => {
      const r = byId().get(id)!;
      const vault = truth.vaults.find((v) => v.id === r.vaultId)!;
      return Number(r.amount) / 10 ** (r.amountToken === 'tranche' ? vault.tranche.decimals : vault.underlying.decimals);
    };
    const all = truth.requests.map((r) => tokens(r.id));

    await amount.click();
    await expect.poll(() => amount.getAttribute('aria-sort')).toBe('descending');
    expect(await expected.getAttribute('aria-sort')).toBeNull();
    let shown = (await idsOnScreen()).map(tokens);
    expect(shown.length).toBeGreaterThan(5);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    expect(shown[0]).toBe(Math.max(...all));
    const top = byId().get((await idsOnScreen())[0]!)!;
    const topVault = truth.vaults.find((v) => v.id === top.vaultId)!;
    const topToken = top.amountToken === 'tranche' ? topVault.tranche : topVault.underlying;
    expect(await rows().first().textContent()).toContain(`${fixedAmount(top.amount, topToken.decimals, 'en-GB')} ${topToken.symbol}`);

    await amount.click();
    await expect.poll(() => amount.getAttribute('aria-sort')).toBe('ascending');
    shown = (await idsOnScreen()).map(tokens);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(shown[0]).toBe(Math.min(...all));

    // A third click leaves the column unsorted; back to the earliest expected dates first (a date sorts latest first, then earliest).
    await amount.click();
    await expect.poll(() => amount.getAttribute('aria-sort')).toBeNull();
    await expected.click();
    await expect.poll(() => expected.getAttribute('aria-sort')).toBe('descending');
    await expected.click();
    await expect.poll(() => expected.getAttribute('aria-sort')).toBe('ascending');
  });

  it('finds the requests of a wallet by its label', async () => {
    // A label no other label contains ("Demo lender 1" would also find 10 to 19).
    const labels = [...new Set(truth.requests.map((r) => labelOf(r.wallet)))];
    const label = labels.find((l) => l && labels.every((o) => o === l || !o.toLowerCase().includes(l.toLowerCase())))!;
    expect(label).toBeDefined();
    const mine = truth.requests.filter((r) => labelOf(r.wallet) === label);
    await page.getByLabel('Search requests').fill(label);
    await expect.poll(shownCount).toBe(mine.length);
    const found = await idsOnScreen();
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((id) => mine.some((r) => r.id === id))).toBe(true);
    for (const text of await rows().allTextContents()) expect(text).toContain(label);
    await page.getByLabel('Search requests').fill('');
    await expect.poll(shownCount).toBe(truth.requests.length);
  });

  it('filters by status and by vault', async () => {
    const counts = new Map<string, number>();
    for (const r of truth.requests) counts.set(r.phase, (counts.get(r.phase) ?? 0) + 1);
    // A status that some requests have and others not.
    const [status, n] = [...counts.entries()].find(([, k]) => k > 0 && k < truth.requests.length)!;
    await page.getByLabel('Status').selectOption(status);
    await expect.poll(subtitle).toContain(`${n} of ${truth.requests.length} requests`);
    const pills = await rows().locator('.pill[data-phase]').allTextContents();
    expect(pills.length).toBe(Math.min(n, await rows().count()));
    expect(pills.length).toBeGreaterThan(0);
    expect(new Set(pills)).toEqual(new Set([PHASE_PILL[status as RequestPhase]]));

    // The vault filter narrows the status filter further.
    const vault = truth.vaults.find((v) => truth.requests.some((r) => r.vaultId === v.id && r.phase === status))!;
    const both = truth.requests.filter((r) => r.vaultId === vault.id && r.phase === status);
    await page.getByLabel('Vault').selectOption(vault.id);
    await expect.poll(subtitle).toContain(`${both.length} of ${truth.requests.length} requests`);
    await expect.poll(shownCount).toBe(both.length);
    const narrowed = await idsOnScreen();
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.every((id) => both.some((r) => r.id === id))).toBe(true);

    await page.getByLabel('Status').selectOption('');
    const inVault = truth.requests.filter((r) => r.vaultId === vault.id);
    await expect.poll(subtitle).toContain(`${inVault.length} of ${truth.requests.length} requests`);
    const vaultCells = await rows().evaluateAll((els) => els.map((e) => e.querySelectorAll('[role="cell"]')[2]?.textContent ?? ''));
    expect(vaultCells.length).toBeGreaterThan(0);
    expect(vaultCells.every((t) => t.startsWith(vault.name))).toBe(true);
    await page.getByLabel('Vault').selectOption('');
    await expect.poll(shownCount).toBe(truth.requests.length);
  });

  it('filters by type and selects requests for a batch action', async () => {
    await page.getByLabel('Type').selectOption('DEPOSIT');
    const deposits = truth.requests.filter((r) => r.type === 'DEPOSIT').length;
    expect(deposits).toBeGreaterThan(0);
    await expect.poll(subtitle).toContain(`${deposits} of ${truth.requests.length}`);
    await expect.poll(shownCount).toBe(deposits);
    const types = await rows().evaluateAll((els) => els.map((e) => e.querySelectorAll('[role="cell"]')[3]?.textContent ?? ''));
    expect(types.length).toBe(Math.min(deposits, await rows().count()));
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((t) => t.startsWith('Deposit'))).toBe(true);

    await page.getByLabel('Type').selectOption('');
    await page.getByLabel('only what can be done now').check();
    const actionable = truth.requests.filter((r) => r.action !== null);
    await expect.poll(subtitle).toContain(`${actionable.length} of`);
    await page.getByLabel('Select all rows shown').check();
    const bar = page.getByTestId('request-selection');
    const claims = actionable.filter((r) => r.action!.kind === 'claim').length;
    const cancels = actionable.filter((r) => r.action!.kind === 'cancel').length;
    await expect.poll(() => bar.textContent()).toContain(`${actionable.length} selected: ${claims} to claim, ${cancels} to cancel`);
    await screenshot(page, 'requests-demo');
    await bar.getByRole('button', { name: 'Clear' }).click();
    await page.getByLabel('only what can be done now').uncheck();
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

  it("marks the Positions and Requests rows of that chain's vaults as not current, and only those", async () => {
    const [first] = c.simulation()!.localChains;
    const onDown = (vaultId: string) => truth.vaults.find((v) => v.id === vaultId)!.chain.chainId === first!.chainId;
    const active = (p: Portfolio['positions'][number]) => p.trancheBalance !== null && p.trancheBalance !== '0';
    const down = truth.positions.find((p) => onDown(p.vaultId) && active(p))!;
    const up = truth.positions.find((p) => !onDown(p.vaultId) && active(p))!;
    expect(down && up).toBeTruthy();

    await page.getByRole('button', { name: 'Positions', exact: true }).click();
    const mark = (p: { vaultId: string; wallet: string }) => page.locator(`[data-row-id="${p.vaultId}:${p.wallet}"] [data-stale="row"]`);
    await page.getByLabel('Search positions').fill(down.wallet);
    await expect.poll(() => mark(down).count(), { timeout: 30_000 }).toBe(1);
    expect(await mark(down).textContent()).toBe('not current');
    expect(await mark(down).getAttribute('title')).toMatch(/^Not current: .+ did not answer on the last refresh; this is from its answer of /);
    // Its balance is still there, from the chain's last answer.
    expect(await page.locator(`[data-row-id="${down.vaultId}:${down.wallet}"]`).textContent()).toContain(truth.vaults.find((v) => v.id === down.vaultId)!.tranche.symbol);
    await screenshot(page, 'positions-chain-down');
    await page.getByLabel('Search positions').fill(up.wallet);
    await expect.poll(() => page.locator(`[data-row-id="${up.vaultId}:${up.wallet}"]`).count()).toBe(1);
    expect(await mark(up).count()).toBe(0);
    await page.getByLabel('Search positions').fill('');

    await page.getByRole('button', { name: 'Requests', exact: true }).click();
    const staleRequest = truth.requests.find((r) => onDown(r.vaultId))!;
    const currentRequest = truth.requests.find((r) => !onDown(r.vaultId))!;
    const requestMark = (id: string) => page.locator(`[data-row-id="${id}"] [data-stale="row"]`);
    await page.getByLabel('Search requests').fill(labelOf(staleRequest.wallet));
    await expect.poll(() => requestMark(staleRequest.id).count()).toBe(1);
    await page.getByLabel('Search requests').fill(labelOf(currentRequest.wallet));
    await expect.poll(() => page.locator(`[data-row-id="${currentRequest.id}"]`).count()).toBe(1);
    expect(await requestMark(currentRequest.id).count()).toBe(0);
    await page.getByLabel('Search requests').fill('');
  });

  it('ran without page errors', () => {
    expect(watched.errors).toEqual([]);
  });
});
