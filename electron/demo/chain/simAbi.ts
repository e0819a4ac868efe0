import { parseAbi } from 'viem';

// The simulation's own view of the demo contracts, by the protocol's real names, apart from the
// console's ABIs in shared/abi. Split by the generations that have each part, so a call the
// deployed generation lacks shows in the code that makes it; the fidelity test checks every item
// against the compiled contracts.

/** The simulation's tokens let anyone mint: the seeder funds wallets and the driver pays the
 * borrower's dues this way. */
export const mintableAbi = parseAbi(['function mint(address to, uint256 amount)']);

export const keyringAdminAbi = parseAbi([
  'function setCredential(uint256 policyId, address wallet, bool allowed)',
  'function setCredentials(uint256 policyId, address[] wallets, bool allowed)',
]);

/** Every epoch-vault generation. */
export const simVaultAbi = parseAbi([
  'event AccrueInterest(uint256 interest, uint256 fees)',
  'event BorrowerDefault(uint256 funds)',
  'function AATranche() view returns (address)',
  'function token() view returns (address)',
  'function strategy() view returns (address)',
  'function isEpochRunning() view returns (bool)',
  'function paused() view returns (bool)',
  'function defaulted() view returns (bool)',
  'function epochEndDate() view returns (uint256)',
  'function epochDuration() view returns (uint256)',
  'function bufferPeriod() view returns (uint256)',
  'function instantWithdrawDelay() view returns (uint256)',
  'function instantWithdrawDeadline() view returns (uint256)',
  'function instantWithdrawAprDelta() view returns (uint256)',
  'function fee() view returns (uint256)',
  'function allowInstantWithdraw() view returns (bool)',
  'function disableInstantWithdraw() view returns (bool)',
  'function expectedEpochInterest() view returns (uint256)',
  'function pendingWithdrawFees() view returns (uint256)',
  'function lastEpochApr() view returns (uint256)',
  'function lastEpochInterest() view returns (uint256)',
  'function getContractValue() view returns (uint256)',
  'function virtualPrice(address tranche) view returns (uint256)',
  'function tranchePrice(address tranche) view returns (uint256)',
  'function isWalletAllowed(address user) view returns (bool)',
  'function maxWithdrawable(address user, address tranche) view returns (uint256)',
  'function depositAA(uint256 amount) returns (uint256)',
  'function requestWithdraw(uint256 amount, address tranche) returns (uint256)',
  'function claimWithdrawRequest()',
  'function claimInstantWithdrawRequest()',
  'function startEpoch()',
  'function stopEpoch(uint256 newApr, uint256 interest)',
  'function getInstantWithdrawFunds()',
  'function setEpochParams(uint256 epochDuration, uint256 bufferPeriod)',
  'function setInstantWithdrawParams(uint256 delay, uint256 aprDelta, bool disable)',
  'error NotAllowed()',
]);

/** Epoch vaults of 2024–2025 (V1, V3, V4). */
export const legacyVaultAbi = parseAbi([
  'function maxWithdrawableInstant(address user, address tranche) view returns (uint256)',
  'function stopEpochWithDuration(uint256 newApr, uint256 interest, uint256 duration)',
  'error EpochRunning()',
]);

/** Epoch vaults of the current source (2026, prefunded 2026). */
export const vault2026Abi = parseAbi([
  'function isDepositDuringEpochDisabled() view returns (bool)',
  'function setIsDepositDuringEpochDisabled(bool isDisabled)',
  'function depositDuringEpoch(uint256 amount, address tranche) returns (uint256)',
  'function stopEpochWithDuration(uint256 newApr, uint256 interest, uint256 duration, uint256 lossAmount)',
  'function writeOffDeposit(uint256 amount, address tranche)',
  'error NotAllowed()',
]);

export const prefundedVaultAbi = parseAbi(['function epochQueue() view returns (address)', 'function setEpochQueue(address epochQueue)']);

