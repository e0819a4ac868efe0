import { describe, expect, it } from 'vitest';
import { type Hex } from 'viem';
import { erc20Abi } from '../../../shared/abi';
import { approvesFromZeroOnly } from '../../../shared/domain/token-facts';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import type { BatchItem } from '../../../shared/signing/schemas';
import { fromSnapshotEachTest, signAgreements, signingWorldForFile, type SigningWorld } from './world';

// The demo's USDT behaves as Tether's on Ethereum: approve reverts from one non-zero allowance to
// another. A wallet with a leftover allowance short of its deposit gets approve(0), then
// approve(amount), both signed on the emulated Ledger and mined, then the deposit.
let world: SigningWorld, view: Portfolio;

// Eight vaults: the second chain's fourth, Iota, takes USDT deposits (Gamma, the default demo's
// USDT vault, ends its story in default).
signingWorldForFile((w, v) => ([world, view] = [w, v]), { wallets: 12, vaults: 8 });

fromSnapshotEachTest(() => world);

const USDT = 1_000_000n;
const sent = (items: BatchItem[]) => items.filter((i) => i.tx);

/**
 * Iota, its chain, and a wallet that can deposit into it (agreements signed, KYC passed, USDT to
 * spend) with the spender its approval names, as a 10 USDT deposit plans them.
 */
async function iotaDepositor() {
  const iota = view.vaults.find((v) => v.id === world.vaultId(view, 'iota'))!;
  const chain = world.sim.network.chains.find((c) => c.chain.chainId === iota.chain.chainId)!.chain.client;
  await signAgreements(world, iota.id, world.wallets);
  const probe = await world.signing.plan({ vaultId: iota.id, action: 'deposit', amount: '10', wallets: world.wallets });
  const first = probe.items.find((i) => i.step === 'approve')!;
  if (!first) throw new Error(JSON.stringify(probe.wallets.map((w) => w.reason)) + probe.vault.state);
  const wallet = world.wallets.find((w) => w.address === first.wallet)!;
  const spender = (first.review?.kind === 'transaction' ? first.review.spender!.address : null) as Hex;
  return { iota, chain, wallet, spender };
}

describe('a token that changes an allowance only from 0 (the demo USDT, Iota’s underlying)', () => {
  it('a leftover allowance short of the deposit: approve(0), approve(amount) and the deposit all go through, in order', async () => {
    const { iota, chain, wallet, spender } = await iotaDepositor();
    expect(iota.underlying.symbol).toBe('USDT');
    expect(approvesFromZeroOnly(iota.chain.chainId, iota.underlying.address)).toBe(true);
    const token = iota.underlying.address as Hex;
    const allowance = () => chain.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [wallet.address as Hex, spender] });

    // The leftover: 3 USDT approved to the spender and never spent.
    await chain.write({ from: wallet.address as Hex, to: token, abi: erc20Abi, functionName: 'approve', args: [spender, 3n * USDT] });
    expect(await allowance()).toBe(3n * USDT);
    // Without approve(0) first, the token refuses a new non-zero allowance.
    await expect(chain.write({ from: wallet.address as Hex, to: token, abi: erc20Abi, functionName: 'approve', args: [spender, 10n * USDT] })).rejects.toThrow();
    expect(await allowance()).toBe(3n * USDT);

    const plan = await world.signing.plan({ vaultId: iota.id, action: 'deposit', amount: '10', wallets: [wallet] });
    const items = sent(plan.items);
    expect(items.map((i) => i.step)).toEqual(['approve', 'approve', items[2]!.step]);
    expect(items.map((i) => i.review?.kind === 'transaction' && i.review.args.find((a) => a.type === 'uint256')?.value)).toEqual(['0', String(10n * USDT), String(10n * USDT)]);
    expect(items[0]!.review?.title).toMatch(/^Set the USDT allowance of the Iota Credit USDT .* to 0$/);
    expect(plan.wallets[0]!.reason).toContain('The allowance of 3 USDT');
    // Signed in order: each waits for the one before.
    expect(items[1]!.dependsOn).toBe(items[0]!.id);
    expect(items[2]!.dependsOn).toBe(items[1]!.id);

    const batch = await world.signing.createBatch(plan.id, { acknowledgeBlindSigning: true });
    const summary = await world.signing.run(batch.id);
    const done = await world.signing.openBatch(batch.id);
    expect(summary.status, JSON.stringify([done.pause, done.items.map((i) => [i.step, i.state, i.reason])])).toBe('done');
    expect(sent(done.items).map((i) => [i.state, i.receipt?.status])).toEqual([
      ['confirmed', 'success'],
      ['confirmed', 'success'],
      ['confirmed', 'success'],
    ]);
    // The deposit spent the whole new allowance.
    expect(await allowance()).toBe(0n);
  });

  it('an allowance that covers the deposit is used: no approval planned, and the review says so', async () => {
    const { iota, chain, wallet, spender } = await iotaDepositor();
    await chain.write({ from: wallet.address as Hex, to: iota.underlying.address as Hex, abi: erc20Abi, functionName: 'approve', args: [spender, 500n * USDT] });

    const plan = await world.signing.plan({ vaultId: iota.id, action: 'deposit', amount: '10', wallets: [wallet] });
    expect(sent(plan.items).map((i) => i.step)).not.toContain('approve');
    expect(plan.wallets[0]!.reason).toMatch(/^Uses the existing allowance of 500 USDT to the (deposit queue|epoch vault): no approval is needed\.$/);
    const batch = await world.signing.createBatch(plan.id, { acknowledgeBlindSigning: true });
    expect((await world.signing.run(batch.id)).status).toBe('done');
  });
});
