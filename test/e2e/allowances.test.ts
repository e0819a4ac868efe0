import { describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import { erc20Abi } from '../../shared/abi';
import { screenshot } from './support/browser';
import { demoSigningWorldForFile } from './support/signing-world';
import { signingUi } from './support/signing';

// The Allowances screen on the demo: two wallets left allowances behind (one unlimited to Alpha's
// epoch vault, one of 500 USDC to its queue); the screen lists them per wallet, token and spender
// named by the pinned registry, "unlimited" for the largest amount, and revoking them reaches the
// Signing screen's review as one batch of approve(spender, 0).
const world = demoSigningWorldForFile({ autoRefresh: false });
const s = signingUi(() => world.ui);

const USDC = 1_000_000n;

describe('the Allowances screen', () => {
  it('lists what the wallets allow the pinned contracts, unlimited named so, and revokes the selection through the review and the Ledger', async () => {
    const alpha = world.before.vaults.find((v) => v.name.startsWith('Alpha'))!;
    const wallets = [...new Set(world.before.positions.map((p) => p.wallet))].slice(0, 2) as Hex[];
    const [a, b] = wallets as [Hex, Hex];
    const chain = world.sim.local.network.chains.find((c) => c.chain.chainId === alpha.chain.chainId)!.chain.client;
    const token = alpha.underlying.address as Hex;
    await chain.write({ from: a, to: token, abi: erc20Abi, functionName: 'approve', args: [alpha.epochVault as Hex, (1n << 256n) - 1n] });
    await chain.write({ from: b, to: token, abi: erc20Abi, functionName: 'approve', args: [alpha.queue as Hex, 500n * USDC] });
    await s.useGroup('Allowance review', wallets);

    await world.page.getByRole('button', { name: 'Allowances', exact: true }).click();
    await world.page.getByRole('heading', { name: 'Allowances' }).waitFor({ timeout: 60_000 });
    const rows = world.page.getByTestId('allowance-row');
    const unlimited = rows.filter({ hasText: 'Alpha Credit USDC epoch vault' }).filter({ hasText: 'unlimited USDC' });
    await unlimited.waitFor({ timeout: 90_000 });
    expect(await unlimited.getAttribute('data-unlimited')).toBe('true');
    const queued = rows.filter({ hasText: /Alpha Credit USDC (deposit )?queue/ }).filter({ hasText: '500.00' });
    await queued.waitFor({ timeout: 30_000 });
    // Only allowances that are not 0 by default; every one shown with its pinned spender's name.
    for (const text of await rows.allTextContents()) expect(text).toMatch(/ (epoch vault|queue|deposit queue|withdraw queue)/);
    for (const box of await rows.getByRole('checkbox').all()) expect(await box.isDisabled()).toBe(false);

    for (const [width, height] of [
      [1440, 900],
      [1024, 700],
    ] as const) {
      await world.page.setViewportSize({ width, height });
      for (const scheme of ['light', 'dark'] as const) {
        await world.page.emulateMedia({ colorScheme: scheme });
        await expect.poll(() => world.page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
        await screenshot(world.page, `allowances-${width}-${scheme}`);
      }
    }
    await world.page.emulateMedia({ colorScheme: 'light' });

    const revoke = world.page.getByRole('button', { name: /^Revoke/ });
    expect(await revoke.isDisabled()).toBe(true);
    await unlimited.getByRole('checkbox').check();
    await queued.getByRole('checkbox').check();
    await expect.poll(() => revoke.textContent()).toBe('Revoke 2 selected');
    await revoke.click();

    const plan = world.page.getByTestId('plan');
    await plan.waitFor({ timeout: 90_000 });
    expect(await plan.textContent()).toContain('Review: revokes in Alpha Credit USDC');
    const items = plan.locator('.plan-items > li');
    await expect.poll(() => items.count()).toBe(2);
    const text = (await items.allTextContents()).join('\n');
    expect(text).toContain('Set the USDC allowance of the Alpha Credit USDC epoch vault to 0');
    expect(text).toMatch(/Set the USDC allowance of the Alpha Credit USDC (deposit )?queue to 0/);
    await screenshot(world.page, 'allowances-revoke-review');

    // Signed on the emulated Ledger like every batch; the screen then has nothing left to revoke.
    await s.startSigning();
    await s.approveUntilDone();
    await world.page.getByRole('button', { name: 'Allowances', exact: true }).click();
    await world.page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await world.page.getByText('No wallet of this batch allows any pinned vault contract to spend its tokens: nothing to revoke.').waitFor({ timeout: 90_000 });
    for (const [owner, spender] of [
      [a, alpha.epochVault],
      [b, alpha.queue!],
    ] as const)
      expect(await chain.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, spender as Hex] })).toBe(0n);
  });
});
