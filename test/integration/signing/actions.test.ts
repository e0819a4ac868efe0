import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFunctionData, type Hex } from 'viem';
import { epochQueueAbi, erc20Abi, strategyAbi } from '../../../shared/abi';
import { withSender } from '../../../shared/device/screens';
import type { DeviceScreen } from '../../../shared/device/state';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import type { Batch, Plan, Selection } from '../../../shared/signing/schemas';
import { fromSnapshotEachTest, startNextEpoch, startSigningWorld, type SigningWorld } from './world';

// Every action of the pipeline for a batch of wallets, on anvil with the emulated Ledger
// approving. Each test starts from the seeded scenario (evm_snapshot / evm_revert).
let world: SigningWorld;
let view: Portfolio;
let shown: DeviceScreen[][] = [];

beforeAll(async () => {
  world = await startSigningWorld({ wallets: 12 });
  view = await world.load();
  shown = world.reviews;
}, 120_000);

afterAll(async () => {
  await world?.stop();
});

fromSnapshotEachTest(() => world);

const vault = (name: string) => view.vaults.find((v) => v.id === world.vaultId(view, name))!;
const read = (chainId: number) => world.chains.get(chainId)!;

/** What each wallet holds of the vault's tranche token, read on chain. */
const trancheBalances = (v: Portfolio['vaults'][number], wallets: readonly { address: string }[]) =>
  Promise.all(
    wallets.map((w) => read(v.chain.chainId).readContract({ address: v.tranche.address as Hex, abi: erc20Abi, functionName: 'balanceOf', args: [w.address as Hex] })),
  );

async function signAll(selection: Omit<Selection, 'wallets'> & { wallets?: Selection['wallets'] }): Promise<{ plan: Plan; batch: Batch }> {
  const plan = await world.signing.plan({ wallets: world.wallets, ...selection });
  const created = await world.signing.createBatch(plan, { acknowledgeBlindSigning: true });
  await world.signing.run(created.id);
  return { plan, batch: await world.signing.openBatch(created.id) };
}

async function claimElsewhere(chainId: number, wallet: string, queue: string, epoch: number): Promise<void> {
  const chain = world.sim.network.chains.find((c) => c.chain.chainId === chainId)!.chain;
  // A transaction from another app: it takes the wallet's next nonce.
  await chain.client.write({
    from: wallet as Hex,
    to: queue as Hex,
    abi: epochQueueAbi,
    functionName: 'claimDepositRequest',
    args: [BigInt(epoch)],
  });
}

const epochOf = (data: string) => decodeFunctionData({ abi: epochQueueAbi, data: data as Hex }).args![0] as bigint;
const signedItems = (b: Batch) => b.items.filter((i) => i.step !== 'none');

