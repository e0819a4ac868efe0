import type { Abi } from 'viem';
import { epochVaultAbi, erc20Abi, strategyAbi } from '../../../shared/abi';
import { PROBES, probeAbi, type ProbeAnswers, type ProbeName } from '../../../shared/abi/generations/detect';
import { detectVaultGenerations, entryWindows } from '../../../shared/registry/generations';
import { unscaledRate } from '../../../shared/domain/rates';
import type { VaultGenerations } from '../../../shared/registry/schemas';
import type { EpochVaultEntry } from './vault-entries';
import type { Read } from './multicall';

/** What the chain says about one epoch vault. Unknown values (a failed call) stay null. */
export interface VaultChainState {
  strategy: `0x${string}` | null;
  /** The generation each contract answered as (null until every probe answered). */
  generations: VaultGenerations | null;
  epochNumber: number | null;
  isEpochRunning: boolean | null;
  defaulted: boolean | null;
  paused: boolean | null;
  epochEndDate: number | null;
  epochDuration: number | null;
  bufferPeriod: number | null;
  virtualPrice: bigint | null;
  /** The underlying token's own `decimals()`: amounts are parsed and shown with it, not the service's figure. */
  underlyingDecimals: number | null;
  /** The underlying token's own `symbol()`: shown instead of the service's token record. */
  underlyingSymbol: string | null;
  allowInstantWithdraw: boolean | null;
  disableInstantWithdraw: boolean | null;
  instantWithdrawDelay: number | null;
  instantWithdrawDeadline: number | null;
  /** 1e18 = 1 %. */
  instantWithdrawAprDelta: bigint | null;
  /** Last epoch's rate, unscaled (1e18 = 1 %). */
  lastEpochApr: bigint | null;
  /** The strategy's `getApr()`: the rate scaled up to cover the buffer, (D + B) / D; never shown as it is. */
  scaledApr: bigint | null;
  /** The strategy's `unscaledApr()`; null on strategies without it (V1). */
  unscaledApr: bigint | null;
  /** The rate a lender earns this cycle, unscaled (1e18 = 1 %): see `unscaledRate`. */
  apr: bigint | null;
  totalSupply: bigint | null;
  contractValue: bigint | null;
  /** Whether the vault takes direct deposits while its epoch runs (2026, switched on by its manager). */
  depositDuringEpoch: boolean | null;
  /** The prefunding deposit window of a prefunded vault's queue (seconds before the epoch end), or null. */
  prefundedWindow: number | null;
  queue: { depositCurrent: bigint; depositLast: bigint; withdrawCurrent: bigint; withdrawLast: bigint; prefundedCurrent: bigint } | null;
  /** Per request epoch: the queue's prices and pending claims, to tell what is claimable. */
  epochs: Map<number, { price: bigint | null; withdrawPrice: bigint | null; pendingClaims: bigint | null; prefunded: bigint | null }>;
  /**
   * Per open queue request (`heldKey`): what the queue still holds for it, `userDepositsEpochs` or
   * `userWithdrawalsEpochs` at its epoch (null: not read). Tells a withdrawal's tranche amount when
   * the record leaves `lpAmount` out, and a request claimed or cancelled since the service's snapshot.
   */
  held: Map<string, bigint | null>;
  /** Per lowercase wallet with an open standard redeem: the strategy's `lastWithdrawRequest` (null: not read). */
  lastWithdrawRequest: Map<string, bigint | null>;
}

/** The key of one queue request in `VaultChainState.held`. */
export const heldKey = (wallet: string, type: string, epoch: number) => `${wallet.toLowerCase()}:${type}:${epoch}`;

const num = (v: unknown) => Number(v as bigint);
const abiOf = (abi: readonly unknown[]) => abi as Abi;

export function emptyVaultState(strategy: `0x${string}` | null): VaultChainState {
  return {
    strategy,
    generations: null,
    epochNumber: null,
    isEpochRunning: null,
    defaulted: null,
    paused: null,
    epochEndDate: null,
    epochDuration: null,
    bufferPeriod: null,
    virtualPrice: null,
    underlyingDecimals: null,
    underlyingSymbol: null,
    allowInstantWithdraw: null,
    disableInstantWithdraw: null,
    instantWithdrawDelay: null,
    instantWithdrawDeadline: null,
    instantWithdrawAprDelta: null,
    lastEpochApr: null,
    scaledApr: null,
    unscaledApr: null,
    apr: null,
    totalSupply: null,
    contractValue: null,
    depositDuringEpoch: null,
    prefundedWindow: null,
    queue: null,
    epochs: new Map(),
    held: new Map(),
    lastWithdrawRequest: new Map(),
  };
}

/** The probes of one contract as reads: each answer says the function is there, each refusal that it is not. */
function probeReads(address: `0x${string}`, names: readonly ProbeName[], answers: ProbeAnswers, values: Partial<Record<ProbeName, unknown>>): Read[] {
  return names.map((functionName) => ({
    address,
    abi: abiOf(probeAbi),
    functionName,
    into: (v) => {
      answers[functionName] = true;
      values[functionName] = v;
    },
    absent: () => (answers[functionName] = false),
  }));
}

