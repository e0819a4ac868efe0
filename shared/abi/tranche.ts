import { parseAbi } from 'viem';
import { erc20Abi } from './erc20';

/**
 * The tranche token (IdleCDOTranche, `cdoEpoch.AATranche()`): a standard ERC-20 whose `minter()` is
 * the epoch vault that mints and burns it, which the registry checks before a set is pinned.
 */
export const trancheAbi = [...erc20Abi, ...parseAbi(['function minter() view returns (address)'])] as const;
