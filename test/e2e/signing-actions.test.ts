import { describe, expect, it } from 'vitest';
import { formatUnits, parseUnits, type PublicClient } from 'viem';
import { lenderActions, type SeededVault } from '../../electron/demo/chain';
import { epochQueueAbi, epochVaultAbi, erc20Abi, strategyAbi } from '../../shared/abi';
import type { PortfolioVault } from '../../shared/portfolio/schemas';
import { screenshot } from './support/browser';
import { demoSigningWorldForFile } from './support/signing-world';
import { asHex, chainOf, expectEachNonceOnce, signingUi, type PlanCall } from './support/signing';

// Every action of the signing screen that the claims, deposits and recovery tests leave out, each
// for a batch of two lenders signed on the emulated Ledger and checked on chain: a deposit while
// the epoch runs (the queue), its cancel once the epoch has stopped (deleteRequest), a queue
// withdrawal and a redeem of a set amount, and the three claims that are not deposit claims
// (queue withdrawals by epoch, standard and instant redeems on the epoch vault). The seeded
// scenario ends with at most one lender per vault holding a cancellable deposit, a queue
// withdrawal, an instant or a standard redeem to claim, so the vaults are moved on with the
// simulation's own cycle driver (and, for the standard redeems, its lender helper), as the manager
// and other lenders would move them. A first test rejects a claim on the device, skips another and
// retries the first.
const world = demoSigningWorldForFile();
const s = signingUi(() => world.ui);

/** The portfolio's vault of a seeded story, and what drives it. */
function storyVault(seeded: SeededVault) {
  const network = world.sim.local.network.chains.find((c) => c.chain.chainId === seeded.chainId)!;
  const deployed = network.deployment.vaults.find((v) => v.key === seeded.key)!;
  const vault = world.before.vaults.find((v) => v.epochVault.toLowerCase() === deployed.epochVault.toLowerCase())!;
  const driver = world.sim.local.drivers.find((d) => d.chainId === seeded.chainId)!;
  return { vault, deployed, client: network.chain.client, cycle: driver.vault(seeded.key) };
}

// S: a vault between epochs whose next redeem is standard (its APR did not drop at the last stop).
// R: a running vault on the other chain, so that moving one vault's clock never moves the other's.
const waitingStory = () => world.sim.local.seeded.vaults.find((v) => v.expectedState === 'WAITING' && !v.story.aprDrop)!;
const runningStory = () => world.sim.local.seeded.vaults.find((v) => v.expectedState === 'RUNNING' && v.chainId !== waitingStory().chainId)!;

const read = (client: PublicClient) => ({
  balance: (token: string, wallet: string) => client.readContract({ address: asHex(token), abi: erc20Abi, functionName: 'balanceOf', args: [asHex(wallet)] }),
  // Deposits wait in the deposit queue, withdrawals in the withdraw queue (another contract on some vaults).
  queued: (vault: PortfolioVault, kind: 'userDepositsEpochs' | 'userWithdrawalsEpochs', wallet: string, e: bigint) =>
    client.readContract({ address: asHex(kind === 'userDepositsEpochs' ? vault.queue! : vault.withdrawQueue!), abi: epochQueueAbi, functionName: kind, args: [asHex(wallet), e] }),
  receipts: (vault: PortfolioVault, kind: 'withdrawsRequests' | 'instantWithdrawsRequests', wallet: string) =>
    client.readContract({ address: asHex(vault.strategy), abi: strategyAbi, functionName: kind, args: [asHex(wallet)] }),
});

const each = <T>(wallets: string[], fn: (w: string) => Promise<T>): Promise<T[]> => Promise.all(wallets.map(fn));
const calls = (plan: PlanCall[]) => plan.map((c) => `${c.contract}.${c.functionName}`);
/** How the review names a vault's queues: "the queue" when one contract serves both. */
const oneQueue = (v: PortfolioVault) => v.withdrawQueue?.toLowerCase() === v.queue?.toLowerCase();
const depositQueueName = (v: PortfolioVault) => `${v.name} ${oneQueue(v) ? 'queue' : 'deposit queue'}`;
const withdrawQueueName = (v: PortfolioVault) => `${v.name} ${oneQueue(v) ? 'queue' : 'withdraw queue'}`;

