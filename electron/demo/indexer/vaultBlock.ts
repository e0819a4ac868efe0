import { erc20Abi, parseUnits, type Address } from 'viem';
import { queueHasWithdrawals, strategyHasUnscaledApr } from '../contracts/generations';
import { queue2026Abi, queueWithdrawAbi, simQueueAbi, simStrategyAbi, simVaultAbi, strategyUnscaledAbi } from '../chain/simAbi';
import type { AprBreakdown, EpochState, VaultBlock } from '../service/records';
import type { ChainClient } from '../chain';
import { readViews } from '../chain/views';
import { unscaledFromScaled } from '../chain/vaultState';
import type { WithId } from '../service/store';
import type { IndexedVault } from './local-catalog';
import { isoOf, objectIdOf, percentOf, usdOf } from './ids';
import type { ChainRequest } from './requests';

const YEAR_S = 365 * 86_400;

/** The vault's contract state at one block, as the chain answers it. */
export interface VaultSnapshot {
  blockNumber: bigint;
  timestamp: bigint;
  price: bigint;
  totalSupply: bigint;
  contractValue: bigint;
  isEpochRunning: boolean;
  defaulted: boolean;
  epochNumber: bigint;
  unscaledApr: bigint;
  scaledApr: bigint;
  lastEpochApr: bigint;
  epochEndDate: bigint;
  epochDuration: bigint;
  bufferPeriod: bigint;
  instantWithdrawDelay: bigint;
  instantWithdrawDeadline: bigint;
  instantWithdrawAprDelta: bigint;
  allowInstantWithdraw: boolean;
  disableInstantWithdraw: boolean;
  pendingWithdraws: bigint;
  pendingInstantWithdraws: bigint;
  pendingWithdrawFees: bigint;
  fee: bigint;
  /** Queue totals for the current key (`epochNumber + 1`) and the previous one. */
  queueDeposits: bigint;
  lastQueueDeposits: bigint;
  queueWithdrawals: bigint;
  lastQueueWithdrawals: bigint;
  lastQueueInstant: boolean;
}

export async function readVaultSnapshot(client: ChainClient, indexed: IndexedVault, blockNumber: bigint): Promise<VaultSnapshot> {
  const vault = indexed.deployment;
  const read = client.publicClient;
  const at = { blockNumber } as const;
  const v = { address: vault.epochVault, abi: simVaultAbi, ...at } as const;
  const s = { address: vault.strategy, abi: simStrategyAbi, ...at } as const;
  const [block, epochNumber] = await Promise.all([
    read.getBlock({ blockNumber }),
    read.readContract({ ...s, functionName: 'epochNumber' }),
  ]);
  const g = vault.generations;
  const deposits = vault.depositQueue;
  const withdrawals = vault.withdrawQueue && g.withdrawQueue && queueHasWithdrawals(g.withdrawQueue) ? vault.withdrawQueue : null;
  const queued = (e: bigint): Promise<bigint> => (deposits ? queuedDeposits(client, deposits, g.depositQueue === 'CDO_EPOCH_QUEUE_2026', e, blockNumber) : Promise.resolve(0n));
  const w = (functionName: 'epochPendingWithdrawals', e: bigint) =>
    withdrawals ? read.readContract({ address: withdrawals, abi: queueWithdrawAbi, functionName, args: [e], ...at }) : Promise.resolve(0n);
  // Every figure read at the same block, all at once.
  const { vaultViews, strategyViews, rate, ...queues } = await allOf({
    price: read.readContract({ ...v, functionName: 'virtualPrice', args: [vault.tranche] }),
    totalSupply: read.readContract({ address: vault.tranche, abi: erc20Abi, functionName: 'totalSupply', ...at }),
    vaultViews: readViews(client, v, [
      'getContractValue',
      'isEpochRunning',
      'defaulted',
      'lastEpochApr',
      'epochEndDate',
      'epochDuration',
      'bufferPeriod',
      'instantWithdrawDelay',
      'instantWithdrawDeadline',
      'instantWithdrawAprDelta',
      'allowInstantWithdraw',
      'disableInstantWithdraw',
      'pendingWithdrawFees',
      'fee',
    ]),
    strategyViews: readViews(client, s, ['getApr', 'pendingWithdraws', 'pendingInstantWithdraws']),
    rate: strategyHasUnscaledApr(g.strategy) ? read.readContract({ address: vault.strategy, abi: strategyUnscaledAbi, functionName: 'unscaledApr', ...at }) : Promise.resolve(null),
    queueDeposits: queued(epochNumber + 1n),
    lastQueueDeposits: queued(epochNumber),
    queueWithdrawals: w('epochPendingWithdrawals', epochNumber + 1n),
    lastQueueWithdrawals: w('epochPendingWithdrawals', epochNumber),
    lastQueueInstant: withdrawals ? read.readContract({ address: withdrawals, abi: queueWithdrawAbi, functionName: 'isEpochInstant', args: [epochNumber], ...at }) : Promise.resolve(false),
  });
  const { getContractValue: contractValue, ...cycle } = vaultViews;
  const { getApr: scaledApr, ...withdraws } = strategyViews;
  // An apr0 vault's rate is only set at each stop: the service shows the rate it is paid.
  const unscaledApr = vault.spec.rateAtStop
    ? parseUnits(String(vault.spec.aprPercent), 18)
    : (rate ?? unscaledFromScaled(scaledApr, cycle.epochDuration, cycle.bufferPeriod));
  return { blockNumber, timestamp: block.timestamp, epochNumber, unscaledApr, scaledApr, contractValue, ...cycle, ...withdraws, ...queues };
}

