import { parseAbi } from 'viem';

/**
 * The views that tie a vault's contracts to each other, with the real contracts' own names
 * (protocol notes, sections 1 to 4): what the registry reads on chain before a set is pinned and
 * before every plan.
 */
export const relationAbi = parseAbi([
  // epoch vault
  'function token() view returns (address)',
  'function AATranche() view returns (address)',
  'function strategy() view returns (address)',
  'function keyring() view returns (address)',
  // queue (deposit and withdraw queues alike)
  'function idleCDOEpoch() view returns (address)',
  'function underlying() view returns (address)',
  'function tranche() view returns (address)',
  // strategy
  'function idleCDO() view returns (address)',
  // tranche
  'function minter() view returns (address)',
  // tokens (underlying, tranche, strategy receipt token)
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
]);

/**
 * A selector none of the vault's contracts has (keccak of a name nobody uses): a real contract
 * refuses it, where a contract that answers every call with whatever is asked does not.
 */
export const UNKNOWN_SELECTOR = '0x5eb1c7ed' as const;
