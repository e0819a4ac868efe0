import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseUnits, type Abi, type Address } from 'viem';
import { createCycleDriver, lenderActions, readVaultState, type CycleDriver, type VaultDeployment } from '../../../electron/demo/chain';
import {
  queue2026Abi,
  queueWithdrawAbi,
  simQueueAbi,
  simStrategyAbi,
  simVaultAbi,
  strategy2026Abi,
  strategyUnscaledAbi,
  vault2026Abi,
  writeOffAbi,
} from '../../../electron/demo/chain/simAbi';
import { revertOf, startChainFixture, type ChainFixture } from './helpers';

// The rules that differ between the generations the demo runs, each on the vault that has it:
// alpha (V4 vault, V1 queue), beta (2026 vault and queue, apr0 strategy, deposits during the
// epoch), gamma (V3 vault with the write-off escrow), delta (V1 vault, deposit-only V2 queue and a
// separate V1 withdraw queue), epsilon (prefunded 2026 vault and queue).

const DAY = 86_400n;
const queueAbi: Abi = [...simQueueAbi, ...queueWithdrawAbi, ...queue2026Abi];

const fixtures: ChainFixture[] = [];
beforeAll(async () => {
  fixtures.push(await startChainFixture(0, 5), await startChainFixture(1, 5));
});
afterAll(async () => {
  await Promise.all(fixtures.map((f) => f.stop()));
});

function on(key: string) {
  const fx = fixtures.find((f) => f.deployment.vaults.some((v) => v.key === key))!;
  const vault = fx.deployment.vaults.find((v) => v.key === key)!;
  const [alice, bob] = fx.wallets.filter((w) => w.allowed).map((w) => w.address) as [Address, Address];
  const driver: CycleDriver = createCycleDriver(fx.client, fx.deployment);
  return {
    fx,
    vault,
    alice,
    bob,
    a: lenderActions(fx.client, vault, alice),
    b: lenderActions(fx.client, vault, bob),
    cycle: driver.vault(key),
    revert: (account: Address, address: Address, abi: Abi, functionName: string, args: readonly unknown[] = []) =>
      revertOf(fx.client, { account, address, abi, functionName, args }),
  };
}

const units = (vault: VaultDeployment, x: number): bigint => parseUnits(String(x), vault.token.decimals);

beforeEach(async () => {
  for (const f of fixtures) await f.reset();
});

describe('standard redeems (all generations)', () => {
  it('alpha: a standard redeem is claimed while the next epoch runs', async () => {
    const { fx, vault, a, b, cycle, alice, revert } = on('alpha');
    await a.depositAA(units(vault, 1000));
    await b.depositAA(units(vault, 1000));
    await cycle.runEpoch();
    await a.redeem(0n);
    await cycle.startEpoch();
    expect(await revert(alice, vault.epochVault, simVaultAbi, 'claimWithdrawRequest')).toBe('NotAllowed');
    await cycle.fundInstantWithdrawals();
    await cycle.stopEpoch();
    await cycle.startEpoch();
    expect((await cycle.read()).state).toBe('RUNNING');
    const owed = await fx.client.publicClient.readContract({ address: vault.strategy, abi: simStrategyAbi, functionName: 'withdrawsRequests', args: [alice] });
    const before = await a.underlyingBalance();
    await a.claimRedeem();
    expect((await a.underlyingBalance()) - before).toBe(owed);
  });
});

describe('apr0 (2026 strategy, rate set at the stop)', () => {
  it('beta: a redeem at a zero rate is kept in apr0Users and claimed after the stop with its share of the interest', async () => {
    const { fx, vault, a, b, cycle, alice, revert } = on('beta');
    const read = fx.client.publicClient;
    await a.depositAA(units(vault, 1000));
    await b.depositAA(units(vault, 1000));
    await cycle.runEpoch();
    expect(await read.readContract({ address: vault.strategy, abi: strategyUnscaledAbi, functionName: 'unscaledApr' })).toBe(0n);
    const lp = await a.trancheBalance();
    await a.redeem(lp);
    const [principal, principalEpoch] = await read.readContract({ address: vault.strategy, abi: strategy2026Abi, functionName: 'apr0Users', args: [alice] });
    expect(principal).toBeGreaterThan(0n);
    expect(principalEpoch).toBe(1n);
    expect(await read.readContract({ address: vault.strategy, abi: simStrategyAbi, functionName: 'withdrawsRequests', args: [alice] })).toBe(0n);
    expect(await read.readContract({ address: vault.strategy, abi: strategy2026Abi, functionName: 'apr0TotalPrincipal' })).toBe(principal);

    await cycle.startEpoch();
    expect(await revert(alice, vault.epochVault, simVaultAbi, 'claimWithdrawRequest')).toBe('NotAllowed');
    await cycle.stopEpoch(); // stopEpoch(0, interest): the spec's 8 % on vault value + apr0 principal
    const rate = await read.readContract({ address: vault.strategy, abi: strategy2026Abi, functionName: 'apr0RateByEpoch', args: [1n] });
    expect(rate).toBeGreaterThan(0n);
    const before = await a.underlyingBalance();
    await a.claimRedeem();
    const paid = (await a.underlyingBalance()) - before;
    expect(paid).toBe(principal + (principal * rate) / 10n ** 18n);
    // About one epoch plus buffer at 8 %, net of the 10 % fee.
    expect(Number(paid - principal) / Number(principal)).toBeCloseTo(0.08 * (31 / 365) * 0.9, 4);
    const [left] = await read.readContract({ address: vault.strategy, abi: strategy2026Abi, functionName: 'apr0Users', args: [alice] });
    expect(left).toBe(0n);
  });

  it('beta: deposits during the epoch are on; with no rate known before the stop they are priced at the current price', async () => {
    const { fx, vault, a, b, cycle } = on('beta');
    await a.depositAA(units(vault, 1000));
    await cycle.startEpoch();
    await fx.client.increaseTime(10n * DAY);
    await b.depositDuringEpoch(units(vault, 1000));
    // An apr0 vault expects no interest: no discount for the holders' interest to protect.
    expect(await b.trancheBalance()).toBe(parseUnits('1000', 18));
    const state = await readVaultState(fx.client, vault);
    expect(state.contractValue).toBe(units(vault, 2000));
    // The deposit went straight to the borrower.
    expect(await fx.client.publicClient.readContract({ address: vault.token.address, abi: simStrategyAbi, functionName: 'balanceOf', args: [vault.epochVault] })).toBe(0n);
  });
});

