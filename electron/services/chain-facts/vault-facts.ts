import { multicall3Abi, type Abi } from 'viem';
import { epochQueueAbi, epochVaultAbi, erc20Abi, MULTICALL3_ADDRESS, strategyAbi } from '../../../shared/abi';
import { abiFor, generationCalls } from '../../../shared/abi/generations';
import { detectEpochVault, detectQueue, detectStrategy, PROBES, probeAbi, type ContractGenerations, type ProbeName } from '../../../shared/abi/generations/detect';
import { cycleState } from '../../../shared/domain/cycle';
import { generationRules } from '../../../shared/domain/generation-rules';
import { entryWindows } from '../../../shared/registry/generations';
import type { PortfolioVault, RequestRow } from '../../../shared/portfolio/schemas';
import type { QueueEpochFacts, VaultFacts, WalletFacts } from '../../../shared/signing/rules';
import type { ChainMoment } from './moment';
import { ABSENT, readRound, type FactCall } from './round';

/**
 * A vault's facts at one moment of its chain, for a plan and for the check before the device (the
 * same reads, at a newer block): the vault's cycle, its contracts' generations (which decide which
 * calls exist and which rules hold), its queue epochs, and every selected wallet's balances (gas
 * too, through Multicall3), allowances, KYC flag, redeem receipts and queue holdings. Multicall
 * rounds at the moment's block: the vault and the generation probes, then what the generations
 * call for with the wallets (and, for a rate-at-stop redeem whose epoch stopped, that epoch's rate).
 * The portfolio's figures may be minutes old; a plan's must not be.
 */

type Addr = `0x${string}`;

const abi = (a: readonly unknown[]) => a as Abi;

export interface ChainFacts {
  vault: VaultFacts;
  /** The generation each of the vault's contracts answered as. */
  generations: ContractGenerations;
  wallets: Map<string, Omit<WalletFacts, 'unsignedAgreements'>>;
  blockTimestamp: number;
  /** The block the figures are from (the snapshot of an exported bundle names it; its base fee only when asked). */
  block: { number: bigint; timestamp: number; baseFeePerGas: bigint | null };
}

/** The contracts the reads need: the portfolio's vault, or a plan's (the check before the device). */
type FactsVault = Pick<PortfolioVault, 'epochVault' | 'queue' | 'strategy'> & {
  withdrawQueue?: string | null;
  tranche: { address: string };
  underlying: { address: string };
};

const probes = (address: Addr, names: readonly ProbeName[]): FactCall[] =>
  names.map((functionName) => ({ address, abi: abi(probeAbi), functionName, probe: true }));
const answers = (values: readonly unknown[], names: readonly ProbeName[]) =>
  Object.fromEntries(names.map((n, i) => [n, values[i] !== ABSENT])) as Partial<Record<ProbeName, boolean>>;