/** Every queue generation (the deposit half). */
export const simQueueAbi = parseAbi([
  'function idleCDOEpoch() view returns (address)',
  'function strategy() view returns (address)',
  'function underlying() view returns (address)',
  'function tranche() view returns (address)',
  'function userDepositsEpochs(address user, uint256 epoch) view returns (uint256)',
  'function epochPrice(uint256 epoch) view returns (uint256)',
  'function epochPendingDeposits(uint256 epoch) view returns (uint256)',
  'function requestDeposit(uint256 amount)',
  'function deleteRequest(uint256 epoch)',
  'function claimDepositRequest(uint256 epoch)',
  'function processDeposits()',
  'error EpochNotRunning()',
  'error NotAllowed()',
]);

/** Queues with withdrawals (V1, 2026). */
export const queueWithdrawAbi = parseAbi([
  'function userWithdrawalsEpochs(address user, uint256 epoch) view returns (uint256)',
  'function epochPendingWithdrawals(uint256 epoch) view returns (uint256)',
  'function epochPendingClaims(uint256 epoch) view returns (uint256)',
  'function epochWithdrawPrice(uint256 epoch) view returns (uint256)',
  'function isEpochInstant(uint256 epoch) view returns (bool)',
  'function pendingClaims() view returns (bool)',
  'function requestWithdraw(uint256 amount)',
  'function deleteWithdrawRequest(uint256 epoch)',
  'function claimWithdrawRequest(uint256 epoch)',
  'function processWithdrawRequests()',
  'function processWithdrawalClaims(uint256 epoch)',
  'error Is0()',
]);

/** The 2026 queue's prefunding. */
export const queue2026Abi = parseAbi([
  'function prefundedDepositWindow() view returns (uint256)',
  'function setPrefundedDepositWindow(uint256 window)',
  'function epochPrefundedDeposits(uint256 epoch) view returns (uint256)',
  'function prefundedDepositsToProcess() view returns (uint256)',
  'function processDepositsToBorrower()',
]);

/** Every strategy generation (also the receipt token). */
export const simStrategyAbi = parseAbi([
  'function epochNumber() view returns (uint256)',
  'function getApr() view returns (uint256)',
  'function borrower() view returns (address)',
  'function manager() view returns (address)',
  'function pendingWithdraws() view returns (uint256)',
  'function pendingInstantWithdraws() view returns (uint256)',
  'function totEpochDeposits() view returns (uint256)',
  'function withdrawsRequests(address user) view returns (uint256)',
  'function instantWithdrawsRequests(address user) view returns (uint256)',
  'function lastWithdrawRequest(address user) view returns (uint256)',
  'function balanceOf(address account) view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'function setWhitelistedCDO(address cdo)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'error NotAllowed()',
]);

/** Strategies V2 and 2026. */
export const strategyUnscaledAbi = parseAbi(['function unscaledApr() view returns (uint256)']);

/** The 2026 strategy's apr0 redeems. */
export const strategy2026Abi = parseAbi([
  'function apr0Users(address user) view returns (uint256 principal, uint256 principalEpoch, uint256 settledPrincipal, uint256 settledInterest)',
  'function apr0RateByEpoch(uint256 epoch) view returns (uint256)',
  'function apr0TotalPrincipal() view returns (uint256)',
]);

export const writeOffAbi = parseAbi([
  'function idleCDOEpoch() view returns (address)',
  'function userRequests(address user) view returns (uint256 tranches, uint256 underlyings)',
  'function exitFee() view returns (uint256)',
  'function createWriteOffRequest(uint256 amount, uint256 underlyingsRequested)',
  'function deleteWriteOffRequest()',
  'function fullfillWriteOffRequest(address user, uint256 tranches, uint256 underlyings)',
  'error WrongRequest()',
  'error Is0()',
  'error EpochNotRunning()',
  'error NotAllowed()',
]);
