import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseAbi, parseUnits, type Address } from 'viem';
import {
  createCycleDriver,
  lenderActions,
  readVaultState,
  type CycleDriver,
  type LenderActions,
  type VaultDeployment,
} from '../../../electron/demo/chain';
import { legacyVaultAbi, queueWithdrawAbi, simQueueAbi, simStrategyAbi, simVaultAbi } from '../../../electron/demo/chain/simAbi';
import { revertOf, startChainFixture, writeRevert, type ChainFixture } from './helpers';

const usdc = (x: number | string): bigint => parseUnits(String(x), 6);

let fx: ChainFixture;
let vault: VaultDeployment; // alpha: V4 vault, V1 queue, V2 strategy; USDC, 10 % APR, 10 % fee, 30-day epochs, 1-day buffer, KYC
// Alpha's generations: the V4 vault and the queue V1 (deposits and withdrawals).
const epochVaultAbi = [...simVaultAbi, ...legacyVaultAbi];
const epochQueueAbi = [...simQueueAbi, ...queueWithdrawAbi];
const strategyAbi = simStrategyAbi;
let driver: CycleDriver;
let alice: Address;
let bob: Address;
let carol: Address;
let stranger: Address; // no keyring credential
let a: LenderActions;
let b: LenderActions;
let c: LenderActions;

beforeAll(async () => {
  fx = await startChainFixture(0, 5);
  vault = fx.deployment.vaults.find((v) => v.key === 'alpha')!;
  [alice, bob, carol] = fx.wallets.filter((w) => w.allowed).map((w) => w.address) as [Address, Address, Address];
  stranger = fx.wallets.find((w) => !w.allowed)!.address;
  a = lenderActions(fx.client, vault, alice);
  b = lenderActions(fx.client, vault, bob);
  c = lenderActions(fx.client, vault, carol);
});

afterAll(async () => {
  await fx?.stop();
});

beforeEach(async () => {
  await fx.reset();
  driver = createCycleDriver(fx.client, fx.deployment);
});

const readVault = <fn extends 'virtualPrice' | 'maxWithdrawable' | 'maxWithdrawableInstant'>(
  functionName: fn,
  args: readonly [Address] | readonly [Address, Address],
) =>
  fx.client.publicClient.readContract({
    address: vault.epochVault,
    abi: epochVaultAbi,
    functionName,
    args,
  } as never) as Promise<bigint>;
const price = () => readVault('virtualPrice', [vault.tranche]);
const readQueue = (functionName: 'userDepositsEpochs' | 'userWithdrawalsEpochs', user: Address, e: bigint) =>
  fx.client.publicClient.readContract({ address: vault.depositQueue!, abi: epochQueueAbi, functionName, args: [user, e] });
const isEpochInstant = (e: bigint) =>
  fx.client.publicClient.readContract({ address: vault.depositQueue!, abi: epochQueueAbi, functionName: 'isEpochInstant', args: [e] });
const readStrategy = (functionName: 'withdrawsRequests' | 'instantWithdrawsRequests' | 'balanceOf', user: Address) =>
  fx.client.publicClient.readContract({ address: vault.strategy, abi: strategyAbi, functionName, args: [user] });
const interestAccruals = () =>
  fx.client.publicClient.getContractEvents({ address: vault.epochVault, abi: epochVaultAbi, eventName: 'AccrueInterest', fromBlock: 0n });
const onVault = (account: Address, functionName: string, args: readonly unknown[] = []) =>
  revertOf(fx.client, { account, address: vault.epochVault, abi: epochVaultAbi, functionName, args });
const onQueue = (account: Address, functionName: string, args: readonly unknown[] = []) =>
  revertOf(fx.client, { account, address: vault.depositQueue!, abi: epochQueueAbi, functionName, args });