describe('prefunded queue (epsilon)', () => {
  it('refuses deposits inside the window, forwards the queue to the borrower, refuses cancels once prefunded, and the stop prices them', async () => {
    const { fx, vault, a, b, cycle, alice, bob, revert } = on('epsilon');
    const queue = vault.depositQueue!;
    await a.depositAA(units(vault, 1000));
    await cycle.startEpoch();
    await b.queueDeposit(units(vault, 300));
    const { epochEndDate } = await cycle.read();
    // Five days before the end the window is reached.
    await fx.client.advanceTo(epochEndDate - 5n * DAY);
    expect(await revert(alice, queue, queueAbi, 'requestDeposit', [1n])).toBe('NotAllowed');
    // The direct stop is refused when a queue is set.
    expect(await revert(vault.manager, vault.epochVault, simVaultAbi, 'stopEpoch', [0n, 0n])).toBe('NotAllowed');
    await fx.client.write({ from: vault.manager, to: queue, abi: queue2026Abi, functionName: 'processDepositsToBorrower' });
    expect(await fx.client.publicClient.readContract({ address: queue, abi: queue2026Abi, functionName: 'epochPrefundedDeposits', args: [1n] })).toBe(units(vault, 300));
    expect(await revert(bob, queue, queueAbi, 'deleteRequest', [1n])).toBe('NotAllowed');
    await cycle.stopEpoch(); // stopEpochWithDuration: settles the prefunded deposits
    expect(await revert(vault.manager, queue, queueAbi, 'processDeposits')).toBe('NotAllowed');
    await b.claimDeposit(1n);
    expect(await b.trancheBalance()).toBeGreaterThan(parseUnits('290', 18));
  });

  it('refuses deposits during the epoch on the prefunded vault', async () => {
    const { vault, a, cycle, alice, revert } = on('epsilon');
    await a.depositAA(units(vault, 1000));
    await cycle.startEpoch();
    expect(await revert(alice, vault.epochVault, [...vault2026Abi, ...simVaultAbi], 'depositDuringEpoch', [1n, vault.tranche])).toBe('NotAllowed');
  });
});

describe('deposit cancels while running', () => {
  it('alpha (queue V1) refuses them, beta (queue 2026, not prefunded) allows them', async () => {
    for (const [key, expected] of [
      ['alpha', 'NotAllowed'],
      ['beta', 'no revert'],
    ] as const) {
      const { vault, a, b, cycle, bob, revert } = on(key);
      await a.depositAA(units(vault, 1000));
      await cycle.startEpoch();
      await b.queueDeposit(units(vault, 100));
      expect(await revert(bob, vault.depositQueue!, queueAbi, 'deleteRequest', [1n]), key).toBe(expected);
    }
  });
});

describe('deposit-only queue (delta)', () => {
  it('takes deposits but has no withdrawals: those go to the separate V1 queue', async () => {
    const { fx, vault, a, b, cycle, bob } = on('delta');
    expect(vault.depositQueue).not.toBe(vault.withdrawQueue);
    await a.depositAA(units(vault, 1000));
    await b.depositAA(units(vault, 1000));
    await cycle.startEpoch();
    await a.queueDeposit(units(vault, 100));
    // The V2 queue has no requestWithdraw: the call finds no function.
    await expect(
      fx.client.write({ from: bob, to: vault.depositQueue!, abi: queueWithdrawAbi, functionName: 'requestWithdraw', args: [1n] }),
    ).rejects.toThrow();
    await b.queueWithdraw(parseUnits('10', 18));
    expect(
      await fx.client.publicClient.readContract({ address: vault.withdrawQueue!, abi: queueWithdrawAbi, functionName: 'userWithdrawalsEpochs', args: [bob, 1n] }),
    ).toBe(parseUnits('10', 18));
  });
});

describe('write-off escrow (gamma)', () => {
  it('a lender escrows tranche tokens while the epoch runs and takes them back', async () => {
    const { fx, vault, a, cycle, alice, revert } = on('gamma');
    await a.depositAA(units(vault, 1000));
    expect(await revert(alice, vault.writeOff!, writeOffAbi, 'createWriteOffRequest', [1n, 1n])).toBe('EpochNotRunning');
    await cycle.startEpoch();
    const lp = (await a.trancheBalance()) / 4n;
    await a.requestWriteOff(lp, units(vault, 240));
    expect(await fx.client.publicClient.readContract({ address: vault.writeOff!, abi: writeOffAbi, functionName: 'userRequests', args: [alice] })).toEqual([
      lp,
      units(vault, 240),
    ]);
    await a.deleteWriteOff();
    expect(await fx.client.publicClient.readContract({ address: vault.writeOff!, abi: writeOffAbi, functionName: 'userRequests', args: [alice] })).toEqual([0n, 0n]);
    expect(await revert(alice, vault.writeOff!, writeOffAbi, 'deleteWriteOffRequest')).toBe('Is0');
  });
});
