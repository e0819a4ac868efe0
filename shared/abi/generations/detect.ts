import { parseAbi } from 'viem';
import {
  isGeneration,
  GENERATIONS,
  type EpochVaultGeneration,
  type Generation,
  type QueueGeneration,
  type StrategyGeneration,
} from './index';

/**
 * Which generation a contract is, from what it answers. The vault record's `abiCode` is a claim
 * (and an upgraded proxy keeps its old code); the answer to a few views that only some generations
 * have is the fact the console plans by. Pure: the reads are made by the registry and the portfolio.
 */

/** Views without arguments that tell the generations of one kind apart. */
export const probeAbi = parseAbi([
  // epoch vault: V3 and V4 expose the over/under-performance figure, 2026 keeps it internal and has
  // the switch for deposits during an epoch; the prefunded variant names its queue.
  'function interestForOverUnderPerformance() view returns (int256)',
  'function isDepositDuringEpochDisabled() view returns (bool)',
  'function epochQueue() view returns (address)',
  // queue: the deposit-only queue has no pending-claims flag; the 2026 queue has a prefunding window.
  'function pendingClaims() view returns (bool)',
  'function prefundedDepositWindow() view returns (uint256)',
  // strategy: V1 has no unscaled APR; 2026 keeps the redeems of rate-at-stop vaults apart.
  'function unscaledApr() view returns (uint256)',
  'function apr0TotalPrincipal() view returns (uint256)',
]);
export type ProbeName = (typeof probeAbi)[number]['name'];

export const PROBES = {
  epochVault: ['interestForOverUnderPerformance', 'isDepositDuringEpochDisabled', 'epochQueue'],
  queue: ['pendingClaims', 'prefundedDepositWindow'],
  strategy: ['unscaledApr', 'apr0TotalPrincipal'],
} as const satisfies Record<'epochVault' | 'queue' | 'strategy', readonly ProbeName[]>;

/** Per probe: whether the contract answered it (true), refused it as unknown (false). */
export type ProbeAnswers = Partial<Record<ProbeName, boolean>>;

interface Detected<G extends Generation> {
  generation: G;
  /** The record's abiCode, when it named one. */
  claimed: string | null;
  /** False when the record named a generation the chain does not answer as. */
  agrees: boolean;
}

function settle<G extends Generation>(generation: G, claimed: string | null | undefined, sameFamily: readonly G[]): Detected<G> {
  const c = claimed ?? null;
  // Generations the views cannot tell apart (V3 and V4): the record's word decides among them.
  const chosen = c !== null && isGeneration(c) && sameFamily.includes(c as G) ? (c as G) : generation;
  return { generation: chosen, claimed: c, agrees: c === null || c === chosen };
}

export function detectEpochVault(a: ProbeAnswers, claimed?: string | null): Detected<EpochVaultGeneration> {
  if (a.isDepositDuringEpochDisabled) return settle(a.epochQueue ? 'CDO_EPOCH_PREFUNDED_2026' : 'CDO_EPOCH_MAIN_2026', claimed, []);
  if (a.interestForOverUnderPerformance) return settle('CDO_EPOCH_MAIN_V4', claimed, ['CDO_EPOCH_MAIN_V3', 'CDO_EPOCH_MAIN_V4']);
  return settle('CDO_EPOCH_MAIN_V1', claimed, []);
}

export function detectQueue(a: ProbeAnswers, claimed?: string | null): Detected<QueueGeneration> {
  if (a.prefundedDepositWindow) return settle('CDO_EPOCH_QUEUE_2026', claimed, []);
  return settle(a.pendingClaims ? 'CDO_EPOCH_DEPOSIT_QUEUE_V1' : 'CDO_EPOCH_DEPOSIT_QUEUE_V2', claimed, []);
}

export function detectStrategy(a: ProbeAnswers, claimed?: string | null): Detected<StrategyGeneration> {
  if (a.apr0TotalPrincipal) return settle('CDO_EPOCH_STRATEGY_2026', claimed, []);
  return settle(a.unscaledApr ? 'CDO_EPOCH_STRATEGY_MAIN_V2' : 'CDO_EPOCH_STRATEGY_MAIN_V1', claimed, []);
}

/** A vault's contracts by generation, as the chain answered. */
export interface ContractGenerations {
  epochVault: EpochVaultGeneration;
  /** The deposit queue's, null without one. */
  queue: QueueGeneration | null;
  /** The withdraw queue's, null without one. */
  withdrawQueue: QueueGeneration | null;
  strategy: StrategyGeneration;
}

/** "epoch vault V4 · queue V1 (deposits and withdrawals) · strategy V2", for the review and the Vaults screen. */
export function describeGenerations(g: ContractGenerations): string {
  const parts: string[] = [GENERATIONS[g.epochVault].label];
  if (g.queue) parts.push(GENERATIONS[g.queue].label);
  if (g.withdrawQueue && g.withdrawQueue !== g.queue) parts.push(`withdraw ${GENERATIONS[g.withdrawQueue].label}`);
  parts.push(GENERATIONS[g.strategy].label);
  return parts.join(' · ');
}
