import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PortfolioVault } from '../../shared/portfolio/schemas';
import type { PinnedVault, RegistryFile } from '../../shared/registry/schemas';
import { SCREENSHOT_DIR } from './support/browser';
import { openDemoPage, type ConsolePage } from './support/console-page';

// Settings → Ledger token list: which signed list of Ledger's is installed and of when, how many
// tokens it lists per chain, and, for each pinned vault, whether Ledger lists its underlying and
// tranche token (an approval of a listed token is shown in clear on the Ledger, any other blind).

/** Tether USD on Arbitrum One, in Ledger's list for chain 42161. */
const USDT_ARBITRUM = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9';

let ui: ConsolePage;
let page: Page;

function entry(vault: PortfolioVault, over: { name?: string; chainId?: number; underlying?: string } = {}): PinnedVault {
  return {
    vaultId: over.chainId ? `${vault.id}-on-${over.chainId}` : vault.id,
    name: over.name ?? vault.name,
    chainId: over.chainId ?? vault.chain.chainId,
    contracts: {
      epochVault: vault.epochVault,
      queue: null,
      tranche: vault.tranche.address,
      underlying: over.underlying ?? vault.underlying.address,
      strategy: vault.strategy,
      keyring: null,
    },
    tokens: {
      underlying: { symbol: over.underlying ? 'USDT' : vault.underlying.symbol, decimals: vault.underlying.decimals },
      tranche: { symbol: vault.tranche.symbol, decimals: vault.tranche.decimals },
      strategy: { symbol: vault.underlying.symbol, decimals: vault.underlying.decimals },
    },
    pinnedAt: '2026-01-05T10:00:00.000Z',
    pinnedBy: 'test',
    pinnedAtBlock: '1',
    frozen: null,
  };
}

beforeAll(async () => {
  ui = await openDemoPage();
  page = ui.page;
  const { vaults } = await ui.c.runtime.handlers.portfolio.load({ groupId: null }, { transport: 'browser' });
  const alpha = vaults[0]!;
  // The demo's own vault, and one standing for a vault on Arbitrum whose underlying Ledger lists.
  const registry: RegistryFile = {
    schemaVersion: 1,
    vaults: [entry(alpha), entry(alpha, { name: 'Arbitrum USDT (test entry)', chainId: 42161, underlying: USDT_ARBITRUM })],
  };
  await mkdir(path.join(ui.c.dataDir, 'demo'), { recursive: true });
  await writeFile(path.join(ui.c.dataDir, 'demo', 'registry.json'), JSON.stringify(registry));
}, 180_000);

afterAll(async () => {
  await ui?.close();
});

describe('Settings → Ledger token list', () => {
  it("shows the installed list's version and date, its tokens per chain, and which pinned vault tokens Ledger lists", async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    const card = page.getByTestId('ledger-tokens-card');
    const release = card.getByTestId('ledger-token-list-release');
    await expect.poll(() => release.textContent(), { timeout: 30_000 }).toMatch(/^token list of .*2026@ledgerhq\/cryptoassets-evm-signatures \d+\.\d+\.\d+$/);
    expect(await release.textContent()).toMatch(/18 Feb 2026/);
    const chains = await card.getByTestId('ledger-token-list-chains').textContent();
    expect(chains).toMatch(/Ethereum \d+ · OP Mainnet \d+/);
    expect(chains).toMatch(/Arbitrum \d+/);
    // Every chain by the name the Ledger shows (its network table), then the total.
    expect(chains).toMatch(/(\d+ other chains \(ids [\d, ]+\) [\d,]+ · )?[\d,]+ tokens in all$/);

    const rows = card.locator('table[aria-label="Pinned vaults\' tokens on the Ledger"] tbody tr');
    await expect.poll(() => rows.count()).toBe(4);
    const text = async (i: number) => (await rows.nth(i).textContent()) ?? '';
    // The demo's tokens live on a local chain: not listed by Ledger; the demo's emulated Ledger
    // shows their approvals in clear from its test-certified information, which a real one refuses.
    expect(await text(0)).toContain('not listedby Ledger: approvals in clear in the demo only (test-certified)');
    expect(await text(0)).toContain('chain 31337');
    expect(await rows.nth(0).locator('[title*="is not listed by Ledger"]').count()).toBe(1);
    // USDT on Arbitrum is listed: its approvals are shown in clear.
    expect(await text(2)).toContain('Arbitrum');
    expect(await text(2)).toContain('listedas USDT: approvals in clear');
    expect(await text(3)).toContain('not listedby Ledger');

    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: path.join(SCREENSHOT_DIR, 'settings-ledger-token-list.png') });
    expect(ui.watched.errors).toEqual([]);
  });
});
