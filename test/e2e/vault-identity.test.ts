import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PortfolioVault } from '../../shared/portfolio/schemas';
import type { PinnedVault, RegistryFile } from '../../shared/registry/schemas';
import { contractSetAt, pinnedVault, vaultTokens } from '../support/pinned-vault';
import { screenshot } from './support/browser';
import { openDemoPage, type ConsolePage } from './support/console-page';

// Vault identity in the console (issue 31, finding 2). The registry holds "Alpha Credit USDC" as the
// operator pinned it, under the id the service used then; the service now lists "Alpha Credit USDC"
// under another id, with other contracts, and no longer lists the original. The review shows both
// sets side by side and refuses the pin (the demo would pin a first-seen vault after its checks);
// the Vaults screen and Settings → Vault registry show the original frozen as no longer listed, and
// only the operator's Forget lets the announced vault be reviewed and pinned.

let ui: ConsolePage;
let page: Page;
let alpha: PortfolioVault;

beforeAll(async () => {
  ui = await openDemoPage();
  page = ui.page;
  const view = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, { transport: 'browser' });
  alpha = view.vaults.find((v) => v.name === 'Alpha Credit USDC')!;
}, 180_000);

afterAll(async () => {
  await ui?.close();
});

const registryFile = () => path.join(ui.c.dataDir, 'demo', 'registry.json');
/** Alpha as it was pinned before: another id and other contracts, around the same USDC. */
const original = (): PinnedVault =>
  pinnedVault('65f0a1c2d3e4f5a6b7c8d9e0', 'Alpha Credit USDC', contractSetAt(0xa0, alpha.underlying.address), {
    chainId: alpha.chain.chainId,
    tokens: vaultTokens({ tranche: 'AA_alpha', strategy: 'rcalpha' }),
    pinnedAt: '2026-10-01T09:00:00.000Z',
    pinnedAtBlock: '1200',
  });

async function reviewWithdrawal(): Promise<void> {
  await page.getByRole('button', { name: 'Signing', exact: true }).click();
  await page.getByLabel('Operation vault').selectOption(alpha.id);
  await page.getByLabel('Operation', { exact: true }).selectOption('withdraw');
  await page.getByLabel('everything each wallet can withdraw').setChecked(true);
  await page.getByRole('button', { name: 'Review' }).click();
}

describe('a vault announced under the name of a pinned one', () => {
  it('is shown side by side with it and refused; the hidden original is frozen; only Forget lets the new one be pinned', async () => {
    await writeFile(registryFile(), JSON.stringify({ schemaVersion: 1, vaults: [original()] } satisfies RegistryFile));

    await reviewWithdrawal();
    const panel = page.getByTestId('vault-pin');
    await panel.waitFor({ timeout: 60_000 });
    await expect.poll(() => panel.getAttribute('data-status')).toBe('collision');
    expect(await page.locator('[data-error-code="REGISTRY_IDENTITY_COLLISION"]').textContent()).toContain(
      `collides with Alpha Credit USDC (id ${original().vaultId}`,
    );
    expect(await page.getByTestId('plan').count()).toBe(0);
    const side = panel.locator(`[data-collides-with="${original().vaultId}"]`);
    expect(await side.locator('tr[data-row="name"]').getAttribute('data-collides')).toBe('true');
    expect(await side.locator('tr[data-row="underlying"]').getAttribute('data-collides')).toBe('true');
    const epochVault = await side.locator('tr[data-row="epochVault"]').textContent();
    expect(epochVault).toContain(original().contracts.epochVault);
    expect(epochVault?.toLowerCase()).toContain(alpha.epochVault.toLowerCase());
    expect(await side.locator('tr[data-row="id"]').textContent()).toContain(alpha.id);
    expect(await side.locator('tr[data-row="state"]').textContent()).toContain('no longer lists it');
    expect(await panel.locator('li[data-reason]').evaluateAll((els) => els.map((e) => e.getAttribute('data-reason')))).toEqual([
      'name',
      'underlying',
    ]);
    expect(await panel.getByRole('button', { name: 'Pin these contracts' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('collision-way-out').textContent()).toContain('forget the old entry in Settings → Vault registry');
    await screenshot(page, 'vault-identity-collision');
    await page.getByTestId('collision-way-out').scrollIntoViewIfNeeded();
    await screenshot(page, 'vault-identity-collision-way-out');
    // Nothing was pinned for the announced vault.
    expect((JSON.parse(await readFile(registryFile(), 'utf8')) as RegistryFile).vaults.map((v) => v.vaultId)).toEqual([original().vaultId]);

    // The catalog no longer shows the original: the Vaults screen names it, frozen, with the way to the registry.
    await page.getByRole('button', { name: 'Vaults', exact: true }).click();
    const notice = page.getByTestId('unlisted-pinned');
    await expect
      .poll(() => notice.textContent(), { timeout: 60_000 })
      .toContain(`Alpha Credit USDC (id ${original().vaultId}, chain ${alpha.chain.chainId})`);
    expect(await notice.textContent()).toContain('the service no longer lists it');
    await screenshot(page, 'vaults-unlisted-pinned');
    await notice.getByRole('button', { name: 'Settings → Vault registry' }).click();
    const row = page.locator(`[data-testid="registry-entries"] tr[data-vault-id="${original().vaultId}"]`);
    await expect.poll(() => row.getAttribute('data-frozen')).toBe('unlisted');
    expect(await row.textContent()).toMatch(/frozenNo longer listed by the service since \d{4}-\d{2}-\d{2}: no plan on it\./);
    await row.getByRole('button', { name: 'Alpha Credit USDC', exact: true }).click();
    expect(await page.locator(`tr[data-contracts-of="${original().vaultId}"]`).textContent()).toContain(original().contracts.tranche);
    await page.getByTestId('registry-card').scrollIntoViewIfNeeded();
    await screenshot(page, 'vault-registry-unlisted');

    await row.getByRole('button', { name: 'Forget Alpha Credit USDC' }).click();
    expect(await page.getByTestId('forget-confirm').textContent()).toContain('only if its operator confirmed it was retired');
    await row.getByRole('button', { name: 'Forget it' }).click();
    await expect
      .poll(() => page.getByTestId('registry-forgotten').textContent())
      .toContain(`Alpha Credit USDC (id ${original().vaultId}) is no longer in the registry`);
    await expect.poll(() => row.count()).toBe(0);

    // The announced vault is now reviewed as any first-seen vault: the demo pins it once its checks pass.
    await reviewWithdrawal();
    await expect.poll(() => page.getByTestId('plan').textContent(), { timeout: 60_000 }).toContain(`withdrawals in ${alpha.name}`);
    const pinned = (JSON.parse(await readFile(registryFile(), 'utf8')) as RegistryFile).vaults;
    expect(pinned.map((v) => [v.vaultId, v.frozen])).toEqual([[alpha.id, null]]);
  }, 300_000);
});