export async function readChainFacts(
  moment: ChainMoment,
  vault: FactsVault,
  wallets: readonly Addr[],
  requests: readonly Pick<RequestRow, 'epochNumber'>[],
  /** `baseFee`: the block's base fee too (a plan's snapshot names it; the check before the device does not need it). */
  options: { baseFee?: boolean } = {},
): Promise<ChainFacts> {
  const ev = vault.epochVault as Addr;
  const queue = vault.queue as Addr | null;
  const withdrawQueue = (vault.withdrawQueue === undefined ? vault.queue : vault.withdrawQueue) as Addr | null;
  const strategy = vault.strategy as Addr;
  const tranche = vault.tranche.address as Addr;
  const underlying = vault.underlying.address as Addr;
  const epochs = [...new Set(requests.map((r) => r.epochNumber).filter((e): e is number => e !== null && e > 0))];

  // Round 1: the cycle, and which generation each contract is.
  const block = { number: BigInt(moment.block.number), timestamp: moment.block.timestamp };
  const cycleCalls: FactCall[] = [
    { address: ev, abi: abi(epochVaultAbi), functionName: 'isEpochRunning' },
    { address: ev, abi: abi(epochVaultAbi), functionName: 'defaulted' },
    { address: ev, abi: abi(epochVaultAbi), functionName: 'paused' },
    { address: ev, abi: abi(epochVaultAbi), functionName: 'epochEndDate' },
    { address: ev, abi: abi(epochVaultAbi), functionName: 'allowInstantWithdraw' },
    { address: strategy, abi: abi(strategyAbi), functionName: 'epochNumber' },
    { address: ev, abi: abi(epochVaultAbi), functionName: 'disableInstantWithdraw' },
    { address: ev, abi: abi(epochVaultAbi), functionName: 'lastEpochApr' },
    { address: ev, abi: abi(epochVaultAbi), functionName: 'instantWithdrawAprDelta' },
    { address: strategy, abi: abi(strategyAbi), functionName: 'getApr' },
    ...probes(ev, PROBES.epochVault),
    ...probes(strategy, PROBES.strategy),
    ...(queue ? probes(queue, PROBES.queue) : []),
    ...(withdrawQueue ? probes(withdrawQueue, PROBES.queue) : []),
  ];
  const [c, baseFeePerGas] = await Promise.all([
    readRound(moment, cycleCalls),
    options.baseFee ? moment.client.getBlock({ blockNumber: block.number }).then((b) => b.baseFeePerGas ?? null) : null,
  ]);
  let at = 10;
  const take = (names: readonly ProbeName[]) => {
    const slice = c.slice(at, at + names.length);
    at += names.length;
    return { answered: answers(slice, names), values: Object.fromEntries(names.map((n, i) => [n, slice[i]])) as Partial<Record<ProbeName, unknown>> };
  };
  const evProbes = take(PROBES.epochVault);
  const stProbes = take(PROBES.strategy);
  const qProbes = queue ? take(PROBES.queue) : null;
  const wqProbes = withdrawQueue ? take(PROBES.queue) : null;
  const generations: ContractGenerations = {
    epochVault: detectEpochVault(evProbes.answered).generation,
    queue: qProbes ? detectQueue(qProbes.answered).generation : null,
    withdrawQueue: wqProbes ? detectQueue(wqProbes.answered).generation : null,
    strategy: detectStrategy(stProbes.answered).generation,
  };
  const epochEndDate = Number(c[3] as bigint);
  const epochNumber = Number(c[5] as bigint);
  const queueAbi = generations.queue ? abi(abiFor(generations.queue, epochQueueAbi)) : null;
  const withdrawAbi =
    generations.withdrawQueue && generationCalls(generations.withdrawQueue, epochQueueAbi, 'userWithdrawalsEpochs')
      ? abi(abiFor(generations.withdrawQueue, epochQueueAbi))
      : null;
  const prefunds = generations.queue !== null && generationCalls(generations.queue, epochQueueAbi, 'epochPrefundedDeposits');
  const apr0 = generationCalls(generations.strategy, strategyAbi, 'apr0Users');

  // Round 2: the queue epochs the requests name (and the next one, for a prefunded queue).
  const epochCalls: FactCall[] = [];
  const perEpoch = (queueAbi ? 1 : 0) + (prefunds ? 1 : 0) + (withdrawAbi ? 2 : 0);
  const prefundEpochs = prefunds ? [...new Set([...epochs, epochNumber + 1])] : epochs;
  for (const e of prefundEpochs) {
    if (queueAbi) epochCalls.push({ address: queue!, abi: queueAbi, functionName: 'epochPrice', args: [BigInt(e)] });
    if (prefunds) epochCalls.push({ address: queue!, abi: queueAbi!, functionName: 'epochPrefundedDeposits', args: [BigInt(e)] });
    if (withdrawAbi) {
      epochCalls.push(
        { address: withdrawQueue!, abi: withdrawAbi, functionName: 'epochWithdrawPrice', args: [BigInt(e)] },
        { address: withdrawQueue!, abi: withdrawAbi, functionName: 'epochPendingClaims', args: [BigInt(e)] },
      );
    }
  }

  // Round 2 (in one round with the epochs): every wallet's figures, each read only where its contract has it.
  const walletCalls: FactCall[] = [];
  const perWallet = 10 + (apr0 ? 1 : 0) + epochs.length * ((queueAbi ? 1 : 0) + (withdrawAbi ? 1 : 0));
  for (const w of wallets) {
    walletCalls.push(
      { address: ev, abi: abi(epochVaultAbi), functionName: 'isWalletAllowed', args: [w] },
      { address: underlying, abi: abi(erc20Abi), functionName: 'balanceOf', args: [w] },
      { address: tranche, abi: abi(erc20Abi), functionName: 'balanceOf', args: [w] },
      { address: underlying, abi: abi(erc20Abi), functionName: 'allowance', args: [w, ev] },
      { address: underlying, abi: abi(erc20Abi), functionName: 'allowance', args: [w, queue ?? ev] },
      { address: tranche, abi: abi(erc20Abi), functionName: 'allowance', args: [w, withdrawQueue ?? ev] },
      { address: strategy, abi: abi(strategyAbi), functionName: 'withdrawsRequests', args: [w] },
      { address: strategy, abi: abi(strategyAbi), functionName: 'instantWithdrawsRequests', args: [w] },
      { address: strategy, abi: abi(strategyAbi), functionName: 'lastWithdrawRequest', args: [w] },
      { address: ev, abi: abi(epochVaultAbi), functionName: 'maxWithdrawable', args: [w, tranche] },
    );
    if (apr0) walletCalls.push({ address: strategy, abi: abi(strategyAbi), functionName: 'apr0Users', args: [w] });
    for (const e of epochs) {
      if (queueAbi) walletCalls.push({ address: queue!, abi: queueAbi, functionName: 'userDepositsEpochs', args: [w, BigInt(e)] });
      if (withdrawAbi) walletCalls.push({ address: withdrawQueue!, abi: withdrawAbi, functionName: 'userWithdrawalsEpochs', args: [w, BigInt(e)] });
    }
  }
  const gasCalls: FactCall[] = wallets.map((w) => ({ address: MULTICALL3_ADDRESS, abi: abi(multicall3Abi), functionName: 'getEthBalance', args: [w] }));
  const round = await readRound(moment, [...epochCalls, ...walletCalls, ...gasCalls]);
  const v = round.slice(0, epochCalls.length);
  const ws = round.slice(epochCalls.length, epochCalls.length + walletCalls.length);
  const gas = round.slice(epochCalls.length + walletCalls.length) as bigint[];

  const epochFacts = new Map<number, QueueEpochFacts>();
  prefundEpochs.forEach((e, i) => {
    let k = i * perEpoch;
    const price = queueAbi ? (v[k++] as bigint) : 0n;
    const prefunded = prefunds ? (v[k++] as bigint) : 0n;
    const withdrawPrice = withdrawAbi ? (v[k++] as bigint) : 0n;
    const pendingClaims = withdrawAbi ? (v[k] as bigint) : 0n;
    epochFacts.set(e, { price, withdrawPrice, pendingClaims, prefunded });
  });
  const state = cycleState({
    isEpochRunning: c[0] as boolean,
    defaulted: c[1] as boolean,
    epochEndDate,
    now: Number(block.timestamp),
  });
  const windows = entryWindows(generations, evProbes.values, queue, qProbes?.values ?? null);
  const prefunded =
    windows.prefundedWindow !== null
      ? {
          window: windows.prefundedWindow,
          epochEndDate,
          now: Number(block.timestamp),
          nextEpochPrefunded: (epochFacts.get(epochNumber + 1)?.prefunded ?? 0n) > 0n,
        }
      : null;
  const rules = generationRules(generations);
  const vaultFacts: VaultFacts = {
    state,
    paused: c[2] as boolean,
    hasQueue: queue !== null,
    hasWithdrawQueue: rules.queueTakesWithdrawals,
    rules,
    depositDuringEpoch: windows.depositDuringEpoch,
    prefunded,
    closed: epochEndDate === 0,
    allowInstantWithdraw: c[4] as boolean,
    epochNumber,
    epochs: epochFacts,
    instantRule: {
      disabled: c[6] as boolean,
      lastEpochApr: c[7] as bigint,
      // V1 strategies have no unscaledApr: their scaled rate taken back to the cycle's.
      unscaledApr: stProbes.answered.unscaledApr ? (stProbes.values.unscaledApr as bigint) : (c[9] as bigint),
      aprDelta: c[8] as bigint,
    },
  };

  // Round 3, only for rate-at-stop redeems whose epoch has stopped: that epoch's interest rate.
  const apr0Of = (i: number) => (apr0 ? (ws[i * perWallet + 10] as readonly [bigint, bigint, bigint, bigint]) : null);
  const rateEpochs = [
    ...new Set(
      wallets
        .map((_, i) => apr0Of(i))
        .filter((a): a is readonly [bigint, bigint, bigint, bigint] => a !== null && a[0] > 0n && Number(a[1]) < epochNumber)
        .map((a) => Number(a[1])),
    ),
  ];
  const rateValues = await readRound(
    moment,
    rateEpochs.map((e) => ({ address: strategy, abi: abi(strategyAbi), functionName: 'apr0RateByEpoch', args: [BigInt(e)] })),
  );
  const rates = new Map(rateEpochs.map((e, i) => [e, rateValues[i] as bigint]));

  const walletFacts = new Map<string, Omit<WalletFacts, 'unsignedAgreements'>>();
  wallets.forEach((w, i) => {
    const r = ws.slice(i * perWallet, (i + 1) * perWallet);
    let k = 10;
    const a = apr0 ? (r[k++] as readonly [bigint, bigint, bigint, bigint]) : null;
    const held = new Map<number, { deposit: bigint; withdraw: bigint }>();
    for (const e of epochs) {
      const deposit = queueAbi ? (r[k++] as bigint) : 0n;
      const withdraw = withdrawAbi ? (r[k++] as bigint) : 0n;
      held.set(e, { deposit, withdraw });
    }
    walletFacts.set(w.toLowerCase(), {
      allowed: r[0] as boolean,
      gasBalance: gas[i]!,
      underlyingBalance: r[1] as bigint,
      trancheBalance: r[2] as bigint,
      allowance: {
        underlyingToVault: r[3] as bigint,
        underlyingToQueue: queue ? (r[4] as bigint) : 0n,
        trancheToQueue: withdrawQueue ? (r[5] as bigint) : 0n,
      },
      maxWithdrawable: r[9] as bigint,
      redeem: {
        standard: r[6] as bigint,
        instant: r[7] as bigint,
        lastRequestEpoch: Number(r[8] as bigint),
        ...(a
          ? { apr0: { principal: a[0], principalEpoch: Number(a[1]), settledPrincipal: a[2], settledInterest: a[3], rate: rates.get(Number(a[1])) ?? 0n } }
          : {}),
      },
      queue: held,
    });
  });
  return {
    vault: vaultFacts,
    generations,
    wallets: walletFacts,
    blockTimestamp: Number(block.timestamp),
    block: { number: block.number, timestamp: Number(block.timestamp), baseFeePerGas },
  };
}
