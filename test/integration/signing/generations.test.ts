import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { erc20Abi, strategyAbi } from '../../../shared/abi';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import type { Batch, Plan, Selection } from '../../../shared/signing/schemas';
import { fromSnapshotEachTest, signingWorldForFile, type SigningWorld } from './world';

// The console on each generation of the protocol's contracts the demo runs (README, Contract
// generations): what it reads, what it plans and what confirms on chain, by the real rules.
let world: SigningWorld, view: Portfolio;
signingWorldForFile((w, v) => ([world, view] = [w, v]));
fromSnapshotEachTest(() => world);

const vault = (name: string) => view.vaults.find((v) => v.id === world.vaultId(view, name))!;
const chainOf = (name: string) => world.sim.network.chains.find((c) => c.chain.chainId === vault(name).chain.chainId)!;
const cycleOf = (name: string) => world.sim.drivers.find((d) => d.chainId === vault(name).chain.chainId)!.vault(name);
const lender = (name: string, role: 'L3' | 'L5') => world.sim.seeded.vaults.find((v) => v.key === name)!.lenders[role];
const walletOf = (address: string) => world.wallets.find((w) => w.address.toLowerCase() === address.toLowerCase())!;
const txItems = (b: Batch | Plan) => b.items.filter((i) => i.step !== 'none');

async function signAll(selection: Omit<Selection, 'wallets'> & { wallets: Selection['wallets']; depositRoute?: 'queue' | 'direct' }): Promise<Batch> {
  const plan = await world.signing.plan(selection);
  const created = await world.signing.createBatch(plan, { acknowledgeBlindSigning: true });
  await world.signing.run(created.id);
  return world.signing.openBatch(created.id);
}

describe('the contracts\u2019 generations as the console reads them', () => {
  it('names each demo vault\u2019s generations from the chain, where the record names an older code', () => {
    expect(Object.fromEntries(view.vaults.map((v) => [v.name.split(' ')[0], v.generations && [v.generations.epochVault, v.generations.queue, v.generations.withdrawQueue, v.generations.strategy]]))).toEqual({
      Alpha: ['CDO_EPOCH_MAIN_V4', 'CDO_EPOCH_DEPOSIT_QUEUE_V1', 'CDO_EPOCH_DEPOSIT_QUEUE_V1', 'CDO_EPOCH_STRATEGY_MAIN_V2'],
      Beta: ['CDO_EPOCH_MAIN_2026', 'CDO_EPOCH_QUEUE_2026', 'CDO_EPOCH_QUEUE_2026', 'CDO_EPOCH_STRATEGY_2026'],
      Gamma: ['CDO_EPOCH_MAIN_V3', 'CDO_EPOCH_DEPOSIT_QUEUE_V1', 'CDO_EPOCH_DEPOSIT_QUEUE_V1', 'CDO_EPOCH_STRATEGY_MAIN_V2'],
      Delta: ['CDO_EPOCH_MAIN_V1', 'CDO_EPOCH_DEPOSIT_QUEUE_V2', 'CDO_EPOCH_DEPOSIT_QUEUE_V1', 'CDO_EPOCH_STRATEGY_MAIN_V1'],
      Epsilon: ['CDO_EPOCH_PREFUNDED_2026', 'CDO_EPOCH_QUEUE_2026', 'CDO_EPOCH_QUEUE_2026', 'CDO_EPOCH_STRATEGY_2026'],
    });
    // The 2026 vaults' records still say V4: the review says the chain answers otherwise.
    expect(vault('beta').generations!.recordDiffers.join(' ')).toContain('the chain answers as epoch vault 2026');
    // Beta's rate is set at the stop: no current rate to show, rather than 0 %.
    expect(vault('beta').apr.setAtStop).toBe(true);
    expect(vault('alpha').apr.setAtStop).toBe(false);
  });
});

describe('rate-at-stop redeems (2026 strategy, apr0Users)', () => {
  it('are listed with the wallet\u2019s position and claimed with their share of the stop\u2019s interest', async () => {
    const beta = vault('beta');
    const l3 = lender('beta', 'L3');
    const client = world.chains.get(beta.chain.chainId)!;
    const [principal] = (await client.readContract({ address: beta.strategy as Hex, abi: strategyAbi, functionName: 'apr0Users', args: [l3 as Hex] })) as readonly bigint[];
    expect(principal).toBeGreaterThan(0n);
    // The standard receipts hold nothing: what the wallet is owed is only in apr0Users.
    expect(await client.readContract({ address: beta.strategy as Hex, abi: strategyAbi, functionName: 'withdrawsRequests', args: [l3 as Hex] })).toBe(0n);
    const position = view.positions.find((p) => p.vaultId === beta.id && p.wallet.toLowerCase() === l3.toLowerCase())!;
    expect(BigInt(position.pendingRedeem!)).toBeGreaterThanOrEqual(principal!);

    const before = await client.readContract({ address: beta.underlying.address as Hex, abi: erc20Abi, functionName: 'balanceOf', args: [l3 as Hex] });
    const batch = await signAll({ vaultId: beta.id, action: 'claim', wallets: [walletOf(l3)] });
    const claim = txItems(batch).find((i) => i.step === 'claimRedeem')!;
    expect(claim.state).toBe('confirmed');
    const planned = BigInt(claim.review?.kind === 'transaction' ? claim.review.amount!.baseUnits : '0');
    // Principal and the interest of its epoch, set at the stop.
    expect(planned).toBeGreaterThan(principal!);
    const after = await client.readContract({ address: beta.underlying.address as Hex, abi: erc20Abi, functionName: 'balanceOf', args: [l3 as Hex] });
    expect(after - before).toBe(planned);
    const [left] = (await client.readContract({ address: beta.strategy as Hex, abi: strategyAbi, functionName: 'apr0Users', args: [l3 as Hex] })) as readonly bigint[];
    expect(left).toBe(0n);
  });
});