/** Deposits queued for an epoch: still in the queue, or already forwarded to the borrower. */
async function queuedDeposits(client: ChainClient, queue: Address, prefunding: boolean, e: bigint, blockNumber: bigint): Promise<bigint> {
  const read = client.publicClient;
  const [held, forwarded] = await Promise.all([
    read.readContract({ address: queue, abi: simQueueAbi, functionName: 'epochPendingDeposits', args: [e], blockNumber }),
    prefunding ? read.readContract({ address: queue, abi: queue2026Abi, functionName: 'epochPrefundedDeposits', args: [e], blockNumber }) : 0n,
  ]);
  return held + forwarded;
}

/** Awaits every promise of a record, keeping its keys. */
async function allOf<T extends Record<string, Promise<unknown>>>(pending: T): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const entries = await Promise.all(Object.entries(pending).map(async ([key, value]) => [key, await value] as const));
  return Object.fromEntries(entries) as { [K in keyof T]: Awaited<T[K]> };
}

export const statusOf = (s: Pick<VaultSnapshot, 'defaulted' | 'isEpochRunning'>): 'WAITING' | 'RUNNING' | 'DEFAULTED' =>
  s.defaulted ? 'DEFAULTED' : s.isEpochRunning ? 'RUNNING' : 'WAITING';

/** Redeems and queue withdrawals filed now are instant when the APR dropped by more than the delta. */
export const withdrawTypeOf = (s: VaultSnapshot): 'INSTANT' | 'STANDARD' =>
  !s.disableInstantWithdraw && s.lastEpochApr > s.unscaledApr + s.instantWithdrawAprDelta ? 'INSTANT' : 'STANDARD';

function aprsOf(s: VaultSnapshot): AprBreakdown {
  const gross = percentOf(s.unscaledApr);
  const fee = (gross * Number(s.fee)) / 100_000;
  return { BASE: gross, HARVEST: 0, REWARDS: 0, GROSS: gross, NET: round(gross - fee), FEE: round(fee) };
}

function apysOf(aprs: AprBreakdown, epochSeconds: number): AprBreakdown {
  const periods = epochSeconds > 0 ? YEAR_S / epochSeconds : 12;
  const apy = (apr = 0) => round(((1 + apr / 100 / periods) ** periods - 1) * 100);
  return { ...aprs, BASE: apy(aprs.BASE), GROSS: apy(aprs.GROSS), NET: apy(aprs.NET) };
}

const round = (x: number): number => Math.round(x * 10_000) / 10_000;

export function epochStateOf(s: VaultSnapshot): EpochState {
  const decimalsFree = (x: bigint) => x.toString();
  return {
    apr: percentOf(s.unscaledApr),
    lastApr: percentOf(s.lastEpochApr),
    epochNumber: Number(s.epochNumber),
    status: statusOf(s),
    ...(s.epochEndDate > 0n ? { startDate: isoOf(s.epochEndDate - s.epochDuration), endDate: isoOf(s.epochEndDate) } : {}),
    duration: Number(s.epochDuration),
    bufferDuration: Number(s.bufferPeriod),
    withdrawType: withdrawTypeOf(s),
    depositQueue: { amount: decimalsFree(s.queueDeposits), lastAmount: decimalsFree(s.lastQueueDeposits) },
    withdrawQueue: {
      amount: decimalsFree(s.queueWithdrawals),
      lastAmount: decimalsFree(s.lastQueueWithdrawals),
      isInstant: s.lastQueueInstant,
    },
    instantWithdraws: {
      allowed: s.allowInstantWithdraw,
      delay: Number(s.instantWithdrawDelay),
      amount: s.pendingInstantWithdraws.toString(),
      aprDelta: percentOf(s.instantWithdrawAprDelta),
      ...(s.instantWithdrawDeadline > 0n ? { deadline: isoOf(s.instantWithdrawDeadline) } : {}),
      disabled: s.disableInstantWithdraw,
    },
    withdraws: { amount: s.pendingWithdraws.toString(), fees: s.pendingWithdrawFees.toString() },
  };
}

/** Request counts per type, then per status. */
function countRequests(requests: ChainRequest[]): Record<string, Record<string, number>> {
  const counts: Record<string, Record<string, number>> = {};
  for (const r of requests) {
    const byStatus = (counts[r.type] ??= {});
    byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  }
  return counts;
}

export function toVaultBlockRecord(indexed: IndexedVault, s: VaultSnapshot, requests?: ChainRequest[]): WithId<VaultBlock> {
  const decimals = indexed.deployment.token.decimals;
  const APRs = aprsOf(s);
  const pendingDeposits = s.queueDeposits;
  const withRequests = s.contractValue + pendingDeposits;
  const when = isoOf(s.timestamp);
  return {
    _id: objectIdOf('vault-block', indexed.chainId, indexed.deployment.epochVault, s.blockNumber),
    vaultId: indexed.vaultId,
    vaultAddress: indexed.deployment.tranche,
    chainId: indexed.chainRecordId,
    block: { number: Number(s.blockNumber), timestamp: Number(s.timestamp) },
    APRs,
    APYs: apysOf(APRs, Number(s.epochDuration)),
    price: s.price.toString(),
    totalSupply: s.totalSupply.toString(),
    TVL: {
      token: s.contractValue.toString(),
      USD: usdOf(s.contractValue, decimals),
      withRequestsToken: withRequests.toString(),
      withRequestsUSD: usdOf(withRequests, decimals),
    },
    ...(requests ? { totalRequests: countRequests(requests) } : {}),
    cdoEpoch: epochStateOf(s),
    createdAt: when,
    updatedAt: when,
    createdBy: 'local-chain',
    updatedBy: 'local-chain',
  };
}