describe('signing each action on the simulation', () => {
  it('signs the lender agreements with personal_sign and confirms them with the service', async () => {
    const beta = vault('beta');
    const wallets = world.wallets.slice(0, 3);
    const { batch } = await signAll({ vaultId: beta.id, action: 'agreements', wallets });
    expect(signedItems(batch)).toHaveLength(wallets.length * beta.lenderSignatureIds.length);
    expect(signedItems(batch).every((i) => i.state === 'confirmed' && i.signature?.length === 132)).toBe(true);
    for (const w of wallets) {
      for (const id of beta.lenderSignatureIds) expect(await world.client.checkSignature(id, w.address)).not.toBeNull();
    }
    // What the device showed is the decoded agreement text, as the review said.
    expect(shown[0]).toEqual(batch.items[0]!.review!.deviceScreens);
    expect(shown[0]!.some((s) => s.value?.includes('Terms of Service'))).toBe(true);
    // Planned again: nothing left to sign.
    const again = await world.signing.plan({ vaultId: beta.id, action: 'agreements', wallets });
    expect(again.wallets.every((w) => !w.ok && /already signed/.test(w.reason ?? ''))).toBe(true);
  });

  it('deposits between epochs: exact approval to the epoch vault, then depositAA with the next nonce', async () => {
    const beta = vault('beta');
    const wallets = world.wallets.filter((_, i) => [1, 2, 3].includes(i));
    await signAll({ vaultId: beta.id, action: 'agreements', wallets });
    shown.length = 0;
    const before = await trancheBalances(beta, wallets);
    const { plan, batch } = await signAll({ vaultId: beta.id, action: 'deposit', amount: '250.5', wallets });
    expect(plan.vault.state).toBe('WAITING');
    for (const w of wallets) {
      const steps = batch.items.filter((i) => i.wallet === w.address);
      expect(steps.map((s) => s.step)).toEqual(['approve', 'depositAA']);
      expect(steps.every((s) => s.state === 'confirmed')).toBe(true);
      expect(steps[1]!.tx!.nonce).toBe(steps[0]!.tx!.nonce + 1);
      const approve = steps[0]!.review!;
      if (approve.kind !== 'transaction') throw new Error('not a transaction');
      expect(approve.spender?.address.toLowerCase()).toBe(beta.epochVault.toLowerCase());
      expect(approve.amount).toMatchObject({ baseUnits: '250500000', display: `250.5 ${beta.underlying.symbol}` });
      expect(approve.args.map((a) => a.name)).toEqual(['spender', 'amount']);
    }
    const after = await trancheBalances(beta, wallets);
    after.forEach((b, i) => expect(b > before[i]!).toBe(true));
    // The device showed exactly the screens of each review, transaction hash included, and the
    // signing wallet as "From" (the review adds it when it shows the screens).
    expect(shown).toEqual(signedItems(batch).map((i) => withSender(i.review!.deviceScreens, i.wallet)));
    expect(shown[0]!.find((s) => s.title === 'Tx hash')?.value).toBe(signedItems(batch)[0]!.signed!.signingHash);
  });

  it('deposits while an epoch runs: approval to the queue and requestDeposit into the current epoch', async () => {
    const delta = vault('delta');
    const wallets = world.wallets.slice(0, 3);
    await signAll({ vaultId: delta.id, action: 'agreements', wallets });
    const { batch } = await signAll({ vaultId: delta.id, action: 'deposit', amount: '100', wallets });
    expect(signedItems(batch).map((i) => i.step)).toEqual([
      'approve',
      'requestDeposit',
      'approve',
      'requestDeposit',
      'approve',
      'requestDeposit',
    ]);
    expect(signedItems(batch).every((i) => i.state === 'confirmed')).toBe(true);
    const e = BigInt(delta.cycle!.requestEpoch);
    for (const w of wallets) {
      const held = await read(delta.chain.chainId).readContract({
        address: delta.queue as Hex,
        abi: epochQueueAbi,
        functionName: 'userDepositsEpochs',
        args: [w.address as Hex, e],
      });
      expect(held >= 100_000_000n).toBe(true);
    }
  });

  it('withdraws everything through the queue while the epoch runs', async () => {
    const delta = vault('delta');
    const wallets = world.wallets.slice(0, 4);
    const { plan, batch } = await signAll({ vaultId: delta.id, action: 'withdraw', wallets });
    const planned = plan.wallets.filter((w) => w.ok);
    expect(planned.length).toBeGreaterThan(1);
    for (const w of planned) {
      const steps = batch.items.filter((i) => i.wallet === w.address);
      expect(steps.map((s) => `${s.step}:${s.state}`)).toEqual(['approve:confirmed', 'requestWithdraw:confirmed']);
      const [left] = await trancheBalances(delta, [w]);
      expect(left).toBe(0n);
    }
  });

  it('redeems between epochs on the epoch vault without an approval, skipping wallets without KYC', async () => {
    const epsilon = vault('epsilon');
    const { plan, batch } = await signAll({ vaultId: epsilon.id, action: 'redeem', amount: 'all' });
    expect(batch.items.filter((i) => i.step === 'approve')).toHaveLength(0);
    const redeemed = signedItems(batch);
    expect(redeemed.length).toBeGreaterThan(3);
    expect(redeemed.every((i) => i.step === 'redeem' && i.state === 'confirmed')).toBe(true);
    const kyc = plan.wallets.find((w) => w.kycLink);
    expect(kyc?.reason).toMatch(/KYC/);
    const receipts = await read(epsilon.chain.chainId).readContract({
      address: epsilon.strategy as Hex,
      abi: strategyAbi,
      functionName: 'withdrawsRequests',
      args: [redeemed[0]!.wallet as Hex],
    });
    const instant = await read(epsilon.chain.chainId).readContract({
      address: epsilon.strategy as Hex,
      abi: strategyAbi,
      functionName: 'instantWithdrawsRequests',
      args: [redeemed[0]!.wallet as Hex],
    });
    expect(receipts + instant > 0n).toBe(true);
    // The plan said which kind of redeem the vault would make, and it made that kind.
    const note = plan.wallets.find((w) => w.address === redeemed[0]!.wallet)!.reason!;
    expect(note).toMatch(instant > 0n ? /^Instant redeem/ : /^Standard redeem/);
  });

  it('claims queue deposits, queue withdrawals, instant redeems and a standard redeem while the next epoch runs, each through its own call', async () => {
    const alpha = vault('alpha');
    expect(alpha.cycle?.state).toBe('RUNNING');
    const { batch } = await signAll({ vaultId: alpha.id, action: 'claim' });
    const steps = new Set(signedItems(batch).map((i) => i.step));
    // The standard redeem is paid once an epoch completed after it, also while the next one runs.
    expect(steps).toEqual(new Set(['claimDepositRequest', 'claimWithdrawRequest', 'claimInstantRedeem', 'claimRedeem']));
    expect(signedItems(batch).every((i) => i.state === 'confirmed')).toBe(true);
    for (const item of signedItems(batch).filter((i) => i.step === 'claimDepositRequest')) {
      const held = await read(alpha.chain.chainId).readContract({
        address: alpha.queue as Hex,
        abi: epochQueueAbi,
        functionName: 'userDepositsEpochs',
        args: [item.wallet as Hex, epochOf(item.tx!.data!)],
      });
      expect(held).toBe(0n);
    }
    // Nothing is left to claim.
    await world.sim.indexer.refresh();
    const again = await world.signing.plan({ vaultId: alpha.id, wallets: world.wallets, action: 'claim' });
    expect(again.items.filter((i) => i.step !== 'none')).toHaveLength(0);
  });

  it('claims a standard redeem between epochs, and only the selected requests', async () => {
    const beta = vault('beta');
    const redeem = view.requests.find((r) => r.vaultId === beta.id && r.type === 'REDEEM' && r.action?.kind === 'claim')!;
    const { batch } = await signAll({ vaultId: beta.id, action: 'claim', requestIds: [redeem.id] });
    expect(signedItems(batch).map((i) => `${i.step}:${i.state}`)).toEqual(['claimRedeem:confirmed']);
    expect(signedItems(batch)[0]!.wallet.toLowerCase()).toBe(redeem.wallet.toLowerCase());
  });

  it('cancels pending deposits between epochs and pending withdrawals, with refunds', async () => {
    const beta = vault('beta');
    const { batch } = await signAll({ vaultId: beta.id, action: 'cancel' });
    expect(
      signedItems(batch)
        .map((i) => `${i.step}:${i.state}`)
        .sort(),
    ).toEqual(['deleteRequest:confirmed', 'deleteWithdrawRequest:confirmed']);
    for (const item of signedItems(batch)) {
      const e = epochOf(item.tx!.data!);
      const fn = item.step === 'deleteRequest' ? 'userDepositsEpochs' : 'userWithdrawalsEpochs';
      const held = await read(beta.chain.chainId).readContract({
        address: beta.queue as Hex,
        abi: epochQueueAbi,
        functionName: fn,
        args: [item.wallet as Hex, e],
      });
      expect(held).toBe(0n);
    }
  });

  it('skips a wallet whose gas balance cannot cover a transaction’s maximum fee', async () => {
    const delta = vault('delta');
    const [poor, rich] = world.wallets;
    await read(delta.chain.chainId).request({ method: 'anvil_setBalance', params: [poor!.address, '0x3e8'] } as never);
    const plan = await world.signing.plan({ vaultId: delta.id, wallets: [poor!, rich!], action: 'withdraw' });
    expect(plan.wallets[0]).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/holds 0.000000000000001 ETH; a transaction may cost up to/),
    });
    expect(plan.wallets[1]!.ok).toBe(true);
  });

  it('skips every wallet of a vault in default, with the reason', async () => {
    const gamma = vault('gamma');
    const plan = await world.signing.plan({ vaultId: gamma.id, wallets: world.wallets, action: 'withdraw' });
    expect(plan.items.every((i) => i.state === 'skipped')).toBe(true);
    expect(plan.wallets[0]!.reason).toMatch(/default/);
  });

  it('puts nothing on the device for a call that would revert now, with the decoded reason', async () => {
    // A redeem planned between epochs; the epoch starts before it is signed, and the vault takes
    // no redeem request while it runs (the real contracts revert NotAllowed).
    const epsilon = vault('epsilon');
    const plan = await world.signing.plan({ vaultId: epsilon.id, wallets: world.wallets, action: 'redeem', amount: 'all' });
    const first = plan.items.find((i) => i.step === 'redeem')!;
    plan.items = plan.items.filter((i) => i === first || i.step === 'none');
    // A plan from before items carried their basis: the simulation of the call is what stops it.
    for (const i of plan.items) delete i.basis;
    const batch = await world.signing.createBatch(plan, { acknowledgeBlindSigning: true });
    const driver = world.sim.drivers.find((d) => d.chainId === epsilon.chain.chainId)!;
    await driver.vault('epsilon').startEpoch();
    await world.signing.run(batch.id);
    const item = signedItems(await world.signing.openBatch(batch.id))[0]!;
    expect(item.state).toBe('failed');
    expect(item.error).toMatchObject({ code: 'TX_REVERTED', details: { revert: 'NotAllowed' } });
    expect(item.signed).toBeNull();
    expect(shown).toHaveLength(0);
  });

  it('holds a claim whose request was claimed elsewhere since the plan, before the device', async () => {
    const delta = vault('delta');
    const request = view.requests.find((r) => r.vaultId === delta.id && r.type === 'DEPOSIT' && r.action?.kind === 'claim')!;
    const plan = await world.signing.plan({ vaultId: delta.id, wallets: world.wallets, action: 'claim', requestIds: [request.id] });
    const batch = await world.signing.createBatch(plan.id, { acknowledgeBlindSigning: true });
    await claimElsewhere(delta.chain.chainId, request.wallet, delta.queue!, request.epochNumber!);
    await world.signing.run(batch.id);
    const item = signedItems(await world.signing.openBatch(batch.id))[0]!;
    expect(item).toMatchObject({
      state: 'held',
      signed: null,
      reason: `The deposit request of epoch ${request.epochNumber} is no longer claimable: nothing is left to claim (claimed elsewhere?). Re-plan.`,
    });
    expect(shown).toHaveLength(0);
  });

  it('fails an item whose nonce another app used while it was on the device', async () => {
    const delta = vault('delta');
    const request = view.requests.find((r) => r.vaultId === delta.id && r.type === 'DEPOSIT' && r.action?.kind === 'claim')!;
    world.onReview = async () => {
      await claimElsewhere(delta.chain.chainId, request.wallet, delta.queue!, request.epochNumber!);
      return 'approve' as const;
    };
    const { batch } = await signAll({ vaultId: delta.id, action: 'claim', requestIds: [request.id] });
    const item = signedItems(batch)[0]!;
    expect(item.state).toBe('failed');
    expect(item.error?.code).toBe('TX_NONCE_USED');
    expect(item.hash).toBeNull();
  });

  it('decodes a mined revert: the epoch starts while the deposit is on the device ("Pausable: paused")', async () => {
    const beta = vault('beta');
    const wallets = world.wallets.slice(1, 2);
    await signAll({ vaultId: beta.id, action: 'agreements', wallets });
    world.onReview = async (screens) => {
      if (screens.some((s) => s.value?.toLowerCase() === beta.epochVault.toLowerCase())) await startNextEpoch(world, beta);
      return 'approve' as const;
    };
    const { batch } = await signAll({ vaultId: beta.id, action: 'deposit', amount: '10', wallets });
    const [approve, deposit] = signedItems(batch);
    expect(approve!.state).toBe('confirmed');
    expect(deposit!.state).toBe('failed');
    expect(deposit!.receipt?.status).toBe('reverted');
    expect(deposit!.error).toMatchObject({ code: 'TX_REVERTED', message: 'The vault is paused.', details: { revert: 'Pausable: paused' } });
    // Retried, it would get a fresh nonce, but the vault has moved on since the plan: it is held
    // (with the allowance its approval left), and never reaches the device.
    const reviews = shown.length;
    await world.signing.retry(batch.id, deposit!.id);
    const retried = (await world.signing.openBatch(batch.id)).items.find((i) => i.id === deposit!.id)!;
    expect(retried).toMatchObject({ state: 'held', signed: null, reason: expect.stringMatching(/^The vault moved from between epochs \(epoch \d+ done\) to epoch \d+ running since this plan: re-plan\. The approval before it was mined: an allowance of 10 /) });
    expect(retried.history.some((h) => h.note?.startsWith('retry asked by the operator (previous 0x'))).toBe(true);
    expect(shown).toHaveLength(reviews);
  });

  it('asks for the blind-signing acknowledgement before journaling contract calls', async () => {
    const delta = vault('delta');
    const plan = await world.signing.plan({ vaultId: delta.id, wallets: world.wallets.slice(0, 2), action: 'withdraw' });
    expect(plan.needsBlindSigningAck).toBe(true);
    expect(plan.warnings).toEqual([]);
    // A cap below the chain's fees is applied and said.
    const capped = await world.signing.plan({
      vaultId: delta.id,
      wallets: world.wallets.slice(0, 1),
      action: 'withdraw',
      maxFeeGwei: '0.000000001',
    });
    expect(capped.warnings[0]).toMatch(/capped at 0.000000001 gwei/);
    expect(capped.items[0]!.tx!.maxFeePerGas).toBe('1');
    await expect(world.signing.createBatch(plan)).rejects.toMatchObject({ code: 'SIGNING_BLIND_ACK_REQUIRED' });
    // Over IPC the plan is named by its id; one plan makes one batch (its nonces are used once).
    const batch = await world.signing.createBatch(plan.id, { acknowledgeBlindSigning: true });
    expect(batch.items.map((i) => i.tx?.nonce)).toEqual(plan.items.map((i) => i.tx?.nonce));
    expect(batch.blindSigningAcknowledgedAt).not.toBeNull();
    await expect(world.signing.createBatch(plan, { acknowledgeBlindSigning: true })).rejects.toMatchObject({ code: 'SIGNING_PLAN_USED' });
    expect((await world.signing.listBatches()).some((b) => b.id === batch.id && b.status === 'ready')).toBe(true);
  });
});