describe('the prefunded queue (2026)', () => {
  it('takes deposits until its window before the epoch end, then refuses them saying when they reopen', async () => {
    const epsilon = vault('epsilon');
    await cycleOf('epsilon').startEpoch();
    const wallets = world.wallets.slice(0, 4);
    const open = await world.signing.plan({ vaultId: epsilon.id, action: 'deposit', amount: '10', wallets });
    // Wallets that can deposit at all (KYC, agreements) go to the queue.
    const steps = txItems(open).map((i) => i.step);
    expect(steps.every((s) => s === 'approve' || s === 'requestDeposit')).toBe(true);

    const state = await cycleOf('epsilon').read();
    const chain = chainOf('epsilon').chain.client;
    // Inside the window: the queue refuses once block.timestamp + window >= epochEndDate.
    await chain.advanceTo(BigInt(state.epochEndDate) - 5n * 86_400n + 60n);
    const closed = await world.signing.plan({ vaultId: epsilon.id, action: 'deposit', amount: '10', wallets });
    expect(txItems(closed)).toHaveLength(0);
    const reasons = closed.wallets.map((w) => w.reason ?? '');
    expect(reasons.some((r) => /prefunded deposit window closed at .* UTC\. Deposits reopen when this epoch ends \(.* UTC\)/.test(r))).toBe(true);
  });
});

describe('a vault with a deposit-only queue and a separate withdraw queue', () => {
  it('sends withdrawals while the epoch runs to the withdraw queue, approving the tranche token to it', async () => {
    const delta = vault('delta');
    expect(delta.cycle?.state).toBe('RUNNING');
    expect(delta.withdrawQueue!.toLowerCase()).not.toBe(delta.queue!.toLowerCase());
    const batch = await signAll({ vaultId: delta.id, action: 'withdraw', amount: '1', wallets: world.wallets.slice(0, 3) });
    const items = txItems(batch);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.state === 'confirmed')).toBe(true);
    for (const item of items) expect(item.tx!.to!.toLowerCase()).toBe(item.step === 'approve' ? delta.tranche.address.toLowerCase() : delta.withdrawQueue!.toLowerCase());
    const approve = items.find((i) => i.step === 'approve')!;
    expect(approve.review?.kind === 'transaction' && approve.review.spender).toEqual({ role: 'withdrawQueue', address: expect.stringMatching(new RegExp(delta.withdrawQueue!.slice(2), 'i')) });
  });
});

describe('the 2026 vault during its epoch', () => {
  it('takes a direct deposit (depositDuringEpoch) when asked, and a deposit cancel while the epoch runs', async () => {
    const beta = vault('beta');
    await cycleOf('beta').processQueues();
    await cycleOf('beta').startEpoch();
    const l5 = walletOf(lender('beta', 'L5'));
    await signAll({ vaultId: beta.id, action: 'agreements', wallets: [l5] });
    const client = world.chains.get(beta.chain.chainId)!;
    const tranche = () => client.readContract({ address: beta.tranche.address as Hex, abi: erc20Abi, functionName: 'balanceOf', args: [l5.address as Hex] });
    const before = await tranche();
    const direct = await signAll({ vaultId: beta.id, action: 'deposit', amount: '25', wallets: [l5], depositRoute: 'direct' });
    expect(txItems(direct).map((i) => `${i.step}:${i.state}`)).toEqual(['approve:confirmed', 'depositDuringEpoch:confirmed']);
    // Tranche tokens at once, not a queue request.
    expect(await tranche()).toBeGreaterThan(before);

    const queued = await signAll({ vaultId: beta.id, action: 'deposit', amount: '5', wallets: [l5] });
    expect(txItems(queued).map((i) => i.step)).toContain('requestDeposit');
    await world.sim.indexer.refresh();
    const cancel = await signAll({ vaultId: beta.id, action: 'cancel', wallets: [l5] });
    expect(txItems(cancel).map((i) => `${i.step}:${i.state}`)).toEqual(['deleteRequest:confirmed']);
  });
});
