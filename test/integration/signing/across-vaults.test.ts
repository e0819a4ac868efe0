import { describe, expect, it } from 'vitest';
import { parseUnits, type Hex } from 'viem';
import { epochQueueAbi, erc20Abi } from '../../../shared/abi';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import type { Selection } from '../../../shared/signing/schemas';
import { fromSnapshotEachTest, signingWorldForFile, type SigningWorld } from './world';

// A deposit the operator chose in two vaults, for several wallets, planned as one plan and signed
// as one batch on anvil with the emulated Ledger approving. Each test starts from the seeded scenario.
let world: SigningWorld, view: Portfolio;
signingWorldForFile((w, v) => ([world, view] = [w, v]));

fromSnapshotEachTest(() => world);

const vault = (name: string) => view.vaults.find((v) => v.id === world.vaultId(view, name))!;
const read = (chainId: number) => world.chains.get(chainId)!;
const balanceOf = (v: Portfolio['vaults'][number], token: string, wallet: string) =>
  read(v.chain.chainId).readContract({ address: token as Hex, abi: erc20Abi, functionName: 'balanceOf', args: [wallet as Hex] });

async function signAgreements(vaultId: string, wallets: Selection['wallets']): Promise<void> {
  const plan = await world.signing.plan({ vaultId, action: 'agreements', wallets });
  if (plan.items.every((i) => i.state === 'skipped')) return;
  const batch = await world.signing.createBatch(plan, { acknowledgeBlindSigning: true });
  await world.signing.run(batch.id);
}