describe('WAITING: direct deposits', () => {
  it('depositAA mints tranche tokens at the starting price of 1e6 per 1e18, less the first mint\'s 1000 wei', async () => {
    expect(await price()).toBe(1_000_000n);
    const before = await a.underlyingBalance();
    await a.depositAA(usdc(1000));
    // The tranche's first mint leaves MIN_LIQUIDITY with address(1) for good.
    expect(await a.trancheBalance()).toBe(parseUnits('1000', 18) - 1000n);
    await b.depositAA(usdc(1000));
    expect(await b.trancheBalance()).toBe(parseUnits('1000', 18));
    expect(before - (await a.underlyingBalance())).toBe(usdc(1000));
    expect((await readVaultState(fx.client, vault)).state).toBe('WAITING');
  });

  it('a wallet without a credential gets NotAllowed', async () => {
    expect(await onVault(stranger, 'depositAA', [usdc(10)])).toBe('NotAllowed');
    // The queue checks the running epoch first.
    expect(await onQueue(stranger, 'requestDeposit', [usdc(10)])).toBe('EpochNotRunning');
  });

  it('queue requests outside an epoch get EpochNotRunning', async () => {
    expect(await onQueue(alice, 'requestDeposit', [usdc(10)])).toBe('EpochNotRunning');
    expect(await onQueue(alice, 'requestWithdraw', [1n])).toBe('EpochNotRunning');
  });

  it('only the manager moves the cycle', async () => {
    expect(await onVault(alice, 'startEpoch')).toBe('NotAllowed');
    expect(await onVault(alice, 'stopEpoch', [0n, 0n])).toBe('NotAllowed');
    expect(await onQueue(alice, 'processDeposits')).toBe('NotAllowed');
    // The real vault has no EpochNotRunning: every cycle rule reverts NotAllowed.
    expect(await onVault(vault.manager, 'stopEpoch', [0n, 0n])).toBe('NotAllowed');
  });
});

describe('RUNNING: the queue', () => {
  beforeEach(async () => {
    await a.depositAA(usdc(1000));
    await b.depositAA(usdc(500));
    await driver.vault('alpha').startEpoch();
  });

  it('the vault pauses: direct deposits revert "Pausable: paused", redeems and early cycle calls NotAllowed', async () => {
    const state = await readVaultState(fx.client, vault);
    expect(state.state).toBe('RUNNING');
    expect(state.epochEndDate).toBe((await fx.client.now()) + 30n * 86400n);
    expect(await onVault(alice, 'depositAA', [usdc(1)])).toBe('Pausable: paused');
    expect(await onQueue(stranger, 'requestDeposit', [usdc(10)])).toBe('NotAllowed');
    expect(await onVault(alice, 'requestWithdraw', [0n, vault.tranche])).toBe('NotAllowed');
    expect(await onVault(vault.manager, 'startEpoch')).toBe('NotAllowed');
    expect(await onVault(vault.manager, 'stopEpoch', [0n, 0n])).toBe('NotAllowed');
    // The one place the 2024–2025 vaults raise EpochRunning.
    expect(await onVault(vault.manager, 'setInstantWithdrawParams', [0n, 0n, true])).toBe('EpochRunning');
  });

  it('requests are keyed by epochNumber + 1; the queue does not refuse zero amounts', async () => {
    await c.queueDeposit(usdc(200));
    expect(await readQueue('userDepositsEpochs', carol, 1n)).toBe(usdc(200));
    expect(await onQueue(carol, 'requestDeposit', [0n])).toBe('no revert');
    expect(await onQueue(carol, 'requestWithdraw', [0n])).toBe('no revert');
  });

  it('a pending deposit cannot be cancelled while running, but can once the epoch stops and until processed', async () => {
    await c.queueDeposit(usdc(200));
    // The V1 queue (November 2024) refuses deposit cancels while an epoch runs.
    expect(await onQueue(carol, 'deleteRequest', [1n])).toBe('NotAllowed');
    await driver.vault('alpha').stopEpoch();
    const before = await c.underlyingBalance();
    await c.deleteDeposit(1n);
    expect((await c.underlyingBalance()) - before).toBe(usdc(200));
    expect(await readQueue('userDepositsEpochs', carol, 1n)).toBe(0n);
    // Nothing left to cancel is no error.
    expect(await onQueue(carol, 'deleteRequest', [1n])).toBe('no revert');
  });

  it('a pending withdrawal can be cancelled while running (tranche tokens refunded)', async () => {
    const lp = await a.trancheBalance();
    await a.queueWithdraw(lp / 2n);
    expect(await a.trancheBalance()).toBe(lp / 2n);
    await a.deleteWithdraw(1n);
    expect(await a.trancheBalance()).toBe(lp);
    expect(await onQueue(alice, 'deleteWithdrawRequest', [1n])).toBe('no revert');
  });

  it('stop accrues the net interest; queued deposits are processed and claimed at the epoch price', async () => {
    await c.queueDeposit(usdc(300));
    expect(await onQueue(carol, 'claimDepositRequest', [1n])).toBe('NotAllowed');
    await driver.vault('alpha').stopEpoch();
    const stopLogs = await interestAccruals();
    expect(stopLogs).toHaveLength(1);
    // 1500 USDC lent at 10 % for 30 of 365 days, scaled up for the 1-day buffer, minus 10 % fee.
    const gain = Number(await price()) / 1e6 - 1;
    // (The price keeps the underlying's 6 decimals.)
    expect(gain).toBeCloseTo(0.1 * (31 / 365) * 0.9, 5);
    const state = await readVaultState(fx.client, vault);
    expect(state.state).toBe('WAITING');
    expect(state.epochNumber).toBe(1n);

    await driver.vault('alpha').processQueues();
    expect(await onQueue(carol, 'deleteRequest', [1n])).toBe('NotAllowed');
    const epochPrice = await fx.client.publicClient.readContract({
      address: vault.depositQueue!,
      abi: epochQueueAbi,
      functionName: 'epochPrice',
      args: [1n],
    });
    // Underlying over the tranche tokens minted: the vault's price, to the rounding of the mint.
    expect(Number(epochPrice - (await price()))).toBeLessThanOrEqual(1);
    await c.claimDeposit(1n);
    expect(await c.trancheBalance()).toBe((usdc(300) * 10n ** 18n) / epochPrice);
    expect(await onQueue(carol, 'claimDepositRequest', [1n])).toBe('no revert');
  });

  it('a queued withdrawal is standard when the APR holds: claimable after the next stop', async () => {
    const lp = await a.trancheBalance();
    await a.queueWithdraw(lp / 2n);
    await driver.vault('alpha').stopEpoch();
    await driver.vault('alpha').processQueues();
    expect(await isEpochInstant(1n)).toBe(false);
    expect(await onQueue(alice, 'claimWithdrawRequest', [1n])).toBe('NotAllowed');
    expect(await onQueue(alice, 'deleteWithdrawRequest', [1n])).toBe('NotAllowed');
    await driver.vault('alpha').runEpoch();
    const before = await a.underlyingBalance();
    await a.claimWithdraw(1n);
    const paid = (await a.underlyingBalance()) - before;
    // Half of 1000 USDC grown by two epochs of net interest.
    expect(Number(paid) / 1e6).toBeCloseTo(500 * (1 + 0.1 * (31 / 365) * 0.9) ** 2, 0);
  });

  it('a queued withdrawal is instant after an APR drop: claimable once instant funds arrive', async () => {
    const lp = await a.trancheBalance();
    await a.queueWithdraw(lp);
    await driver.vault('alpha').stopEpoch({ newAprPercent: 7 });
    await driver.vault('alpha').processQueues();
    expect(await isEpochInstant(1n)).toBe(true);
    await driver.vault('alpha').startEpoch();
    expect(await onQueue(alice, 'claimWithdrawRequest', [1n])).toBe('NotAllowed');
    await driver.vault('alpha').fundInstantWithdrawals();
    const before = await a.underlyingBalance();
    await a.claimWithdraw(1n);
    expect(Number((await a.underlyingBalance()) - before) / 1e6).toBeCloseTo(1000 * (1 + 0.1 * (31 / 365) * 0.9), 0);
  });
});

