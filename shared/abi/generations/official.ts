/**
 * The deployed generations' interfaces as the protocol team's own client publishes them
 * (pareto-credit/landing, packages/data-access, lib/vaults/abis: one ABI per abiCode), read as
 * facts and written here as one signature per function, event and error, sorted. A vault record's
 * abiCode (on cdoEpoch, its queues, its strategy and its write-off escrow) names one of them.
 *
 * Data, not code: tests hold the console's calls and the demo contracts to these lists.
 */

import lists from './official.json';

/**
 * The lists, one per generation (the file beside this one holds them as data):
 * - CDO_EPOCH_MAIN_V1: epoch vault, first deployed generation.
 * - CDO_EPOCH_MAIN_V2: filed under the epoch vault by the official client, but it is the tranche token (IdleCDOTranche: ERC-20 with minter, mint and burn).
 * - CDO_EPOCH_MAIN_V3: epoch vault with the write-off of a deposit (writeOffDeposit) and the custom errors of IdleCDO.
 * - CDO_EPOCH_MAIN_V4: epoch vault, V1 plus interestForOverUnderPerformance.
 * - CDO_EPOCH_DEPOSIT_QUEUE_V1: queue for deposits and withdrawals in one contract (IdleCDOEpochQueue as of November 2024).
 * - CDO_EPOCH_DEPOSIT_QUEUE_V2: deposit-only queue (IdleCDOEpochDepositQueue, October 2024).
 * - CDO_EPOCH_WRITEOFF_V1: write-off escrow (IdleCreditVaultWriteOffEscrow).
 * - CDO_EPOCH_STRATEGY_MAIN_V1: strategy and receipt token (IdleCreditVault) without unscaledApr.
 * - CDO_EPOCH_STRATEGY_MAIN_V2: strategy and receipt token (IdleCreditVault) with unscaledApr and setAprs.
 */
export const OFFICIAL_SIGNATURES: Record<
  | 'CDO_EPOCH_MAIN_V1'
  | 'CDO_EPOCH_MAIN_V2'
  | 'CDO_EPOCH_MAIN_V3'
  | 'CDO_EPOCH_MAIN_V4'
  | 'CDO_EPOCH_DEPOSIT_QUEUE_V1'
  | 'CDO_EPOCH_DEPOSIT_QUEUE_V2'
  | 'CDO_EPOCH_WRITEOFF_V1'
  | 'CDO_EPOCH_STRATEGY_MAIN_V1'
  | 'CDO_EPOCH_STRATEGY_MAIN_V2',
  readonly string[]
> = lists;