describe('a rejection, a skip and a retry on the signing screen', () => {
  it('retries a claim rejected on the device, skips another, and only the retried one lands', async () => {
    // A vault with two deposit claims of two lenders, neither touched by the tests below.
    const claimsOf = (v: PortfolioVault) => world.before.requests.filter((r) => r.vaultId === v.id && r.type === 'DEPOSIT' && r.phase === 'claimable' && r.action?.functionName === 'claimDepositRequest');
    const movedOn = new Set([storyVault(waitingStory()).vault.id, storyVault(runningStory()).vault.id]);
    const vault = world.before.vaults.find((v) => !movedOn.has(v.id) && claimsOf(v).length === 2)!;
    expect(vault).toBeDefined();
    const claims = claimsOf(vault);
    const chain = chainOf(world.sim, vault);
    const r = read(chain);

    await s.reviewRequests({ vault, type: 'DEPOSIT', status: 'CLAIMABLE', rows: 2, kind: 'claim' });
    const plan = await s.planCalls();
    expect(calls(plan)).toEqual([`${depositQueueName(vault)}.claimDepositRequest`, `${depositQueueName(vault)}.claimDepositRequest`]);
    expect(plan.map((c) => c.args.epoch).sort()).toEqual(claims.map((c) => String(c.epochNumber)).sort());
    await s.startSigning();
    const batchId = (await world.page.getByTestId('batch').getAttribute('data-batch-id'))!;
    const planned = await world.ui.c.runtime.handlers.signing.openBatch({ batchId }, s.ctx);
    const [first, second] = planned.items;
    const claimOf = (wallet: string) => claims.find((c) => c.wallet.toLowerCase() === wallet.toLowerCase())!;
    const heldBefore = await each([first!.wallet, second!.wallet], (w) => r.queued(vault, 'userDepositsEpochs', w, BigInt(claimOf(w).epochNumber!)));
    const noncesBefore = await each([first!.wallet, second!.wallet], (w) => chain.getTransactionCount({ address: asHex(w) }));
    const trancheBefore = await r.balance(vault.tranche.address, first!.wallet);

    // The first claim is rejected on the device: the batch pauses and says why.
    await s.nextReview();
    await s.panel().getByRole('button', { name: 'Reject' }).click();
    await expect.poll(s.batchStatus, { timeout: 30_000 }).toBe('paused');
    expect(await world.page.getByTestId('batch').textContent()).toMatch(/reject/i);
    const [firstRow, secondRow] = [s.batchItems().nth(0), s.batchItems().nth(1)];
    await expect.poll(s.itemStates).toEqual(['waiting', 'waiting']);
    // The rejected item can be retried or skipped; the one never tried can only be skipped.
    await expect.poll(() => firstRow.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    expect(await firstRow.getByRole('button', { name: 'Skip' }).isVisible()).toBe(true);
    expect(await secondRow.getByRole('button', { name: 'Skip' }).isVisible()).toBe(true);
    expect(await secondRow.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await screenshot(world.page, 'signing-actions-rejected');

    await secondRow.getByRole('button', { name: 'Skip' }).click();
    await expect.poll(() => secondRow.getAttribute('data-state')).toBe('skipped');
    expect(await secondRow.textContent()).toContain('Skipped by the operator.');
    expect(await s.batchStatus()).toBe('paused');
    // A skip can be undone (Retry) until the batch moves on; it is left skipped here.
    expect(await secondRow.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);

    // Retry puts the rejected claim on the device again, shown in clear from the demo's
    // test-certified descriptor: the intent, the epoch and the fees the review predicted, no hash.
    expect(plan.map((c) => c.hash)).toEqual([null, null]);
    await firstRow.getByRole('button', { name: 'Retry' }).click();
    expect(await s.expectDeviceShowsItsReview()).toBe('clear');
    expect(await s.panel().locator('.device-screen li').first().textContent()).toBe('Review transaction to Claim deposit');
    await s.panel().getByRole('button', { name: 'Approve' }).click();
    await expect.poll(s.batchStatus, { timeout: 60_000 }).toBe('done');
    await expect.poll(s.itemStates).toEqual(['confirmed', 'skipped']);
    await screenshot(world.page, 'signing-actions-retried-and-skipped');
    const done = await s.shownBatch();
    expectEachNonceOnce(done);
    // On the device twice, signed once; the skipped claim never reached it.
    expect(done.items[0]!.history.filter((h) => h.state === 'on-device')).toHaveLength(2);
    expect(done.items[1]!.history.some((h) => h.state === 'on-device')).toBe(false);
    await expect.poll(() => world.page.locator(`.batch-list li[data-batch-id="${batchId}"]`).textContent()).toContain('done · 1/2 confirmed');

    // On chain: the retried claim paid its tranche tokens with one transaction; the skipped
    // wallet sent nothing and its deposit still waits in the queue.
    const e1 = BigInt(claimOf(first!.wallet).epochNumber!);
    const price = await chain.readContract({ address: asHex(vault.queue!), abi: epochQueueAbi, functionName: 'epochPrice', args: [e1] });
    expect(await r.queued(vault, 'userDepositsEpochs', first!.wallet, e1)).toBe(0n);
    expect((await r.balance(vault.tranche.address, first!.wallet)) - trancheBefore).toBe((heldBefore[0]! * 10n ** 18n) / price);
    expect(await r.queued(vault, 'userDepositsEpochs', second!.wallet, BigInt(claimOf(second!.wallet).epochNumber!))).toBe(heldBefore[1]);
    const noncesAfter = await each([first!.wallet, second!.wallet], (w) => chain.getTransactionCount({ address: asHex(w) }));
    expect(noncesAfter.map((n, i) => n - noncesBefore[i]!)).toEqual([1, 0]);
  }, 240_000);
});

describe('each action for a batch of two lenders', () => {
  let R: ReturnType<typeof storyVault>;
  let S: ReturnType<typeof storyVault>;
  let wallets: string[];
  let e: bigint;
  const underlyingAtStart = new Map<string, bigint>();

  it('deposits while the epoch runs: the underlying approved to the queue, then queue.requestDeposit', async () => {
    R = storyVault(runningStory());
    S = storyVault(waitingStory());
    expect(R.vault.cycle?.state).toBe('RUNNING');
    expect(S.vault.cycle?.state).toBe('WAITING');
    // Two lenders allowed in both vaults, holding tranche tokens of both and no request in either,
    // so every figure below moves only with what this batch signs.
    wallets = world.sim.wallets
      .map((w) => w.address as string)
      .filter((w) =>
        [R.vault, S.vault].every((v) => {
          const p = world.before.positions.find((x) => x.vaultId === v.id && x.wallet === w);
          return p?.allowed && BigInt(p.trancheBalance ?? '0') > 0n && !world.before.requests.some((q) => q.vaultId === v.id && q.wallet === w);
        }),
      )
      .slice(0, 2);
    expect(wallets).toHaveLength(2);
    e = BigInt(R.vault.cycle!.requestEpoch);
    await s.useGroup('Two lenders', wallets);
    const r = read(R.client.publicClient);
    for (const w of wallets) underlyingAtStart.set(w, await r.balance(R.vault.underlying.address, w));

    // Deposits need the vault's lender agreements: signed first, as personal messages.
    await s.reviewOperation({ vault: R.vault, action: 'agreements', heading: 'lender agreements' });
    expect(await world.page.getByTestId('plan').locator('.plan-items > li').count()).toBe(2 * R.vault.lenderSignatureIds.length);
    await s.startSigning();
    await s.approveUntilDone();

    await s.reviewOperation({
      vault: R.vault,
      action: 'deposit',
      amount: '250',
      route: /The epoch is running: a deposit request in the queue \(requestDeposit\), approving USDC to the queue/,
      heading: 'deposits',
    });
    const plan = await s.planCalls();
    expect(calls(plan)).toEqual(wallets.flatMap(() => [`${R.vault.underlying.symbol} token.approve`, `${depositQueueName(R.vault)}.requestDeposit`]));
    for (const approve of plan.filter((c) => c.functionName === 'approve')) {
      expect(approve.address.toLowerCase()).toBe(R.vault.underlying.address.toLowerCase());
      expect(approve.spender).toMatch(new RegExp(`^Spender: the deposit queue of ${R.vault.name} ${R.vault.queue} \\(pinned on \\d{4}-\\d{2}-\\d{2}, checked on chain at block \\d+\\)$`));
      expect(approve.args).toEqual({ spender: `${depositQueueName(R.vault)} (${R.vault.queue})`, amount: `250 ${R.vault.underlying.symbol}` });
    }
    for (const request of plan.filter((c) => c.functionName === 'requestDeposit')) {
      expect(request.address.toLowerCase()).toBe(R.vault.queue!.toLowerCase());
      expect(request.args).toEqual({ amount: `250 ${R.vault.underlying.symbol}` });
    }
    await screenshot(world.page, 'signing-actions-queue-deposit-plan');
    await s.startSigning();
    await s.approveUntilDone();
    await expect.poll(s.itemStates).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed']);
    expectEachNonceOnce(await s.shownBatch());

    // In the queue for the running epoch's key, paid from the wallet's underlying.
    for (const w of wallets) {
      expect(await r.queued(R.vault, 'userDepositsEpochs', w, e)).toBe(250_000_000n);
      expect(underlyingAtStart.get(w)! - (await r.balance(R.vault.underlying.address, w))).toBe(250_000_000n);
    }
  }, 240_000);

  it('withdraws a set amount through the queue while the epoch runs', async () => {
    const r = read(R.client.publicClient);
    const trancheBefore = await each(wallets, (w) => r.balance(R.vault.tranche.address, w));
    await s.reviewOperation({ vault: R.vault, action: 'withdraw', amount: '100', route: /The epoch is running: a withdraw request in the queue/, heading: 'withdrawals' });
    const plan = await s.planCalls();
    const tranche = R.vault.tranche.symbol;
    expect(calls(plan)).toEqual(wallets.flatMap(() => [`${tranche} tranche token.approve`, `${withdrawQueueName(R.vault)}.requestWithdraw`]));
    for (const c of plan) {
      if (c.functionName === 'approve') expect(c.args).toEqual({ spender: `${withdrawQueueName(R.vault)} (${R.vault.withdrawQueue})`, amount: `100 ${tranche}` });
      else expect(c.args).toEqual({ trancheAmount: `100 ${tranche}` });
    }
    await s.startSigning();
    await s.approveUntilDone();
    await expect.poll(s.itemStates).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed']);
    expectEachNonceOnce(await s.shownBatch());

    // Exactly 100 tranche tokens each moved into the queue, the rest stays with the lender.
    const hundred = parseUnits('100', R.vault.tranche.decimals);
    for (const [i, w] of wallets.entries()) {
      expect(trancheBefore[i]! - (await r.balance(R.vault.tranche.address, w))).toBe(hundred);
      expect(await r.queued(R.vault, 'userWithdrawalsEpochs', w, e)).toBe(hundred);
    }
  }, 240_000);

  it('cancels the pending deposits once the epoch has stopped: queue.deleteRequest(e) refunds them', async () => {
    // The manager stops the epoch with a lower APR (so the buffer's withdrawals and redeems are
    // instant) and has not processed the queue yet: pending deposits can be cancelled now, and
    // only now in this contract version.
    const state = await R.cycle.read();
    await R.cycle.stopEpoch({ newAprPercent: Number(formatUnits(state.unscaledApr, 18)) - 3 });
    await world.sim.local.indexer.refresh();
    expect((await R.cycle.read()).state).toBe('WAITING');

    await s.reviewRequests({ vault: R.vault, type: 'DEPOSIT', status: 'PENDING', rows: 2, kind: 'cancel' });
    const plan = await s.planCalls();
    expect(calls(plan)).toEqual([`${depositQueueName(R.vault)}.deleteRequest`, `${depositQueueName(R.vault)}.deleteRequest`]);
    expect(plan.map((c) => c.args)).toEqual([{ epoch: String(e) }, { epoch: String(e) }]);
    expect(plan.every((c) => c.title === `Cancel the deposit of epoch ${e} (250 ${R.vault.underlying.symbol})`)).toBe(true);
    await screenshot(world.page, 'signing-actions-cancel-plan');
    await s.startSigning();
    await s.approveUntilDone();
    await expect.poll(s.itemStates).toEqual(['confirmed', 'confirmed']);
    expectEachNonceOnce(await s.shownBatch());

    // Refunded: nothing left in the queue, the underlying back where it was before the deposit.
    const r = read(R.client.publicClient);
    for (const w of wallets) {
      expect(await r.queued(R.vault, 'userDepositsEpochs', w, e)).toBe(0n);
      expect(await r.balance(R.vault.underlying.address, w)).toBe(underlyingAtStart.get(w));
    }
  }, 240_000);

  it('redeems a set amount between epochs on the epoch vault, with no approval', async () => {
    // The manager processes the queue: the withdrawals of the stopped epoch become instant redeems.
    await R.cycle.processQueues();
    await world.sim.local.indexer.refresh();
    // The Requests screen shows them processed (and refreshes the figures the form routes by).
    await s.showRequests({ vault: R.vault, type: 'WITHDRAW', status: 'PROCESSED', rows: 2 });

    const r = read(R.client.publicClient);
    const trancheBefore = await each(wallets, (w) => r.balance(R.vault.tranche.address, w));
    const receiptsBefore = await each(wallets, (w) => r.balance(R.vault.strategy, w));
    const price = await R.client.publicClient.readContract({
      address: asHex(R.vault.epochVault),
      abi: epochVaultAbi,
      functionName: 'virtualPrice',
      args: [asHex(R.vault.tranche.address)],
    });
    await s.reviewOperation({ vault: R.vault, action: 'withdraw', amount: '50', route: /Between epochs: a redeem request on the epoch vault \(no approval needed\)/, heading: 'redeems' });
    const plan = await s.planCalls();
    const tranche = R.vault.tranche.symbol;
    expect(calls(plan)).toEqual(wallets.map(() => `${R.vault.name} epoch vault.requestWithdraw`));
    for (const c of plan) {
      expect(c.address.toLowerCase()).toBe(R.vault.epochVault.toLowerCase());
      expect(c.args).toEqual({ trancheAmount: `50 ${tranche}`, tranche: `${tranche} tranche token (${R.vault.tranche.address})` });
    }
    await screenshot(world.page, 'signing-actions-redeem-plan');
    await s.startSigning();
    await s.approveUntilDone();
    await expect.poll(s.itemStates).toEqual(['confirmed', 'confirmed']);
    expectEachNonceOnce(await s.shownBatch());

    // 50 tranche tokens burnt each; an instant receipt for their value at the vault's price.
    const fifty = parseUnits('50', R.vault.tranche.decimals);
    const value = (fifty * price) / 10n ** 18n;
    for (const [i, w] of wallets.entries()) {
      expect(trancheBefore[i]! - (await r.balance(R.vault.tranche.address, w))).toBe(fifty);
      expect(await r.receipts(R.vault, 'instantWithdrawsRequests', w)).toBe(value);
      expect(await r.receipts(R.vault, 'withdrawsRequests', w)).toBe(0n);
      expect((await r.balance(R.vault.strategy, w)) - receiptsBefore[i]!).toBe(value);
    }
  }, 240_000);

  it('claims the queue withdrawals through queue.claimWithdrawRequest(e)', async () => {
    // The next epoch starts and the borrower funds the instant withdrawals.
    await R.cycle.startEpoch();
    await R.cycle.fundInstantWithdrawals();
    await world.sim.local.indexer.refresh();

    const r = read(R.client.publicClient);
    const held = await each(wallets, (w) => r.queued(R.vault, 'userWithdrawalsEpochs', w, e));
    const underlyingBefore = await each(wallets, (w) => r.balance(R.vault.underlying.address, w));
    const price = await R.client.publicClient.readContract({ address: asHex(R.vault.withdrawQueue!), abi: epochQueueAbi, functionName: 'epochWithdrawPrice', args: [e] });
    await s.reviewRequests({ vault: R.vault, type: 'WITHDRAW', status: 'INSTANT_CLAIMABLE', rows: 2, kind: 'claim' });
    const plan = await s.planCalls();
    expect(calls(plan)).toEqual([`${withdrawQueueName(R.vault)}.claimWithdrawRequest`, `${withdrawQueueName(R.vault)}.claimWithdrawRequest`]);
    expect(plan.map((c) => c.args.epoch)).toEqual([String(e), String(e)]);
    expect(plan.every((c) => c.address.toLowerCase() === R.vault.withdrawQueue!.toLowerCase())).toBe(true);
    await screenshot(world.page, 'signing-actions-queue-claim-plan');
    await s.startSigning();
    await s.approveUntilDone();
    await expect.poll(s.itemStates).toEqual(['confirmed', 'confirmed']);
    expectEachNonceOnce(await s.shownBatch());

    // Paid in underlying at the epoch's withdraw price; nothing left in the queue.
    for (const [i, w] of wallets.entries()) {
      expect(await r.queued(R.vault, 'userWithdrawalsEpochs', w, e)).toBe(0n);
      expect((await r.balance(R.vault.underlying.address, w)) - underlyingBefore[i]!).toBe((held[i]! * price) / 10n ** 18n);
    }
  }, 240_000);

  it('claims the instant redeems through epochVault.claimInstantWithdrawRequest()', async () => {
    const r = read(R.client.publicClient);
    const receipts = await each(wallets, (w) => r.receipts(R.vault, 'instantWithdrawsRequests', w));
    const underlyingBefore = await each(wallets, (w) => r.balance(R.vault.underlying.address, w));
    await s.reviewRequests({ vault: R.vault, type: 'REDEEM', status: 'INSTANT_CLAIMABLE', rows: 2, kind: 'claim' });
    const plan = await s.planCalls();
    expect(calls(plan)).toEqual([`${R.vault.name} epoch vault.claimInstantWithdrawRequest`, `${R.vault.name} epoch vault.claimInstantWithdrawRequest`]);
    expect(plan.every((c) => c.address.toLowerCase() === R.vault.epochVault.toLowerCase() && Object.keys(c.args).length === 0)).toBe(true);
    await s.startSigning();
    await s.approveUntilDone();
    await expect.poll(s.itemStates).toEqual(['confirmed', 'confirmed']);
    expectEachNonceOnce(await s.shownBatch());

    // The receipt tokens are burnt and paid one for one in underlying.
    for (const [i, w] of wallets.entries()) {
      expect(receipts[i]).toBeGreaterThan(0n);
      expect(await r.receipts(R.vault, 'instantWithdrawsRequests', w)).toBe(0n);
      expect(await r.balance(R.vault.strategy, w)).toBe(0n);
      expect((await r.balance(R.vault.underlying.address, w)) - underlyingBefore[i]!).toBe(receipts[i]);
    }
  }, 240_000);

  it('claims standard redeems through epochVault.claimWithdrawRequest(), once an epoch has completed', async () => {
    // The same lenders file standard redeems in S between epochs (with the simulation's lender
    // helper: the redeem screen is covered above), and the manager runs S's next epoch to its stop.
    // S's rate is set at the stop (a 2026 strategy): its redeems are kept in apr0Users and paid with
    // their share of the stop's interest, by the same claim.
    expect(S.vault.generations?.strategy).toBe('CDO_EPOCH_STRATEGY_2026');
    expect(S.vault.apr.setAtStop).toBe(true);
    const client = S.client.publicClient;
    const r = read(client);
    const apr0 = async (w: string) =>
      (await client.readContract({ address: asHex(S.vault.strategy), abi: strategyAbi, functionName: 'apr0Users', args: [asHex(w)] })) as readonly bigint[];
    for (const w of wallets) await lenderActions(S.client, S.deployed, asHex(w)).redeem(parseUnits('40', S.vault.tranche.decimals));
    const principals = await each(wallets, async (w) => (await apr0(w))[0]!);
    expect(principals.every((x) => x > 0n)).toBe(true);
    expect(await each(wallets, (w) => r.receipts(S.vault, 'withdrawsRequests', w))).toEqual([0n, 0n]);
    expect(await each(wallets, (w) => r.receipts(S.vault, 'instantWithdrawsRequests', w))).toEqual([0n, 0n]);
    const requestEpoch = (await apr0(wallets[0]!))[1]!;
    await S.cycle.startEpoch();
    await S.cycle.stopEpoch();
    await world.sim.local.indexer.refresh();
    const rate = (await client.readContract({ address: asHex(S.vault.strategy), abi: strategyAbi, functionName: 'apr0RateByEpoch', args: [requestEpoch] })) as bigint;
    expect(rate).toBeGreaterThan(0n);

    const underlyingBefore = await each(wallets, (w) => r.balance(S.vault.underlying.address, w));
    await s.reviewRequests({ vault: S.vault, type: 'REDEEM', status: 'CLAIMABLE', rows: 2, kind: 'claim' });
    const plan = await s.planCalls();
    // The epoch vault's claimWithdrawRequest, without an epoch: not the queue's function of that name.
    expect(calls(plan)).toEqual([`${S.vault.name} epoch vault.claimWithdrawRequest`, `${S.vault.name} epoch vault.claimWithdrawRequest`]);
    expect(plan.every((c) => c.address.toLowerCase() === S.vault.epochVault.toLowerCase() && Object.keys(c.args).length === 0)).toBe(true);
    await screenshot(world.page, 'signing-actions-standard-redeem-plan');
    await s.startSigning();
    await s.approveUntilDone();
    await expect.poll(s.itemStates).toEqual(['confirmed', 'confirmed']);
    expectEachNonceOnce(await s.shownBatch());
    await screenshot(world.page, 'signing-actions-standard-redeem-done');

    for (const [i, w] of wallets.entries()) {
      expect((await apr0(w))[0]).toBe(0n);
      expect(await r.balance(S.vault.strategy, w)).toBe(0n);
      // The principal and its interest at the rate the stop set.
      expect((await r.balance(S.vault.underlying.address, w)) - underlyingBefore[i]!).toBe(principals[i]! + (principals[i]! * rate) / 10n ** 18n);
    }
  }, 240_000);

  it('ran without page errors', () => {
    expect(world.ui.watched.errors).toEqual([]);
  });
});