describe('REDEEM requests on the epoch vault', () => {
  beforeEach(async () => {
    await a.depositAA(usdc(1000));
    await b.depositAA(usdc(1000));
    await driver.vault('alpha').runEpoch();
  });

  it('standard redeem: burns tranche tokens, pays one more epoch of net interest once the next epoch completed, also while the one after runs', async () => {
    const promised = await readVault('maxWithdrawable', [alice, vault.tranche]);
    await a.redeem(0n);
    expect(await a.trancheBalance()).toBe(0n);
    expect(await readStrategy('withdrawsRequests', alice)).toBe(promised);
    expect(await readStrategy('balanceOf', alice)).toBe(promised);
    expect(await onVault(alice, 'claimWithdrawRequest')).toBe('NotAllowed');
    // Receipt tokens cannot move.
    expect(
      await revertOf(fx.client, {
        account: alice,
        address: vault.strategy,
        abi: strategyAbi,
        functionName: 'balanceOf',
        args: [alice],
      }),
    ).toBe('no revert');
    expect(
      await writeRevert(
        fx.client.write({
          from: alice,
          to: vault.strategy,
          abi: [...parseAbi(['function transfer(address to, uint256 value) returns (bool)']), ...strategyAbi],
          functionName: 'transfer',
          args: [bob, 1n],
        }),
      ),
    ).toBe('NotAllowed');
    const cycle = driver.vault('alpha');
    await cycle.startEpoch();
    expect(await onVault(alice, 'claimWithdrawRequest')).toBe('NotAllowed');
    await cycle.fundInstantWithdrawals();
    await cycle.stopEpoch();
    await cycle.startEpoch();
    expect((await cycle.read()).state).toBe('RUNNING');
    const before = await a.underlyingBalance();
    await a.claimRedeem();
    expect((await a.underlyingBalance()) - before).toBe(promised);
    expect(await readStrategy('balanceOf', alice)).toBe(0n);
  });

  it('instant redeem after an APR drop: claimable only once allowInstantWithdraw is true', async () => {
    await driver.vault('alpha').startEpoch();
    await driver.vault('alpha').stopEpoch({ newAprPercent: 5 });
    const value = await readVault('maxWithdrawableInstant', [bob, vault.tranche]);
    await b.redeem(0n);
    expect(await readStrategy('instantWithdrawsRequests', bob)).toBe(value);
    expect(await readStrategy('withdrawsRequests', bob)).toBe(0n);
    await driver.vault('alpha').startEpoch();
    expect(await onVault(bob, 'claimInstantWithdrawRequest')).toBe('NotAllowed');
    expect(await onVault(vault.manager, 'getInstantWithdrawFunds')).toBe('NotAllowed');
    await driver.vault('alpha').fundInstantWithdrawals();
    const before = await b.underlyingBalance();
    await b.claimInstantRedeem();
    expect((await b.underlyingBalance()) - before).toBe(value);
  });

  it('with instant withdrawals disabled, a redeem after an APR drop stays standard', async () => {
    await fx.client.write({
      from: vault.manager,
      to: vault.epochVault,
      abi: epochVaultAbi,
      functionName: 'setInstantWithdrawParams',
      args: [259200n, 10n ** 18n, true],
    });
    await driver.vault('alpha').startEpoch();
    await driver.vault('alpha').stopEpoch({ newAprPercent: 5 });
    await b.redeem(0n);
    expect(await readStrategy('instantWithdrawsRequests', bob)).toBe(0n);
    expect(await readStrategy('withdrawsRequests', bob)).toBeGreaterThan(0n);
  });
});

