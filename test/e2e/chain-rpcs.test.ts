import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startEmbeddedSimulation, type DemoSimulation } from '../../electron/runtime/embedded-simulation';
import { apiKeyAccount } from '../../electron/services/secrets/api-key';
import { KEYCHAIN_SERVICE, KeychainSecretStore } from '../../electron/services/secrets/keychain-store';
import type { PortfolioVault } from '../../shared/portfolio/schemas';
import { DeviceService } from '../../electron/services/device';
import { SIM_MNEMONIC } from '../../electron/demo/chain/accounts';
import { createEmulatedLedger, emulatorTransportFactory } from '../../electron/demo/ledger';
import { serviceOnlySimulation } from '../support/console';
import { screenshot } from './support/browser';
import { openConsolePage, type ConsolePage } from './support/console-page';
import { signingUi } from './support/signing';

// The live console reaches a chain only through the operator's own RPCs. A world of local chains
// and a service stands in for the real ones: the service lists each chain's RPC, which the console
// offers as a suggestion and never uses on its own. Until the operator sets an RPC for a chain, its
// vaults show from the service only and nothing is planned on them; an RPC is tested before it is
// added; a vault seen for the first time is reviewed and pinned by the operator.

let world: DemoSimulation;
let ui: ConsolePage;
let page: Page;
let first: { chainId: number; rpcUrl: string };
let second: { chainId: number; rpcUrl: string };
let vault: PortfolioVault;
const keychain = new KeychainSecretStore(KEYCHAIN_SERVICE);
const s = signingUi(() => ui);
const chainSection = (chainId: number) => page.locator(`section.chain-rpcs[data-chain-id="${chainId}"]`);

beforeAll(async () => {
  world = await startEmbeddedSimulation({ drive: false, wallets: 12 });
  [first, second] = [world.localChains[0]!, world.localChains[1]!];
  await keychain.set(apiKeyAccount(world.url), world.apiKey);
  ui = await openConsolePage({
    serviceUrlOverride: world.url,
    startSimulation: serviceOnlySimulation,
    // The operator's Ledger on USB, holding the lenders' seed.
    startDevice: async () => {
      const emulator = createEmulatedLedger({ mnemonic: SIM_MNEMONIC, app: 'Ethereum', blindSigning: true, locked: false });
      const service = new DeviceService({ transports: emulatorTransportFactory(emulator) });
      await service.start();
      return { kind: 'hid', service, emulator, stop: () => service.stop() };
    },
  });
  page = ui.page;
  const h = ui.c.runtime.handlers;
  await h.device.importAccounts({ scheme: 'bip44', indices: world.wallets.map((w) => w.index) }, s.ctx);
  const view = await h.portfolio.load({ groupId: null }, s.ctx);
  vault = view.vaults.find((v) => v.chain.chainId === first.chainId && v.queue)!;
  await page.reload();
}, 240_000);

afterAll(async () => {
  if (world) await keychain.delete(apiKeyAccount(world.url)).catch(() => false);
  await ui?.close();
  await world?.close();
});

