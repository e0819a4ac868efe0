import { parseAbi } from 'viem';
import { erc20ReadAbi } from './erc20';

/**
 * The vault's strategy (IdleCreditVault), which is also the receipt token of redeem requests (an
 * ERC-20 with the underlying's decimals whose transfers revert `NotAllowed()`). `epochNumber` counts
 * completed epochs. `getApr()` is the rate scaled up to cover the buffer (epoch + buffer) / epoch;
 * `unscaledApr()` (not on V1) is the rate a lender earns. On 2026 strategies a vault whose rate is
 * set at the stop (`unscaledApr() == 0`) keeps its redeems in `apr0Users`, not `withdrawsRequests`.
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
    'function token() view returns (address)',
    'function idleCDO() view returns (address)',
    'function apr0Users(address) view returns (uint256 principal, uint256 principalEpoch, uint256 settledPrincipal, uint256 settledInterest)',
    'function apr0RateByEpoch(uint256) view returns (uint256)',
  ]),
  ...erc20ReadAbi,
  ...parseAbi(['error NotAllowed()']),
] as const;
