import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { PortfolioVault } from '../../../shared/portfolio/schemas';

/** A vault of a multi-vault operation and the amount per wallet asked in it. */
export interface VaultAmount {
  vault: PortfolioVault;
  amount: string;
}

/**
 * On the Signing screen's New operation form: a deposit of an amount per wallet in one vault and in
 * a second one added to the same operation, reviewed as one plan (waits until the plan is shown).
 */
export async function reviewDepositsInTwoVaults(page: Page, first: VaultAmount, second: VaultAmount): Promise<void> {
  const form = page.getByRole('form', { name: 'New operation' });
  await page.getByLabel('Operation vault').selectOption(first.vault.id);
  await page.getByLabel('Operation', { exact: true }).selectOption('deposit');
  await page.getByLabel('Amount per wallet', { exact: true }).fill(first.amount);
  await form.getByRole('button', { name: '+ Add another vault' }).click();
  await form.getByLabel('Vault 2 of the operation').selectOption(second.vault.id);
  await form.getByLabel('Amount per wallet, vault 2').fill(second.amount);
  await form.getByRole('button', { name: 'Review deposits in 2 vaults' }).click();
  await expect.poll(() => page.getByTestId('plan').locator('h2').textContent(), { timeout: 120_000 }).toContain('deposits in 2 vaults');
}
