import { epochVaultAbi } from './epochVault';
import { abiItems } from './pick';
import { epochQueueAbi } from './queue';
import { strategyAbi } from './strategy';
import { trancheAbi } from './tranche';

/**
 * The views that tie a vault's contracts to each other, with the real contracts' own names
 * (protocol notes, sections 1 to 4): what the registry reads on chain before a set is pinned and
 * before every plan. Each is taken from the contract it is read from; `token()`, `strategy()`,
 * `decimals()` and `symbol()` have the same signature on every contract that has them.
 */
export const relationAbi = [
  ...abiItems(epochVaultAbi, ['token', 'AATranche', 'strategy', 'keyring']),
  ...abiItems(epochQueueAbi, ['idleCDOEpoch', 'underlying', 'tranche']),
  ...abiItems(strategyAbi, ['idleCDO']),
  ...abiItems(trancheAbi, ['minter', 'decimals', 'symbol']),
];

/**
 * A selector none of the vault's contracts has (keccak of a name nobody uses): a real contract
 * refuses it, where a contract that answers every call with whatever is asked does not.
 */
export const UNKNOWN_SELECTOR = '0x5eb1c7ed' as const;
