import { parseAbi } from 'viem';
import { erc20ReadAbi } from './erc20';

/**
 * The vault's strategy, which is also the receipt token of redeem requests (an ERC-20 with the
 * underlying's decimals whose transfers revert `NotAllowed()`). `epochNumber` counts completed
 * epochs.
 */
export const strategyAbi = [
  ...parseAbi([
    'function epochNumber() view returns (uint256)',
    'function getApr() view returns (uint256)',
    'function unscaledApr() view returns (uint256)',
    'function withdrawsRequests(address) view returns (uint256)',
    'function instantWithdrawsRequests(address) view returns (uint256)',
    'function lastWithdrawRequest(address) view returns (uint256)',
    'function pendingWithdraws() view returns (uint256)',
    'function pendingInstantWithdraws() view returns (uint256)',
    'function totEpochDeposits() view returns (uint256)',
    'function borrower() view returns (address)',
    'function manager() view returns (address)',
  ]),
  ...erc20ReadAbi,
  ...parseAbi(['error NotAllowed()']),
] as const;
