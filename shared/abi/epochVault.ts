import { parseAbi } from 'viem';

/**
 * The epoch vault contract (`cdoEpoch.address`, IdleCDOEpochVariant): lender calls, views, the
 * manager's cycle calls, its events and custom errors. Amounts in base units; prices in underlying
 * units per 1e18 tranche tokens; APRs with 1e18 = 1 %; fees with 100000 = 100 %. Reverts
 * "Pausable: paused" (a plain `Error(string)`) on direct deposits while an epoch runs. Not every
 * generation has every item (deposits during an epoch are 2026 only, `epochQueue` belongs to the
 * prefunded variant): the console uses it through `abiFor(generation, epochVaultAbi)`.
 */
export const epochVaultAbi = parseAbi([
  // lender calls
  'function depositAA(uint256 amount) returns (uint256 minted)',
  'function depositDuringEpoch(uint256 amount, address tranche) returns (uint256 minted)',
  'function requestWithdraw(uint256 trancheAmount, address tranche) returns (uint256 amount)',
  'function claimWithdrawRequest()',
  'function claimInstantWithdrawRequest()',
  // views
  'function isWalletAllowed(address user) view returns (bool)',
  'function maxWithdrawable(address user, address tranche) view returns (uint256)',
  'function virtualPrice(address tranche) view returns (uint256)',
  'function isEpochRunning() view returns (bool)',
  'function paused() view returns (bool)',
  'function defaulted() view returns (bool)',
  'function epochEndDate() view returns (uint256)',
  'function epochDuration() view returns (uint256)',
  'function bufferPeriod() view returns (uint256)',
  'function instantWithdrawDelay() view returns (uint256)',
  'function instantWithdrawDeadline() view returns (uint256)',
  'function instantWithdrawAprDelta() view returns (uint256)',
  'function allowInstantWithdraw() view returns (bool)',
  'function disableInstantWithdraw() view returns (bool)',
  'function allowAAWithdrawRequest() view returns (bool)',
  'function lastEpochApr() view returns (uint256)',
  'function lastEpochInterest() view returns (uint256)',
  'function expectedEpochInterest() view returns (uint256)',
  'function getContractValue() view returns (uint256)',
  'function pendingWithdrawFees() view returns (uint256)',
  'function unclaimedFees() view returns (uint256)',
  'function fee() view returns (uint256)',
  'function token() view returns (address)',
  'function strategy() view returns (address)',
  'function AATranche() view returns (address)',
  'function keyring() view returns (address)',
  'function isDepositDuringEpochDisabled() view returns (bool)',
  'function epochQueue() view returns (address)',
  // the manager's cycle calls (the demo's driver)
  'function startEpoch()',
  'function stopEpoch(uint256 newApr, uint256 interest)',
  'function getInstantWithdrawFunds()',
  'function setEpochParams(uint256 duration, uint256 buffer)',
  'function setInstantWithdrawParams(uint256 delay, uint256 aprDelta, bool disable)',
  'event AccrueInterest(uint256 interest, uint256 fees)',
  'event BorrowerDefault(uint256 funds)',
  'event Paused(address account)',
  'event Unpaused(address account)',
  'error NotAllowed()',
]);
