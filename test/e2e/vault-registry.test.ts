import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Portfolio, PortfolioVault } from '../../shared/portfolio/schemas';
import type { RegistryFile } from '../../shared/registry/schemas';
import { screenshot } from './support/browser';
import { openDemoPage, type ConsolePage } from './support/console-page';
import { signingUi } from './support/signing';

// The pinned vault registry in the console: the demo pins its own vaults once their on-chain checks
// pass. A pinned set that differs from what the service names now (here: a queue pinned earlier,
// the service naming another one since) freezes the vault: no plan is possible, the pinned and the
// new addresses show side by side with every check, and only the operator's explicit re-pin of a
// set that passes its checks unfreezes it.

const EARLIER_QUEUE = '0x000000000000000000000000000000000000dEaD';
let ui: ConsolePage;
let page: Page;
let view: Portfolio;
let vault: PortfolioVault;
const s = signingUi(() => ui);

beforeAll(async () => {
  ui = await openDemoPage();
  page = ui.page;
  view = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, s.ctx);
  vault = view.vaults.find((v) => v.cycle?.state === 'RUNNING' && v.queue)!;
}, 180_000);

afterAll(async () => {
  await ui?.close();
});

const registryFile = () => path.join(ui.c.dataDir, 'demo', 'registry.json');

describe('the vault registry', () => {
  it('freezes a vault whose queue changed, shows both sets side by side, and unfreezes it only on an explicit re-pin', async () => {
    // The first plan pins the demo's vault after its checks; the review says where the money goes.
    await s.reviewOperation({ vault, action: 'withdraw', heading: 'withdrawals' });
    const spender = page.getByTestId('spender').first();
    await expect
      .poll(() => spender.textContent())
      .toMatch(
        new RegExp(
          `Spender: the withdraw queue of ${vault.name} ${vault.queue} \\(pinned on \\d{4}-\\d{2}-\\d{2}, checked on chain at block \\d+\\)`,
        ),
      );
    await page.getByRole('button', { name: 'Discard' }).click();

    // The registry held another queue for this vault: the service's answer now differs from it.
    const file = JSON.parse(await readFile(registryFile(), 'utf8')) as RegistryFile;
    const entry = file.vaults.find((v) => v.vaultId === vault.id)!;
    entry.contracts.queue = EARLIER_QUEUE;
    await writeFile(registryFile(), JSON.stringify(file));

    await page.getByRole('button', { name: 'Review' }).click();
    const panel = page.getByTestId('vault-pin');
    await panel.waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-error-code="REGISTRY_VAULT_FROZEN"]').textContent()).toContain(
      `queue: pinned ${EARLIER_QUEUE}, now ${vault.queue}`,
    );
    expect(await page.getByTestId('plan').count()).toBe(0);
    await expect.poll(() => panel.getAttribute('data-status')).toBe('frozen');
    const queueRow = panel.locator('tr[data-role="queue"]');
    await expect.poll(() => queueRow.textContent()).toContain(EARLIER_QUEUE);
    expect(await queueRow.textContent()).toContain(vault.queue!);
    expect(await queueRow.textContent()).toContain('changed');
    await expect.poll(() => panel.locator('li[data-check="queue.idleCDOEpoch"]').getAttribute('data-ok')).toBe('true');
    expect(await panel.locator('li[data-ok="false"]').count()).toBe(0);
    await screenshot(page, 'vault-registry-frozen');

    // Still frozen on every plan until the operator pins: never lifted by itself.
    await page.getByRole('button', { name: 'Review' }).click();
    await expect.poll(() => page.locator('[data-error-code="REGISTRY_VAULT_FROZEN"]').count()).toBe(1);

    await panel.getByRole('button', { name: 'Pin the new contracts' }).click();
    await expect.poll(() => page.getByTestId('vault-pin').count(), { timeout: 30_000 }).toBe(0);
    const pinned = (JSON.parse(await readFile(registryFile(), 'utf8')) as RegistryFile).vaults.find((v) => v.vaultId === vault.id)!;
    expect(pinned.frozen).toBeNull();
    expect(pinned.contracts.queue?.toLowerCase()).toBe(vault.queue!.toLowerCase());
    expect(pinned.pinnedBy).toBe('the operator, in the console');

    await page.getByRole('button', { name: 'Review' }).click();
    await expect.poll(() => page.getByTestId('plan').textContent(), { timeout: 60_000 }).toContain(`withdrawals in ${vault.name}`);
  }, 300_000);
});
