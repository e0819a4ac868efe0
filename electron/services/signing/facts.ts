import type { Abi, PublicClient } from 'viem';
import { epochQueueAbi, epochVaultAbi, erc20Abi, MULTICALL3_ADDRESS, strategyAbi } from '../../../shared/abi';
import { abiFor, generationCalls } from '../../../shared/abi/generations';
import { detectEpochVault, detectQueue, detectStrategy, PROBES, probeAbi, type ContractGenerations, type ProbeName } from '../../../shared/abi/generations/detect';
import { cycleState } from '../../../shared/domain/cycle';
import { generationRules } from '../../../shared/domain/generation-rules';
import { entryWindows } from '../../../shared/registry/generations';
import { AppError } from '../../../shared/errors';
import type { PortfolioVault, RequestRow } from '../../../shared/portfolio/schemas';
import type { QueueEpochFacts, VaultFacts, WalletFacts } from '../../../shared/signing/rules';

/**
 * Fresh chain reads for a plan and for the check before the device, through one reader: the
 * vault's cycle, its contracts' generations (which decide which calls exist and which rules hold),
 * its queue epochs, and every selected wallet's balances, allowances, KYC flag, redeem receipts and
 * queue holdings. Multicall rounds: the vault and the generation probes, then what the
 * generations call for with the wallets (and, for a rate-at-stop redeem whose epoch stopped, that
 * epoch's rate). The portfolio's figures may be minutes old; a plan must not be.
 */

type Addr = `0x${string}`;

interface Call {
  address: Addr;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
  /** A generation probe: a refusal is an answer (the function is absent), not a failed read. */
  probe?: boolean;
}

const ABSENT = Symbol('absent');

async function readAll(client: PublicClient, calls: readonly Call[]): Promise<unknown[]> {
  if (calls.length === 0) return [];
  const noMulticall = async () => {
    const code = await client.getCode({ address: MULTICALL3_ADDRESS }).catch(() => '0x');
    return !code || code === '0x';
  };
  const results = await client.multicall({
    contracts: calls.map((c) => ({ address: c.address, abi: c.abi, functionName: c.functionName, args: c.args ?? [] })),
    allowFailure: true,
  });
  if (results.length > 0 && results.every((r) => r.status !== 'success') && (await noMulticall())) {
    throw new AppError({
      code: 'SIGNING_READ_FAILED',
      message: `The chain has no Multicall3 contract at ${MULTICALL3_ADDRESS}, where every public network has one: the console reads the chain through it.`,
      action: 'Deploy Multicall3 on this chain (a fresh local node has none), or check that the RPC address is for the chain it says.',
    });
  }
  return results.map((r, i) => {
    if (r.status === 'success') return r.result;
    if (calls[i]!.probe) return ABSENT;
    throw new AppError({
      code: 'SIGNING_READ_FAILED',
      message: `The chain did not answer ${calls[i]!.functionName} on ${calls[i]!.address}.`,
      action: 'Check the RPC address of this chain and plan again.',
    });
  });
}

const abi = (a: readonly unknown[]) => a as Abi;

export interface ChainFacts {
  vault: VaultFacts;
  /** The generation each of the vault's contracts answered as. */
  generations: ContractGenerations;
  wallets: Map<string, Omit<WalletFacts, 'unsignedAgreements'>>;
  blockTimestamp: number;
  /** The block the figures are from (the snapshot of an exported bundle names it). */
  block: { number: bigint; timestamp: number; baseFeePerGas: bigint | null };
}

/** The contracts the reads need: the portfolio's vault, or a plan's (the check before the device). */
type FactsVault = Pick<PortfolioVault, 'epochVault' | 'queue' | 'strategy'> & {
  withdrawQueue?: string | null;
  tranche: { address: string };
  underlying: { address: string };
};

const probes = (address: Addr, names: readonly ProbeName[]): Call[] =>
  names.map((functionName) => ({ address, abi: abi(probeAbi), functionName, probe: true }));
const answers = (values: readonly unknown[], names: readonly ProbeName[]) =>
  Object.fromEntries(names.map((n, i) => [n, values[i] !== ABSENT])) as Partial<Record<ProbeName, boolean>>;

export async function readChainFacts(
  client: PublicClient,
  vault: FactsVault,
  wallets: readonly Addr[],
  requests: readonly Pick<RequestRow, 'epochNumber'>[],
): Promise<ChainFacts> {
  const ev = vault.epochVault as Addr;
  const queue = vault.queue as Addr | null;
  const withdrawQueue = (vault.withdrawQueue === undefined ? vault.queue : vault.withdrawQueue) as Addr | null;
  const strategy = vault.strategy as Addr;
  const tranche = vault.tranche.address as Addr;
  const underlying = vault.underlying.address as Addr;
  const epochs = [...new Set(requests.map((r) => r.epochNumber).filter((e): e is number => e !== null && e > 0))];

  // Round 1: the cycle, and which generation each contract is.
  const block = await client.getBlock({ blockTag: 'latest' });
  const cycleCalls: Call[] = [
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
  const c = await readAll(client, cycleCalls);
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
  const epochCalls: Call[] = [];
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

  // Round 3 (with round 2): every wallet's figures, each read only where its contract has it.
  const walletCalls: Call[] = [];
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
  const [v, ws, gas] = await Promise.all([
    readAll(client, epochCalls),
    readAll(client, walletCalls),
    Promise.all(wallets.map((w) => client.getBalance({ address: w }))),
  ]);

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

  // Round 4, only for rate-at-stop redeems whose epoch has stopped: that epoch's interest rate.
  const apr0Of = (i: number) => (apr0 ? (ws[i * perWallet + 10] as readonly [bigint, bigint, bigint, bigint]) : null);
  const rateEpochs = [
    ...new Set(
      wallets
        .map((_, i) => apr0Of(i))
        .filter((a): a is readonly [bigint, bigint, bigint, bigint] => a !== null && a[0] > 0n && Number(a[1]) < epochNumber)
        .map((a) => Number(a[1])),
    ),
  ];
  const rateValues = await readAll(
    client,
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
    block: { number: block.number, timestamp: Number(block.timestamp), baseFeePerGas: block.baseFeePerGas ?? null },
  };
}
