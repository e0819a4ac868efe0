import type { Address } from 'viem';
import { epochQueueAbi, epochVaultAbi, strategyAbi } from '../../../shared/abi';
import type { ChainClient } from './client';
import type { VaultDeployment } from './deploy';

export type CycleState = 'WAITING' | 'RUNNING' | 'DEFAULTED';

/** The vault's cycle facts as the chain reports them. */
export interface VaultChainState {
  state: CycleState;
  isEpochRunning: boolean;
  defaulted: boolean;
  epochNumber: bigint;
  epochEndDate: bigint;
  bufferPeriod: bigint;
  instantWithdrawDeadline: bigint;
  allowInstantWithdraw: boolean;
  expectedEpochInterest: bigint;
  pendingWithdraws: bigint;
  pendingInstantWithdraws: bigint;
  pendingWithdrawFees: bigint;
  unscaledApr: bigint;
}

export function cycleState(defaulted: boolean, isEpochRunning: boolean): CycleState {
  return defaulted ? 'DEFAULTED' : isEpochRunning ? 'RUNNING' : 'WAITING';
}

export async function readVaultState(client: ChainClient, vault: VaultDeployment): Promise<VaultChainState> {
  const v = { address: vault.epochVault, abi: epochVaultAbi } as const;
  const s = { address: vault.strategy, abi: strategyAbi } as const;
  const read = client.publicClient;
  const [
    isEpochRunning,
    defaulted,
    epochEndDate,
    bufferPeriod,
    instantWithdrawDeadline,
    allowInstantWithdraw,
    expectedEpochInterest,
    pendingWithdrawFees,
    epochNumber,
    pendingWithdraws,
    pendingInstantWithdraws,
    unscaledApr,
  ] = await Promise.all([
    read.readContract({ ...v, functionName: 'isEpochRunning' }),
    read.readContract({ ...v, functionName: 'defaulted' }),
    read.readContract({ ...v, functionName: 'epochEndDate' }),
    read.readContract({ ...v, functionName: 'bufferPeriod' }),
    read.readContract({ ...v, functionName: 'instantWithdrawDeadline' }),
    read.readContract({ ...v, functionName: 'allowInstantWithdraw' }),
    read.readContract({ ...v, functionName: 'expectedEpochInterest' }),
    read.readContract({ ...v, functionName: 'pendingWithdrawFees' }),
    read.readContract({ ...s, functionName: 'epochNumber' }),
    read.readContract({ ...s, functionName: 'pendingWithdraws' }),
    read.readContract({ ...s, functionName: 'pendingInstantWithdraws' }),
    read.readContract({ ...s, functionName: 'unscaledApr' }),
  ]);
  return {
    state: cycleState(defaulted, isEpochRunning),
    isEpochRunning,
    defaulted,
    epochNumber,
    epochEndDate,
    bufferPeriod,
    instantWithdrawDeadline,
    allowInstantWithdraw,
    expectedEpochInterest,
    pendingWithdraws,
    pendingInstantWithdraws,
    pendingWithdrawFees,
    unscaledApr,
  };
}

/** Per request epoch key of the queue: whether it is processed and what is left to collect. */
export interface QueueEpochState {
  e: bigint;
  depositsProcessed: boolean;
  withdrawalsProcessed: boolean;
  pendingClaims: bigint;
  isInstant: boolean;
}

export async function readQueueEpochs(client: ChainClient, queue: Address, upTo: bigint): Promise<QueueEpochState[]> {
  const q = { address: queue, abi: epochQueueAbi } as const;
  const keys = Array.from({ length: Number(upTo) }, (_, i) => BigInt(i + 1));
  return Promise.all(
    keys.map(async (e) => {
      const [price, withdrawPrice, pendingClaims, isInstant] = await Promise.all([
        client.publicClient.readContract({ ...q, functionName: 'epochPrice', args: [e] }),
        client.publicClient.readContract({ ...q, functionName: 'epochWithdrawPrice', args: [e] }),
        client.publicClient.readContract({ ...q, functionName: 'epochPendingClaims', args: [e] }),
        client.publicClient.readContract({ ...q, functionName: 'isEpochInstant', args: [e] }),
      ]);
      return {
        e,
        depositsProcessed: price !== 0n,
        withdrawalsProcessed: withdrawPrice !== 0n,
        pendingClaims,
        isInstant,
      };
    }),
  );
}