/** Probes of a vault's contracts, filled by the round, and what they decide once it is read. */
interface VaultProbes {
  reads: Read[];
  /** Detects the generations and fills what depends on them (rates, direct deposits, prefunding). */
  settle(): void;
}

/**
 * The vault's cycle state, the probes that tell its contracts' generations, and the figures the
 * generation decides the meaning of: one list of reads for the vault round.
 */
export function vaultReads(e: EpochVaultEntry, s: VaultChainState): VaultProbes {
  const ev = (functionName: string, into: (v: unknown) => void, args?: readonly unknown[]): Read => ({
    address: e.epochVault,
    abi: abiOf(epochVaultAbi),
    functionName,
    ...(args ? { args } : {}),
    into,
  });
  const reads: Read[] = [
    ev('isEpochRunning', (v) => (s.isEpochRunning = v as boolean)),
    ev('defaulted', (v) => (s.defaulted = v as boolean)),
    ev('paused', (v) => (s.paused = v as boolean)),
    ev('epochEndDate', (v) => (s.epochEndDate = num(v))),
    ev('epochDuration', (v) => (s.epochDuration = num(v))),
    ev('bufferPeriod', (v) => (s.bufferPeriod = num(v))),
    ev('virtualPrice', (v) => (s.virtualPrice = v as bigint), [e.tranche]),
    ev('allowInstantWithdraw', (v) => (s.allowInstantWithdraw = v as boolean)),
    ev('disableInstantWithdraw', (v) => (s.disableInstantWithdraw = v as boolean)),
    ev('instantWithdrawDelay', (v) => (s.instantWithdrawDelay = num(v))),
    ev('instantWithdrawDeadline', (v) => (s.instantWithdrawDeadline = num(v))),
    ev('instantWithdrawAprDelta', (v) => (s.instantWithdrawAprDelta = v as bigint)),
    ev('lastEpochApr', (v) => (s.lastEpochApr = v as bigint)),
    ev('getContractValue', (v) => (s.contractValue = v as bigint)),
    { address: e.tranche, abi: abiOf(erc20Abi), functionName: 'totalSupply', into: (v) => (s.totalSupply = v as bigint) },
    { address: e.underlying, abi: abiOf(erc20Abi), functionName: 'decimals', into: (v) => (s.underlyingDecimals = Number(v)) },
    // A token whose symbol() does not answer a string keeps the service's symbol.
    { address: e.underlying, abi: abiOf(erc20Abi), functionName: 'symbol', into: (v) => (s.underlyingSymbol = typeof v === 'string' && v.length > 0 ? v : null) },
  ];
  const vaultProbes: ProbeAnswers = {};
  const vaultValues: Partial<Record<ProbeName, unknown>> = {};
  reads.push(...probeReads(e.epochVault, PROBES.epochVault, vaultProbes, vaultValues));
  const strategyProbes: ProbeAnswers = {};
  const strategyValues: Partial<Record<ProbeName, unknown>> = {};
  if (s.strategy) {
    reads.push(
      { address: s.strategy, abi: abiOf(strategyAbi), functionName: 'epochNumber', into: (v) => (s.epochNumber = num(v)) },
      { address: s.strategy, abi: abiOf(strategyAbi), functionName: 'getApr', into: (v) => (s.scaledApr = v as bigint) },
      ...probeReads(s.strategy, PROBES.strategy, strategyProbes, strategyValues),
    );
  }
  const queueProbes: ProbeAnswers = {};
  const queueValues: Partial<Record<ProbeName, unknown>> = {};
  if (e.queue) reads.push(...probeReads(e.queue, PROBES.queue, queueProbes, queueValues));
  const separateWithdrawQueue = e.withdrawQueue && e.withdrawQueue.toLowerCase() !== e.queue?.toLowerCase() ? e.withdrawQueue : null;
  const withdrawProbes: ProbeAnswers = separateWithdrawQueue ? {} : queueProbes;
  if (separateWithdrawQueue) reads.push(...probeReads(separateWithdrawQueue, PROBES.queue, withdrawProbes, {}));

  const answered = (probes: ProbeAnswers, names: readonly ProbeName[]) => names.every((n) => probes[n] !== undefined);
  return {
    reads,
    settle() {
      if (!s.strategy || !answered(vaultProbes, PROBES.epochVault) || !answered(strategyProbes, PROBES.strategy)) return;
      if (e.queue && !answered(queueProbes, PROBES.queue)) return;
      if (e.withdrawQueue && !answered(withdrawProbes, PROBES.queue)) return;
      s.generations = detectVaultGenerations(
        { epochVault: vaultProbes, queue: e.queue ? queueProbes : null, withdrawQueue: e.withdrawQueue ? withdrawProbes : null, strategy: strategyProbes },
        e.abiCodes,
      );
      s.unscaledApr = strategyProbes.unscaledApr ? (strategyValues.unscaledApr as bigint) : null;
      s.apr = unscaledRate({ unscaledApr: s.unscaledApr, scaledApr: s.scaledApr, epochDuration: s.epochDuration, bufferPeriod: s.bufferPeriod });
      const windows = entryWindows(s.generations, vaultValues, e.queue, e.queue ? queueValues : null);
      s.depositDuringEpoch = windows.depositDuringEpoch;
      s.prefundedWindow = windows.prefundedWindow;
    },
  };
}
