import { epochQueueAbi } from '../abi/queue';
import { generationCalls } from '../abi/generations';
import type { ContractGenerations } from '../abi/generations/detect';

/**
 * The rules a vault's contracts' generations decide, beyond what their interfaces show: the
 * protocol's contracts changed rules without changing names (a deposit cancel while the epoch runs
 * reverts on the November 2024 queue and is taken by the 2026 one).
 */
export interface GenerationRules {
  /** The deposit queue takes `deleteRequest` while the epoch runs (2026), unless that epoch was prefunded. */
  cancelDepositWhileRunning: boolean;
  /** The withdraw queue takes withdrawals (a deposit-only queue does not). */
  queueTakesWithdrawals: boolean;
}

/** The rules of the oldest queue: what the console assumes while the generations are unknown. */
export const OLDEST_RULES: GenerationRules = { cancelDepositWhileRunning: false, queueTakesWithdrawals: true };

export function generationRules(g: ContractGenerations | null | undefined): GenerationRules {
  if (!g) return OLDEST_RULES;
  return {
    cancelDepositWhileRunning: g.queue === 'CDO_EPOCH_QUEUE_2026',
    queueTakesWithdrawals: g.withdrawQueue !== null && generationCalls(g.withdrawQueue, epochQueueAbi, 'requestWithdraw'),
  };
}