describe('the operator’s own RPCs, live', () => {
  it('shows a chain with no RPC of the operator’s from the service only, says so everywhere, and plans nothing there', async () => {
    expect(await page.getByTestId('mode-banner').textContent()).toContain('LIVE');
    const notice = page.locator(`[data-no-rpc~="chain:${first.chainId}"]`);
    await notice.waitFor({ timeout: 90_000 });
    expect(await notice.textContent()).toMatch(/no RPC of yours/i);
    expect(await notice.textContent()).toContain(vault.chain.name);
    expect(await notice.textContent()).toMatch(/shown from the service only, and nothing is planned or checked on them/);
    // Its vaults are still listed, from the service.
    await page.locator('table[aria-label="Vault totals"]', { hasText: vault.name }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'chains-no-rpc-overview');

    // The vault page says it too.
    await page.locator('.vault-link', { hasText: vault.name }).first().click();
    await page.locator(`[data-no-rpc~="chain:${first.chainId}"]`).waitFor({ timeout: 60_000 });

    // The Signing form names it and offers no review.
    await page.getByRole('button', { name: 'Signing', exact: true }).click();
    await page.getByLabel('Operation vault').selectOption(vault.id);
    const form = page.getByRole('form', { name: 'New operation' });
    await form.locator(`[data-no-rpc~="chain:${first.chainId}"]`).waitFor({ timeout: 30_000 });
    expect(await form.getByRole('button', { name: 'Review' }).isDisabled()).toBe(true);
    await screenshot(page, 'chains-no-rpc-signing');

    // Nor does the console plan there when asked directly: the service's RPC is never used.
    await expect(
      ui.c.runtime.handlers.signing.plan(
        { vaultId: vault.id, action: 'withdraw', amount: 'all', wallets: world.wallets.map((w) => w.address) },
        s.ctx,
      ),
    ).rejects.toMatchObject({ code: 'CHAIN_NO_RPC', action: `Add an RPC for chain ${first.chainId} in Settings → Chains.` });
  });

  it('adds an RPC in Settings → Chains only once it serves the chain, and a suggestion only once confirmed', async () => {
    // The notice leads to the setting.
    await page
      .getByRole('button', { name: /in Settings → Chains$/ })
      .first()
      .click();
    await page.getByTestId('chains-card').waitFor({ timeout: 30_000 });
    const a = chainSection(first.chainId);
    await a.waitFor({ timeout: 30_000 });
    expect(await a.getByTestId('no-rpc').textContent()).toContain('no RPC');
    // The service's RPC is a suggestion, not in use.
    expect(await a.getByRole('list', { name: /RPCs the service suggests/ }).textContent()).toContain(first.rpcUrl);
    expect(await a.getByRole('list', { name: /in the order they are tried/ }).count()).toBe(0);
    await screenshot(page, 'chains-empty');

    // Another chain's RPC is refused, saying which chain it serves.
    const input = a.getByLabel(`RPC address for chain ${first.chainId}`);
    await input.fill(second.rpcUrl);
    await a.getByRole('button', { name: 'Test and add' }).click();
    const result = a.getByTestId('rpc-test');
    await expect.poll(() => result.getAttribute('data-code'), { timeout: 30_000 }).toBe('RPC_WRONG_CHAIN');
    expect(await result.textContent()).toContain(`serves chain ${second.chainId}, not chain ${first.chainId}: it was not added`);
    expect(await input.inputValue()).toBe(second.rpcUrl);
    await screenshot(page, 'chains-refused');

    // Plain http off this machine is refused before anything is sent.
    await input.fill('http://rpc.example.org');
    await a.getByRole('button', { name: 'Test and add' }).click();
    await expect.poll(() => result.getAttribute('data-code'), { timeout: 30_000 }).toBe('RPC_NOT_HTTPS');
    expect(await result.textContent()).toMatch(/plain http/);

    // The chain's own RPC is accepted, with its latest block's age.
    await input.fill(first.rpcUrl);
    await a.getByRole('button', { name: 'Test and add' }).click();
    await expect.poll(() => result.getAttribute('data-code'), { timeout: 30_000 }).toBe('ok');
    expect(await result.textContent()).toMatch(new RegExp(`Chain ${first.chainId}, latest block \\d+, \\d+ (s|min|h|days) old`));
    expect(await a.getByRole('list', { name: /in the order they are tried/ }).textContent()).toContain(new URL(first.rpcUrl).host);
    expect(await input.inputValue()).toBe('');
    await screenshot(page, 'chains-accepted');

    // The second chain: the service's suggestion, confirmed with one click (tested first).
    const b = chainSection(second.chainId);
    await b.getByRole('button', { name: `Use this RPC: ${second.rpcUrl}` }).click();
    await expect.poll(() => b.getByTestId('rpc-test').getAttribute('data-code'), { timeout: 30_000 }).toBe('ok');
    expect(await b.getByRole('list', { name: /in the order they are tried/ }).textContent()).toContain(new URL(second.rpcUrl).host);
    expect(await b.getByRole('list', { name: /RPCs the service suggests/ }).count()).toBe(0);
    await screenshot(page, 'chains-suggestion-used');

    // Saved in the settings, in order, for the next start.
    const saved = JSON.parse(await readFile(path.join(ui.c.dataDir, 'settings.json'), 'utf8')) as { rpcs: Record<string, string[]> };
    expect(saved.rpcs[String(first.chainId)]).toEqual([first.rpcUrl]);
    expect(saved.rpcs[String(second.chainId)]).toEqual([second.rpcUrl]);
  });

  it('reviews a vault seen for the first time, pins it on the operator’s word, then plans on it', async () => {
    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect.poll(() => page.locator(`[data-no-rpc~="chain:${first.chainId}"]`).count(), { timeout: 60_000 }).toBe(0);

    await page.getByRole('button', { name: 'Signing', exact: true }).click();
    await page.getByLabel('Operation vault').selectOption(vault.id);
    await page.getByLabel('Operation', { exact: true }).selectOption('withdraw');
    await page.getByLabel('everything each wallet can withdraw').setChecked(true);
    await page.getByRole('button', { name: 'Review' }).click();
    const panel = page.getByTestId('vault-pin');
    await panel.waitFor({ timeout: 90_000 });
    expect(await panel.getAttribute('data-status')).not.toBe('frozen');
    expect(await panel.locator('h2').textContent()).toBe(`New vault contracts: ${vault.name}`);
    expect(await panel.locator('[data-role="queue"]').textContent()).toContain(vault.queue!);
    await expect.poll(() => panel.locator('[data-check][data-ok="true"]').count(), { timeout: 30_000 }).toBeGreaterThan(3);
    expect(await panel.locator('[data-check][data-ok="false"]').count()).toBe(0);
    await screenshot(page, 'chains-first-seen-review');

    await panel.getByRole('button', { name: 'Pin these contracts' }).click();
    await panel.waitFor({ state: 'detached', timeout: 30_000 });
    const pinned = await ui.c.runtime.handlers.registry.list({}, s.ctx);
    expect(pinned.find((p) => p.vaultId === vault.id)?.contracts.queue?.toLowerCase()).toBe(vault.queue!.toLowerCase());

    await s.reviewOperation({ vault, action: 'withdraw', heading: 'withdrawals' });
    await expect
      .poll(() => page.getByTestId('spender').first().textContent(), { timeout: 30_000 })
      .toMatch(
        new RegExp(`the withdraw queue of ${vault.name} ${vault.queue} \\(pinned on \\d{4}-\\d{2}-\\d{2}, checked on chain at block \\d+\\)`),
      );
    await screenshot(page, 'chains-planned-after-pin');
    expect(ui.watched.errors).toEqual([]);
  });
});
