import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import { parseUnits, type Hex } from 'viem';
import { epochVaultAbi } from '../../shared/abi';
import type { PortfolioVault } from '../../shared/portfolio/schemas';
import { demoSigningWorldForFile } from './support/signing-world';
import { screenshot } from './support/browser';
import { asHex, BLIND_SIGNING_ACK, chainOf, expectEachNonceOnce, pauseEpochVault, signingUi } from './support/signing';

// A deposit the operator chooses in two vaults on the New operation form, for a batch of lenders:
// one review grouped by vault and wallet, one batch signed on the emulated Ledger wallet by wallet,
// one CSV report; then a vault paused between epochs, flagged in the form and refused there.
const world = demoSigningWorldForFile({ autoRefresh: false });
const s = signingUi(() => world.ui);

/** A vault that takes a deposit now: between epochs and not paused, or running with a queue. */
const takesDeposits = (v: PortfolioVault) =>
  (v.cycle?.state === 'WAITING' && !v.cycle.paused) ||
  ((v.cycle?.state === 'RUNNING' || v.cycle?.state === 'RUNNING_PAST_END') && v.queue !== null);
const allowedIn = (v: PortfolioVault) =>
  new Set(world.before.positions.filter((p) => p.vaultId === v.id && p.allowed).map((p) => p.wallet.toLowerCase()));
const form = () => world.page.getByRole('form', { name: 'New operation' });

