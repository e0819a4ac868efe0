/**
 * The generations the protocol's client has no abiCode for yet: the contracts as their public
 * source has them today (Idle-Labs/idle-tranches at e77bac7, 2026; compiled with solc 0.8.10),
 * read as facts and written as one signature per function, event and error, sorted. Live vaults are
 * upgraded to these generation by generation while their records keep the older abiCode, so the
 * console tells them apart on chain (detect.ts).
 */

import lists from './source.json';

/**
 * The lists, one per generation (the file beside this one holds them as data):
 * - CDO_EPOCH_MAIN_2026: epoch vault as the current source has it: deposits during an epoch (off by default), management fees, rate-at-stop (apr0) redeems; no maxWithdrawableInstant.
 * - CDO_EPOCH_PREFUNDED_2026: the 2026 epoch vault whose queue forwards deposits to the borrower before the epoch ends (epochQueue); direct stopEpoch refused while a queue is set.
 * - CDO_EPOCH_QUEUE_2026: queue as the current source has it: deposit cancels while an epoch runs unless prefunded, the prefunded deposit window.
 * - CDO_EPOCH_STRATEGY_2026: strategy as the current source has it: redeems of rate-at-stop vaults in apr0Users, maxApr.
 */
export const SOURCE_SIGNATURES: Record<
  'CDO_EPOCH_MAIN_2026' | 'CDO_EPOCH_PREFUNDED_2026' | 'CDO_EPOCH_QUEUE_2026' | 'CDO_EPOCH_STRATEGY_2026',
  readonly string[]
> = lists;
