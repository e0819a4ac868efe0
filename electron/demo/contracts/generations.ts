import type { ContractName } from './compile';

/**
 * Which demo contract plays each generation of the protocol's contracts (names as the official
 * client's abiCodes, and `_2026` for today's source, which has none yet).
 */
export const GENERATION_CONTRACTS = {
  CDO_EPOCH_MAIN_V1: 'EpochVaultV1',
  CDO_EPOCH_MAIN_V3: 'EpochVaultV3',
  CDO_EPOCH_MAIN_V4: 'EpochVaultV4',
  CDO_EPOCH_MAIN_2026: 'EpochVault2026',
  CDO_EPOCH_PREFUNDED_2026: 'EpochVaultPrefunded2026',
  CDO_EPOCH_DEPOSIT_QUEUE_V1: 'EpochQueueV1',
  CDO_EPOCH_DEPOSIT_QUEUE_V2: 'DepositQueueV2',
  CDO_EPOCH_QUEUE_2026: 'EpochQueue2026',
  CDO_EPOCH_STRATEGY_MAIN_V1: 'CreditStrategyV1',
  CDO_EPOCH_STRATEGY_MAIN_V2: 'CreditStrategyV2',
  CDO_EPOCH_STRATEGY_2026: 'CreditStrategy2026',
  CDO_EPOCH_WRITEOFF_V1: 'WriteOffEscrowV1',
  /** The official client files the tranche token's ABI under this epoch-vault code. */
  CDO_EPOCH_MAIN_V2: 'Tranche',
} as const satisfies Record<string, ContractName>;

export type SimGeneration = keyof typeof GENERATION_CONTRACTS;
export type VaultGeneration = 'CDO_EPOCH_MAIN_V1' | 'CDO_EPOCH_MAIN_V3' | 'CDO_EPOCH_MAIN_V4' | 'CDO_EPOCH_MAIN_2026' | 'CDO_EPOCH_PREFUNDED_2026';
export type QueueGeneration = 'CDO_EPOCH_DEPOSIT_QUEUE_V1' | 'CDO_EPOCH_DEPOSIT_QUEUE_V2' | 'CDO_EPOCH_QUEUE_2026';
export type StrategyGeneration = 'CDO_EPOCH_STRATEGY_MAIN_V1' | 'CDO_EPOCH_STRATEGY_MAIN_V2' | 'CDO_EPOCH_STRATEGY_2026';
export type WriteOffGeneration = 'CDO_EPOCH_WRITEOFF_V1';

/** Queue generations with withdrawals (the V2 queue takes deposits only). */
export const queueHasWithdrawals = (g: QueueGeneration): boolean => g !== 'CDO_EPOCH_DEPOSIT_QUEUE_V2';
/** Strategy generations with `unscaledApr` (V1 has only the scaled rate). */
export const strategyHasUnscaledApr = (g: StrategyGeneration): boolean => g !== 'CDO_EPOCH_STRATEGY_MAIN_V1';
/** Strategy generations with apr0 redeems (`apr0Users`). */
export const strategyHasApr0 = (g: StrategyGeneration): boolean => g === 'CDO_EPOCH_STRATEGY_2026';
/** Vault generations of the current source (2026). */
export const isVault2026 = (g: VaultGeneration): boolean => g === 'CDO_EPOCH_MAIN_2026' || g === 'CDO_EPOCH_PREFUNDED_2026';
