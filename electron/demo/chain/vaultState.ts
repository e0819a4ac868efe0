import type { ChainClient } from './client';
import type { VaultDeployment } from './deploy';
import { queueHasWithdrawals, strategyHasApr0, strategyHasUnscaledApr } from '../contracts/generations';
import { readViews } from './views';
import { queue2026Abi, queueWithdrawAbi, simQueueAbi, simStrategyAbi, simVaultAbi, strategy2026Abi, strategyUnscaledAbi } from './simAbi';

export type CycleState = 'WAITING' | 'RUNNING' | 'DEFAULTED';

/** The vault's cycle facts as the chain reports them. */
export interface VaultChainState {
  state: CycleState;
  isEpochRunning: boolean;
  defaulted: boolean;
  epochNumber: bigint;
  epochEndDate: bigint;
  epochDuration: bigint;
  bufferPeriod: bigint;
  instantWithdrawDeadline: bigint;
  allowInstantWithdraw: boolean;
  expectedEpochInterest: bigint;
  pendingWithdraws: bigint;
  pendingInstantWithdraws: bigint;
  pendingWithdrawFees: bigint;
  contractValue: bigint;
  /** The unscaled APR; on a V1 strategy (scaled rate only) derived from the scaled one. */
  unscaledApr: bigint;
  /** apr0 principal waiting for this epoch's stop (2026 strategy; 0 elsewhere). */
  apr0TotalPrincipal: bigint;
}

export function cycleState(defaulted: boolean, isEpochRunning: boolean): CycleState {
  return defaulted ? 'DEFAULTED' : isEpochRunning ? 'RUNNING' : 'WAITING';
}

/**
 * The rate lenders earn on a V1 strategy, which keeps only the scaled one: the scaled rate is
 * rate × (duration + buffer) / duration.
 */
export function unscaledFromScaled(scaledApr: bigint, epochDuration: bigint, bufferPeriod: bigint): bigint {
  return epochDuration === 0n ? scaledApr : (scaledApr * epochDuration) / (epochDuration + bufferPeriod);
}

export async function readVaultState(client: ChainClient, vault: VaultDeployment): Promise<VaultChainState> {
  const read = client.publicClient;
  const { strategy } = vault.generations;
  const [vaultViews, strategyViews, apr, apr0TotalPrincipal] = await Promise.all([
    readViews(client, { address: vault.epochVault, abi: simVaultAbi }, [
      'isEpochRunning',
      'defaulted',
      'epochEndDate',
      'epochDuration',
      'bufferPeriod',
      'instantWithdrawDeadline',
      'allowInstantWithdraw',
      'expectedEpochInterest',
      'pendingWithdrawFees',
      'getContractValue',
    ]),
    readViews(client, { address: vault.strategy, abi: simStrategyAbi }, ['epochNumber', 'pendingWithdraws', 'pendingInstantWithdraws']),
    strategyHasUnscaledApr(strategy)
      ? read.readContract({ address: vault.strategy, abi: strategyUnscaledAbi, functionName: 'unscaledApr' })
      : read.readContract({ address: vault.strategy, abi: simStrategyAbi, functionName: 'getApr' }),
    strategyHasApr0(strategy)
      ? read.readContract({ address: vault.strategy, abi: strategy2026Abi, functionName: 'apr0TotalPrincipal' })
      : Promise.resolve(0n),
  ]);
  const { getContractValue: contractValue, ...cycle } = vaultViews;
  const unscaledApr = strategyHasUnscaledApr(strategy) ? apr : unscaledFromScaled(apr, cycle.epochDuration, cycle.bufferPeriod);
  return {
    state: cycleState(cycle.defaulted, cycle.isEpochRunning),
    ...cycle,
    ...strategyViews,
    contractValue,
    unscaledApr,
    apr0TotalPrincipal,
  };
}

/** Per request epoch key of the queues: whether it is processed and what is left to collect. */
interface QueueEpochState {
  e: bigint;
  /** Null without a deposit queue. */
  depositsProcessed: boolean | null;
  /** Deposits of this epoch already forwarded to the borrower (prefunded queue). */
  prefundedDeposits: bigint;
  /** Null without a withdraw queue. */
  withdrawalsProcessed: boolean | null;
  pendingClaims: bigint;
  isInstant: boolean;
}

/** The queues' per-epoch state for request keys 1…`upTo`. */
export async function readQueueEpochs(client: ChainClient, vault: VaultDeployment, upTo: bigint): Promise<QueueEpochState[]> {
  const read = client.publicClient;
  const deposits = vault.depositQueue;
  const withdrawals = vault.withdrawQueue && vault.generations.withdrawQueue && queueHasWithdrawals(vault.generations.withdrawQueue) ? vault.withdrawQueue : null;
  const prefunding = vault.generations.depositQueue === 'CDO_EPOCH_QUEUE_2026';
  const keys = Array.from({ length: Number(upTo) }, (_, i) => BigInt(i + 1));
  return Promise.all(
    keys.map(async (e) => {
      const [price, prefundedDeposits, withdrawPrice, pendingClaims, isInstant] = await Promise.all([
        deposits ? read.readContract({ address: deposits, abi: simQueueAbi, functionName: 'epochPrice', args: [e] }) : null,
        deposits && prefunding ? read.readContract({ address: deposits, abi: queue2026Abi, functionName: 'epochPrefundedDeposits', args: [e] }) : 0n,
        withdrawals ? read.readContract({ address: withdrawals, abi: queueWithdrawAbi, functionName: 'epochWithdrawPrice', args: [e] }) : null,
        withdrawals ? read.readContract({ address: withdrawals, abi: queueWithdrawAbi, functionName: 'epochPendingClaims', args: [e] }) : 0n,
        withdrawals ? read.readContract({ address: withdrawals, abi: queueWithdrawAbi, functionName: 'isEpochInstant', args: [e] }) : false,
      ]);
      return {
        e,
        depositsProcessed: price === null ? null : price !== 0n,
        prefundedDeposits,
        withdrawalsProcessed: withdrawPrice === null ? null : withdrawPrice !== 0n,
        pendingClaims,
        isInstant,
      };
    }),
  );
}