/** Serious and critical WCAG AA violations of the page as it is, in the light and the dark theme. */
async function seriousViolations(): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await world.page.getByLabel('Theme').selectOption(theme);
    await expect.poll(() => world.page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    const results = await new AxeBuilder({ page: world.page }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    for (const v of results.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
      found.push(...v.nodes.slice(0, 5).map((n) => `${theme} ${v.id}: ${n.target.join(' ')}`));
  }
  await world.page.getByLabel('Theme').selectOption('system');
  return found;
}

describe('a deposit in two vaults chosen on the New operation form', () => {
  it('plans one review grouped by vault, signs it as one batch wallet by wallet, and gives one report', async () => {
    // Two vaults of one chain (a wallet's nonces go on from one to the other) in different tokens,
    // the second asking KYC and the first not: a wallet without it is skipped in the second only.
    const [first, second] = world.before.vaults
      .filter((v) => takesDeposits(v) && v.kyc.required)
      .flatMap((kyc) =>
        world.before.vaults
          .filter((v) => takesDeposits(v) && !v.kyc.required && v.chain.chainId === kyc.chain.chainId)
          .map((open) => [open, kyc]),
      )[0]!;
    expect(second).toBeDefined();
    expect(first!.underlying.symbol).not.toBe(second!.underlying.symbol);
    const both = world.before.wallets
      .map((w) => w.address)
      .filter((w) => allowedIn(first!).has(w.toLowerCase()) && allowedIn(second!).has(w.toLowerCase()));
    const noKyc = world.before.wallets
      .map((w) => w.address)
      .find((w) => allowedIn(first!).has(w.toLowerCase()) && !allowedIn(second!).has(w.toLowerCase()))!;
    expect(noKyc).toBeDefined();
    const wallets = [...both.slice(0, 2), noKyc];
    const labelOf = (address: string) => world.before.wallets.find((w) => w.address === address)!.label;
    await s.useGroup('Two vault desk', wallets);

    // The lender agreements first, where some are still to sign (one signature covers every vault that asks for it).
    await world.page.getByRole('button', { name: 'Signing', exact: true }).click();
    for (const vault of [first!, second!]) {
      await world.page.getByLabel('Operation vault').selectOption(vault.id);
      await world.page.getByLabel('Operation', { exact: true }).selectOption('agreements');
      await world.page.getByRole('button', { name: 'Review' }).click();
      const plan = world.page.getByTestId('plan');
      await expect.poll(() => plan.textContent(), { timeout: 60_000 }).toContain('lender agreements in');
      const sign = world.page.getByRole('button', { name: /Sign \d+ on the Ledger/ });
      if (await sign.isDisabled()) {
        await world.page.getByRole('button', { name: 'Discard' }).click();
        continue;
      }
      await sign.click();
      await s.approveUntilDone();
    }

    // The form: one vault by default; "Add another vault" gives a second line with its own amount and token.
    await world.page.getByLabel('Operation vault').selectOption(first!.id);
    await world.page.getByLabel('Operation', { exact: true }).selectOption('deposit');
    expect(await form().getByLabel('Vault 2 of the operation').count()).toBe(0);
    await world.page.getByLabel('Amount per wallet', { exact: true }).fill('12.5');
    await form().getByRole('button', { name: '+ Add another vault' }).click();
    await form().getByLabel('Vault 2 of the operation').selectOption(second!.id);
    expect(await form().locator(`.operation-vaults li[data-vault-id="${second!.id}"]`).textContent()).toContain(
      `Amount per wallet (${second!.underlying.symbol})`,
    );
    const review = form().getByRole('button', { name: 'Review deposits in 2 vaults' });
    expect(await review.isDisabled()).toBe(true);
    expect(await world.page.getByTestId('review-waiting-for').textContent()).toBe(`Enter an amount per wallet for ${second!.name}.`);
    await form().getByLabel('Amount per wallet, vault 2').fill('7');
    expect(await seriousViolations()).toEqual([]);
    await review.click();

    const plan = world.page.getByTestId('plan');
    await expect.poll(() => plan.locator('h2').textContent(), { timeout: 120_000 }).toContain('deposits in 2 vaults');
    // Grouped by vault, each vault's wallets one after the other, with the amount typed for that vault.
    for (const [vault, amount] of [
      [first!, '12.5'],
      [second!, '7'],
    ] as const) {
      const section = plan.locator(`section[data-vault-id="${vault.id}"]`);
      const going = vault === first ? 3 : 2;
      expect(await section.locator('h3').textContent()).toContain(vault.name);
      expect(await section.locator('h3').textContent()).toContain(`for ${going} wallet(s)`);
      expect(await section.locator('.plan-items > li.wallet-first').count()).toBe(going);
      expect(await section.textContent()).toContain(`${amount} ${vault.underlying.symbol}`);
    }
    // The wallet without KYC is skipped under the vault that asks for it, saying why, and goes ahead in the other.
    expect(await plan.locator(`section[data-vault-id="${first!.id}"] [data-testid="plan-skipped-here"]`).count()).toBe(0);
    expect(await plan.locator(`section[data-vault-id="${second!.id}"] [data-testid="plan-skipped-here"]`).textContent()).toContain(
      `1 wallet (${labelOf(noKyc)}): The vault does not allow this wallet (KYC not completed).`,
    );
    const summary = await world.page.getByTestId('plan-skipped').textContent();
    expect(summary).toContain(`1 in ${second!.name}:`);
    expect(summary).not.toContain(first!.name);
    expect(await seriousViolations()).toEqual([]);
    // The review says the Ledger shows every call in clear: the deposits from their descriptors, the
    // demo tokens' approvals from their token information (the local chain described first).
    const ledgerShows = (await world.page.getByTestId('plan-ledger-shows').textContent())!;
    expect(ledgerShows).toMatch(/^The Ledger shows all \d+ calls in clear \([^)]+\): compare their fields on the device; no blind signing is needed\.$/);
    expect(/in clear \(([^)]+)\)/.exec(ledgerShows)![1]).toContain('approve');
    expect(await world.page.getByLabel(BLIND_SIGNING_ACK).count()).toBe(0);
    await world.page.getByTestId('plan-ledger-shows').scrollIntoViewIfNeeded();
    await screenshot(world.page, 'deposit-across-vaults-ledger-shows');
    const batchId = await s.startSigning();
    // Device order: all of one wallet's items together, whatever their vault.
    const shown = await s.shownBatch();
    const order = shown.items.map((i) => i.wallet.toLowerCase());
    expect(order.filter((w, k) => k > 0 && w !== order[k - 1]).length + 1).toBe(new Set(order).size);
    // How the Ledger shows each call: in clear, an approval from the demo's token information, a vault call from its descriptor.
    const calls = shown.items.flatMap((i) => (i.review?.kind === 'transaction' ? [i.review] : []));
    expect(calls.filter((r) => r.blindSigning).map((r) => r.title), 'every call clear').toEqual([]);
    // The first wallet's first two calls (its approval, then its deposit) each compared on the
    // device with its review, then the rest.
    const seen: string[] = [];
    for (let k = 0; k < 2; k++) {
      seen.push(await s.expectDeviceShowsItsReview());
      await screenshot(world.page, `deposit-across-vaults-ledger-${k === 0 ? 'approval' : 'deposit'}-${seen.at(-1)}`);
      await s.approveShown(60_000);
    }
    expect(seen).toEqual(['clear', 'clear']);
    await s.approveUntilDone();
    const states = await s.itemStates();
    expect(states.filter((state) => state !== 'confirmed')).toEqual(['skipped']);
    expect(await world.page.locator('[data-testid="batch"] h2').textContent()).toContain('Deposits in 2 vaults');
    const done = await s.shownBatch();
    expectEachNonceOnce(done);
    // On chain: the first vault's epoch vault (or queue) holds each wallet's 12.5, the second's 7.
    for (const [vault, amount] of [
      [first!, '12.5'],
      [second!, '7'],
    ] as const) {
      const chain = chainOf(world.sim, vault);
      for (const w of vault === first ? wallets : wallets.slice(0, 2)) {
        const items = done.items.filter(
          (i) => i.vaultId === vault.id && i.wallet.toLowerCase() === w.toLowerCase() && i.step !== 'approve',
        );
        expect(items).toHaveLength(1);
        const receipt = await chain.getTransactionReceipt({ hash: items[0]!.hash as Hex });
        expect(receipt.status).toBe('success');
        const moved = receipt.logs.filter((l) => l.address.toLowerCase() === vault.underlying.address.toLowerCase());
        expect(moved.some((l) => BigInt(l.data) === parseUnits(amount, vault.underlying.decimals))).toBe(true);
      }
    }

    // One report for both vaults.
    const [download] = await Promise.all([world.page.waitForEvent('download'), world.page.getByRole('button', { name: 'Report (CSV)' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    for (const vault of [first!, second!]) expect(csv).toContain(vault.name);
    expect(csv.trim().split('\n')).toHaveLength(done.items.length + 1);
    expect((await world.ui.c.runtime.handlers.signing.listBatches({}, s.ctx)).filter((b) => b.id === batchId)).toHaveLength(1);
  }, 900_000);

  it('flags a claim in a defaulted vault in its review, where the protocol still allows it', async () => {
    const defaulted = world.before.vaults.find(
      (v) => v.cycle?.state === 'DEFAULTED' && world.before.requests.some((r) => r.vaultId === v.id && r.action?.kind === 'claim'),
    )!;
    expect(defaulted).toBeDefined();
    await world.page.getByRole('button', { name: 'Overview', exact: true }).click();
    await world.page.getByRole('combobox', { name: 'Batch of wallets' }).selectOption({ value: '' });
    await world.page.getByRole('button', { name: 'Requests', exact: true }).click();
    await world.page.getByLabel('Vault').selectOption({ label: defaulted.name });
    await world.page.getByLabel('Select all rows shown').check();
    await world.page.getByRole('button', { name: /^Review and sign \d+ claim/ }).click();
    const plan = world.page.getByTestId('plan');
    await expect.poll(() => plan.locator('h2').textContent(), { timeout: 120_000 }).toContain(`claims in ${defaulted.name}`);
    expect(await plan.locator('h2 [data-vault-flag="Defaulted"]').count()).toBe(1);
    expect(await plan.getByTestId('plan-vault-flag').textContent()).toContain(`${defaulted.name} is defaulted.`);
    await world.page.getByRole('button', { name: 'Discard' }).click();
    await world.page
      .getByTestId('request-selection')
      .getByRole('button', { name: 'Clear' })
      .click()
      .catch(() => undefined);
  }, 300_000);

  it('flags a vault paused between epochs in the vault choice and refuses a deposit into it', async () => {
    // The manager stops deposits between epochs: the epoch vault's `paused` flag set as its own pause would set it.
    const vault = world.before.vaults.find((v) => v.cycle?.state === 'WAITING' && !v.cycle.paused)!;
    const chain = chainOf(world.sim, vault);
    await pauseEpochVault(chain, vault.epochVault);
    expect(await chain.readContract({ address: asHex(vault.epochVault), abi: epochVaultAbi, functionName: 'paused' })).toBe(true);
    expect(await chain.readContract({ address: asHex(vault.epochVault), abi: epochVaultAbi, functionName: 'isEpochRunning' })).toBe(false);

    await world.page.getByRole('button', { name: 'Overview', exact: true }).click();
    await world.page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await world.page.getByRole('button', { name: 'Signing', exact: true }).click();
    await world.page.getByLabel('Operation', { exact: true }).selectOption('deposit');
    // The form keeps what was typed last: back to one vault.
    while ((await form().locator('.operation-vaults li').count()) > 0)
      await form()
        .locator('.operation-vaults li')
        .first()
        .getByRole('button', { name: /^Remove / })
        .click();
    const other = world.before.vaults.find((v) => v.id !== vault.id && takesDeposits(v))!;
    await world.page.getByLabel('Operation vault').selectOption(other.id);
    await world.page.getByLabel('Amount per wallet', { exact: true }).fill('1');
    await form().getByRole('button', { name: '+ Add another vault' }).click();
    const choice = form().getByLabel('Vault 2 of the operation');
    // In the choice of vaults the paused one says so before it is picked (once the refresh has read it).
    await expect
      .poll(() => choice.locator(`option[value="${vault.id}"]`).textContent(), { timeout: 60_000 })
      .toBe(`${vault.name} (waiting) · Paused`);
    await choice.selectOption(vault.id);
    await form().getByLabel('Amount per wallet, vault 2').fill('1');
    const line = form().locator(`.operation-vaults li[data-vault-id="${vault.id}"]`);
    expect(await line.locator('[data-vault-flag="Paused"]').count()).toBe(1);
    expect(await world.page.getByTestId('vault-blocked').textContent()).toBe(
      `${vault.name}: The vault is paused: it takes no deposits until the manager resumes it. Remove it from the operation to review the others.`,
    );
    expect(await form().getByRole('button', { name: 'Review deposits in 2 vaults' }).isDisabled()).toBe(true);
    expect(await seriousViolations()).toEqual([]);
    // Removed, the rest can be reviewed.
    await form()
      .getByRole('button', { name: `Remove ${vault.name} from the operation` })
      .click();
    await expect.poll(() => form().getByRole('button', { name: 'Review', exact: true }).isDisabled()).toBe(false);
  }, 300_000);
});