describe('closing', () => {
  it('stopEpoch with interest 1 pays the expected interest and closes the vault: no further epoch, redeems still work', async () => {
    await a.depositAA(usdc(1000));
    const cycle = driver.vault('alpha');
    await cycle.startEpoch();
    const expected = (await cycle.read()).expectedEpochInterest;
    await cycle.stopEpoch({ interest: 1n });
    const [accrued] = await interestAccruals();
    expect(accrued?.args.interest).toBe(expected);
    expect(await onVault(vault.manager, 'startEpoch')).toBe('NotAllowed');
    expect(await onVault(alice, 'requestWithdraw', [0n, vault.tranche])).toBe('no revert');
    // A closed vault (epochEndDate 0) pays standard redeems at once.
    const promised = await readVault('maxWithdrawable', [alice, vault.tranche]);
    await a.redeem(0n);
    const before = await a.underlyingBalance();
    await a.claimRedeem();
    expect((await a.underlyingBalance()) - before).toBe(promised);
  });
});

describe('DEFAULTED', () => {
  it('a borrower who cannot pay at stopEpoch puts the vault in default; funded claims stay claimable', async () => {
    await a.depositAA(usdc(1000));
    await b.depositAA(usdc(1000));
    await driver.vault('alpha').runEpoch({ newAprPercent: 5 });
    await b.redeem(0n); // instant: funded during the next epoch
    const cycle = driver.vault('alpha');
    await cycle.startEpoch();
    await cycle.fundInstantWithdrawals();
    await c.queueDeposit(usdc(100));
    cycle.planDefault();
    await cycle.stopEpoch();

    const state = await readVaultState(fx.client, vault);
    expect(state.state).toBe('DEFAULTED');
    const logs = await fx.client.publicClient.getContractEvents({
      address: vault.epochVault,
      abi: epochVaultAbi,
      eventName: 'BorrowerDefault',
      fromBlock: 0n,
    });
    expect(logs).toHaveLength(1);
    expect(await onVault(vault.manager, 'startEpoch')).toBe('NotAllowed');
    expect(await onVault(alice, 'depositAA', [usdc(1)])).toBe('Pausable: paused');
    // The default stops the epoch: the queue takes requests only while one runs.
    expect(await onQueue(alice, 'requestDeposit', [usdc(1)])).toBe('EpochNotRunning');
    // Bob's instant redeem was funded before the default.
    const before = await b.underlyingBalance();
    await b.claimInstantRedeem();
    expect((await b.underlyingBalance()) - before).toBeGreaterThan(usdc(999));
    // The failed stop accrued nothing: only the first epoch's interest was ever booked.
    const accruals = await interestAccruals();
    expect(accruals).toHaveLength(1);
    expect((await readVaultState(fx.client, vault)).epochNumber).toBe(1n);
  });
});
