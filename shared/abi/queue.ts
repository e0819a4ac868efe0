import { parseAbi } from 'viem';

/**
 * The queue contract: deposit and withdraw queue in one. Requests are keyed by
 * `e = strategy.epochNumber() + 1` at request time; that key is the argument of every claim and
 * cancel call. It emits no events of its own.
 */
export const epochQueueAbi = parseAbi([
  // lender calls
  'function requestDeposit(uint256 amount)',
  'function requestWithdraw(uint256 trancheAmount)',
  'function deleteRequest(uint256 e)',
  'function deleteWithdrawRequest(uint256 e)',
  'function claimDepositRequest(uint256 e)',
  'function claimWithdrawRequest(uint256 e)',
  // views, per wallet and epoch key, then per epoch key
  'function userDepositsEpochs(address, uint256) view returns (uint256)',
  'function userWithdrawalsEpochs(address, uint256) view returns (uint256)',
  'function epochPendingDeposits(uint256) view returns (uint256)',
  'function epochPendingWithdrawals(uint256) view returns (uint256)',
  'function epochPrice(uint256) view returns (uint256)',
  'function epochWithdrawPrice(uint256) view returns (uint256)',
  'function epochPendingClaims(uint256) view returns (uint256)',
  'function isEpochInstant(uint256) view returns (bool)',
  // the manager's cycle calls
  'function processDeposits()',
  'function processWithdrawRequests()',
  'function processWithdrawalClaims(uint256 e)',
  'error EpochNotRunning()',
  'error EpochRunning()',
  'error NotAllowed()',
  'error Is0()',
]);
