// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {VaultParams} from "./EpochVaultState.sol";
import {EpochVault2026} from "./EpochVault2026.sol";
import {IStrategy2026, IPrefundedQueue} from "./Interfaces.sol";

/// @notice Generation CDO_EPOCH_PREFUNDED_2026: the 2026 vault whose queue forwards the next
/// epoch's deposits to the borrower before the stop. With a queue set, the manager stops with
/// `stopEpochWithDuration` only (a direct `stopEpoch` is refused), which then mints the prefunded
/// deposits' tranche tokens to the queue at the post-stop price (even after a default: the
/// borrower already has that cash). Deposits during an epoch are always refused.
contract EpochVaultPrefunded2026 is EpochVault2026 {
  /// @notice The queue whose deposits are prefunded (zero: none).
  address public epochQueue;

  constructor(VaultParams memory p) EpochVault2026(p) {}

  function setEpochQueue(address _epochQueue) external {
    _checkOnlyOwnerOrManager();
    epochQueue = _epochQueue;
  }

  function _beforeStopEpoch() internal view override {
    // stopEpochWithDuration reaches stopEpoch internally, where msg.sig is its own selector.
    _checkNotAllowed(epochQueue != address(0) && msg.sig == this.stopEpoch.selector);
  }

  function depositDuringEpoch(uint256, address) external pure override returns (uint256) {
    _checkNotAllowed(true);
    return 0;
  }

  function _afterStopEpochWithDuration() internal override {
    address queue = epochQueue;
    if (queue == address(0)) return;
    uint256 prefunded = IPrefundedQueue(queue).prefundedDepositsToProcess();
    if (prefunded == 0) return;
    uint256 minted = _mintSharesAtCurrPrice(prefunded, queue);
    // The cash is at the borrower: the vault's strategy tokens grow without it.
    IStrategy2026(strategy).mintStrategyTokens(prefunded);
    IPrefundedQueue(queue).processPrefundedDeposits(minted);
  }
}
