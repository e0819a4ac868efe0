import { describe, expect, it } from 'vitest';
import { type Hex } from 'viem';
import { erc20Abi } from '../../../shared/abi';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { createRpcClient } from '../../../electron/services/chain/rpc-client';
import { readAllowances } from '../../../electron/services/allowances/read';
import { VaultRegistry } from '../../../electron/services/registry';
import { fromSnapshotEachTest, signingWorldForFile, type SigningWorld } from './world';

// Revoke as a reviewed batch: approve(spender, 0) items planned from the allowances picked, signed
// on the emulated Ledger like every other batch; the allowance is 0 on chain after.
let world: SigningWorld, view: Portfolio;
signingWorldForFile((w, v) => ([world, view] = [w, v]));

fromSnapshotEachTest(() => world);

const USDC = 1_000_000n;

describe('revoke', () => {
  it('plans approve(spender, 0) for the picked allowances only, signs them, and the allowances are 0 after', async () => {
    const alpha = view.vaults.find((v) => v.id === world.vaultId(view, 'alpha'))!;
    const chain = world.sim.network.chains.find((c) => c.chain.chainId === alpha.chain.chainId)!.chain.client;
    const token = alpha.underlying.address as Hex;
    const [a, b] = world.wallets;
    const allowance = (owner: string, spender: string) =>
      chain.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [owner as Hex, spender as Hex] });
    // Leftovers: a to the epoch vault and to the queue, b to the epoch vault (unlimited).
    await chain.write({ from: a!.address as Hex, to: token, abi: erc20Abi, functionName: 'approve', args: [alpha.epochVault as Hex, 500n * USDC] });
    await chain.write({ from: a!.address as Hex, to: token, abi: erc20Abi, functionName: 'approve', args: [alpha.queue as Hex, 20n * USDC] });
    await chain.write({ from: b!.address as Hex, to: token, abi: erc20Abi, functionName: 'approve', args: [alpha.epochVault as Hex, (1n << 256n) - 1n] });

    const plan = await world.signing.plan({
      vaultId: alpha.id,
      action: 'revoke',
      wallets: [a!, b!],
      revokes: [
        { wallet: a!.address, token: 'underlying', spender: 'epochVault' },
        { wallet: b!.address, token: 'underlying', spender: 'epochVault' },
      ],
    });
    const items = plan.items.filter((i) => i.tx);
    expect(items.map((i) => [i.wallet, i.step, i.review?.kind === 'transaction' ? i.review.title : null])).toEqual([
      [a!.address, 'approve', 'Set the USDC allowance of the Alpha Credit USDC epoch vault to 0'],
      [b!.address, 'approve', 'Set the USDC allowance of the Alpha Credit USDC epoch vault to 0'],
    ]);

    const batch = await world.signing.createBatch(plan.id, { acknowledgeBlindSigning: true });
    const summary = await world.signing.run(batch.id);
    const done = await world.signing.openBatch(batch.id);
    expect(summary.status, JSON.stringify(done.pause)).toBe('done');
    expect(done.items.filter((i) => i.tx).map((i) => i.state)).toEqual(['confirmed', 'confirmed']);
    // Both went through the emulated Ledger.
    expect(world.reviews).toHaveLength(2);
    expect(await allowance(a!.address, alpha.epochVault)).toBe(0n);
    expect(await allowance(b!.address, alpha.epochVault)).toBe(0n);
    // What was not picked stays.
    expect(await allowance(a!.address, alpha.queue!)).toBe(20n * USDC);
  });

  it('skips a wallet with nothing to revoke, saying so', async () => {
    const alpha = view.vaults.find((v) => v.id === world.vaultId(view, 'alpha'))!;
    const fresh = world.wallets[5]!;
    const plan = await world.signing.plan({ vaultId: alpha.id, action: 'revoke', wallets: [fresh], revokes: [{ wallet: fresh.address, token: 'tranche', spender: 'withdrawQueue' }] });
    expect(plan.items.filter((i) => i.tx)).toEqual([]);
    expect(plan.wallets[0]).toMatchObject({ ok: false, reason: 'Nothing to revoke: the allowance is already 0.' });
  });

  it('reads every wallet × token × spender of the pinned vaults in one multicall round per chain, named by the registry', async () => {
    const alpha = view.vaults.find((v) => v.id === world.vaultId(view, 'alpha'))!;
    const delta = view.vaults.find((v) => v.id === world.vaultId(view, 'delta'))!;
    // A plan pins its vault (the test world's first-seen rule); both chains then have a pinned vault.
    for (const v of [alpha, delta]) await world.signing.plan({ vaultId: v.id, action: 'revoke', wallets: world.wallets.slice(0, 1) });
    const a = world.wallets[0]!;
    const chain = world.sim.network.chains.find((c) => c.chain.chainId === alpha.chain.chainId)!.chain;
    await chain.client.write({ from: a.address as Hex, to: alpha.underlying.address as Hex, abi: erc20Abi, functionName: 'approve', args: [alpha.queue as Hex, (1n << 256n) - 1n] });
    const counter = { http: 0 };
    const clients = new Map(world.sim.network.chains.map(({ chain: c }) => [c.chainId, createRpcClient({ chainId: c.chainId, name: `Local ${c.chainId}`, url: c.rpcUrl }, counter)]));
    const pinned = await new VaultRegistry(world.dataDir).list();
    const view2 = await readAllowances({ vaults: pinned, wallets: world.wallets, client: async (id) => clients.get(id)! });
    expect(view2.failures).toEqual([]);
    // 12 wallets × 2 vaults × (underlying → epoch vault, underlying → queue, tranche → withdraw queue).
    expect(view2.rows).toHaveLength(12 * 2 * 3);
    // One HTTP request per chain, not one per cell.
    expect(counter.http).toBe(2);
    const row = view2.rows.find((r) => r.wallet === a.address && r.vaultId === alpha.id && r.spender.role === 'queue')!;
    expect(row).toMatchObject({ unlimited: true, vaultName: pinned.find((p) => p.vaultId === alpha.id)!.name, token: { symbol: 'USDC', role: 'underlying' } });
    expect(row.spender.name).toMatch(/^Alpha Credit USDC (deposit )?queue$/);
  });
});