describe('a deposit across vaults', () => {
  it('plans three vaults as one batch, wallet by wallet, each approve before its deposit, and confirms on chain', async () => {
    // On the first chain beta is between epochs (depositAA to the epoch vault) and alpha runs
    // (requestDeposit in its queue), both in the same USDC; delta runs on the second chain, without KYC.
    const beta = vault('beta');
    const alpha = vault('alpha');
    const delta = vault('delta');
    expect([beta.chain.chainId, beta.cycle?.state, alpha.chain.chainId, alpha.cycle?.state]).toEqual([
      alpha.chain.chainId,
      'WAITING',
      beta.chain.chainId,
      'RUNNING',
    ]);
    // The fifth wallet of the scenario has no KYC credential: skipped in beta and alpha, not in delta.
    const wallets = world.wallets.slice(1, 5);
    const noKyc = wallets[3]!;
    await signAgreements(beta.id, wallets);
    await signAgreements(delta.id, wallets);
    const trancheBefore = await Promise.all(wallets.map((w) => balanceOf(beta, beta.tranche.address, w.address)));
    const amounts: Record<string, string> = { [beta.id]: '120.25', [alpha.id]: '75', [delta.id]: '40' };

    const plan = await world.signing.planAcrossVaults(
      [beta, alpha, delta].map((v) => ({ vaultId: v.id, action: 'deposit' as const, amount: amounts[v.id]!, wallets })),
    );
    expect(plan.vaults!.map((v) => v.id)).toEqual([beta.id, alpha.id, delta.id]);
    expect(plan.wallets.filter((w) => !w.ok)).toEqual([
      expect.objectContaining({
        address: noKyc.address,
        reason: expect.stringMatching(new RegExp(`^${beta.name}: The vault does not allow this wallet \\(KYC`)),
      }),
      expect.objectContaining({
        address: noKyc.address,
        reason: expect.stringMatching(new RegExp(`^${alpha.name}: The vault does not allow this wallet \\(KYC`)),
      }),
    ]);

    const batch = await world.signing.createBatch(plan.id, { acknowledgeBlindSigning: true });
    await world.signing.run(batch.id);
    const done = await world.signing.openBatch(batch.id);
    const toSign = done.items.filter((i) => i.state !== 'skipped');
    expect(toSign.every((i) => i.state === 'confirmed')).toBe(true);
    // Device order: all of one wallet's items together, vault after vault, each approve then its deposit.
    const pairs = (w: string, vaults: Portfolio['vaults']) =>
      vaults.flatMap((v) => [
        [w, v.id, 'approve'],
        [w, v.id, v === beta ? 'depositAA' : 'requestDeposit'],
      ]);
    expect(toSign.map((i) => [i.wallet, i.vaultId, i.step])).toEqual([
      ...wallets.slice(0, 3).flatMap((w) => pairs(w.address, [beta, alpha, delta])),
      ...pairs(noKyc.address, [delta]),
    ]);
    // On one chain a wallet's nonces go on from vault to vault, with no gap.
    for (const w of wallets) {
      const nonces = toSign.filter((i) => i.wallet === w.address && i.chainId === beta.chain.chainId).map((i) => i.tx!.nonce);
      expect(nonces).toEqual(nonces.map((_, k) => nonces[0]! + k));
    }
    // Each deposit waited on the approval of its own vault, for the amount typed for that vault.
    for (const d of toSign.filter((i) => i.step !== 'approve')) {
      const approval = toSign.find((i) => i.id === d.dependsOn)!;
      expect([approval.vaultId, approval.wallet]).toEqual([d.vaultId, d.wallet]);
      const review = d.review!;
      if (review.kind !== 'transaction') throw new Error('not a transaction');
      expect(review.amount!.baseUnits).toBe(String(parseUnits(amounts[d.vaultId]!, 6)));
    }

    // On chain: beta's tranche tokens for the three with KYC; alpha's and delta's queues hold the deposits.
    const trancheAfter = await Promise.all(wallets.map((w) => balanceOf(beta, beta.tranche.address, w.address)));
    trancheAfter.forEach((b, k) => expect(b > trancheBefore[k]!, wallets[k]!.label).toBe(k < 3));
    for (const [v, expected] of [
      [alpha, [true, true, true, false]],
      [delta, [true, true, true, true]],
    ] as const) {
      const e = BigInt(v.cycle!.requestEpoch);
      for (const [k, w] of wallets.entries()) {
        const held = await read(v.chain.chainId).readContract({
          address: v.queue as Hex,
          abi: epochQueueAbi,
          functionName: 'userDepositsEpochs',
          args: [w.address as Hex, e],
        });
        expect(held >= parseUnits(amounts[v.id]!, 6), `${v.name} ${w.label}`).toBe(expected[k]);
      }
    }
    // One report for the three vaults: a line per item, skipped ones included.
    const csv = await world.signing.reportCsv(batch.id);
    for (const v of [beta, alpha, delta]) expect(csv).toContain(v.name);
  }, 300_000);

  it('plans the second vault on what the first leaves of a shared token, skipping a wallet left short there only', async () => {
    const beta = vault('beta');
    const alpha = vault('alpha');
    expect(alpha.underlying.address.toLowerCase()).toBe(beta.underlying.address.toLowerCase());
    const wallets = world.wallets.slice(1, 3);
    await signAgreements(beta.id, wallets);
    const held = await balanceOf(beta, beta.underlying.address, wallets[0]!.address);
    // More than half of what the first wallet holds, in each vault: both fit alone, not together.
    const each = held / 2n + 10n ** BigInt(beta.underlying.decimals);
    const amount = (each / 10n ** BigInt(beta.underlying.decimals)).toString();
    const plan = await world.signing.planAcrossVaults([
      { vaultId: beta.id, action: 'deposit', amount, wallets: [wallets[0]!] },
      { vaultId: alpha.id, action: 'deposit', amount, wallets: [wallets[0]!] },
    ]);
    expect(plan.items.filter((i) => i.vaultId === beta.id).map((i) => i.state)).toEqual(['waiting', 'waiting']);
    expect(plan.items.filter((i) => i.vaultId === alpha.id).map((i) => i.state)).toEqual(['skipped']);
    expect(plan.wallets.find((w) => !w.ok)?.reason).toBe(
      `${alpha.name}: The underlying balance is lower than the amount to deposit: the vaults before this one in the operation already take ${amount} ${beta.underlying.symbol} of it.`,
    );
  }, 300_000);

  it('refuses a deposit into a defaulted vault among others, naming it, with nothing planned', async () => {
    const beta = vault('beta');
    const gamma = vault('gamma');
    const wallets = world.wallets.slice(1, 3);
    await expect(
      world.signing.planAcrossVaults([
        { vaultId: beta.id, action: 'deposit', amount: '10', wallets },
        { vaultId: gamma.id, action: 'deposit', amount: '10', wallets },
      ]),
    ).rejects.toMatchObject({
      code: 'SIGNING_VAULT_CLOSED',
      message: `${gamma.name}: The vault is in default: it takes no deposits. Nothing was planned.`,
    });
  }, 300_000);
  it('withdraws everything from two vaults as one batch: a redeem where the vault is between epochs, a queue request where it runs', async () => {
    const beta = vault('beta');
    const alpha = vault('alpha');
    const plan = await world.signing.planAcrossVaults([
      { vaultId: beta.id, action: 'redeem', amount: 'all', wallets: world.wallets },
      { vaultId: alpha.id, action: 'withdraw', amount: 'all', wallets: world.wallets },
    ]);
    // One withdrawal, each vault's items with their own action and gate (no approval for a redeem, the tranche to the queue otherwise).
    expect(plan.selection.action).toBe('withdraw');
    const going = plan.items.filter((i) => i.state !== 'skipped');
    expect(new Set(going.filter((i) => i.vaultId === beta.id).map((i) => `${i.action}:${i.step}`))).toEqual(new Set(['redeem:redeem']));
    expect(new Set(going.filter((i) => i.vaultId === alpha.id).map((i) => `${i.action}:${i.step}`))).toEqual(
      new Set(['withdraw:approve', 'withdraw:requestWithdraw']),
    );
    const batch = await world.signing.createBatch(plan.id, { acknowledgeBlindSigning: true });
    await world.signing.run(batch.id);
    const done = await world.signing.openBatch(batch.id);
    expect(done.items.filter((i) => i.state !== 'skipped').every((i) => i.state === 'confirmed')).toBe(true);
    for (const w of new Set(going.map((i) => i.wallet))) {
      const held = await balanceOf(beta, beta.tranche.address, w);
      if (going.some((i) => i.wallet === w && i.vaultId === beta.id)) expect(held, w).toBe(0n);
    }
  }, 300_000);
});
