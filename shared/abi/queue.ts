import { parseAbi } from 'viem';

/**
 * The queue contract (`cdoEpoch.depositQueue` / `withdrawQueue`): requests are keyed by
 * `e = strategy.epochNumber() + 1` at request time; that key is the argument of every claim and
 * cancel call. Its links are `idleCDOEpoch()`, `underlying()`, `tranche()` and `strategy()`. Not
 * every generation has every call (the deposit-only queue has no withdrawals, only the 2026 queue
 * prefunds): the console uses it through `abiFor(generation, epochQueueAbi)`. No events of its own.
 */
export const epochQueueAbi = parseAbi([
  // lender calls
  'function requestDeposit(uint256 amount)',
  'function requestWithdraw(uint256 trancheAmount)',
  'function deleteRequest(uint256 epoch)',
  'function deleteWithdrawRequest(uint256 epoch)',
  'function claimDepositRequest(uint256 epoch)',
  'function claimWithdrawRequest(uint256 epoch)',
  // links to the vault's other contracts
  'function idleCDOEpoch() view returns (address)',
  'function strategy() view returns (address)',
  'function underlying() view returns (address)',
  'function tranche() view returns (address)',
  // views, per wallet and epoch key, then per epoch key
  'function userDepositsEpochs(address, uint256) view returns (uint256)',
  'function userWithdrawalsEpochs(address, uint256) view returns (uint256)',
  'function epochPendingDeposits(uint256) view returns (uint256)',
  'function epochPendingWithdrawals(uint256) view returns (uint256)',
  'function epochPrice(uint256) view returns (uint256)',
  'function epochWithdrawPrice(uint256) view returns (uint256)',
  'function epochPendingClaims(uint256) view returns (uint256)',
  'function isEpochInstant(uint256) view returns (bool)',
  // 2026: deposits forwarded to the borrower before the epoch ends, and the window that closes them
  'function epochPrefundedDeposits(uint256) view returns (uint256)',
  'function prefundedDepositWindow() view returns (uint256)',
  // the manager's cycle calls (the demo's driver)
  'function processDeposits()',
  'function processWithdrawRequests()',
  'function processWithdrawalClaims(uint256 epoch)',
  'error EpochNotRunning()',
  'error NotAllowed()',
  'error Is0()',
]);
