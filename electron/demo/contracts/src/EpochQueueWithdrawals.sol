// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {Is0} from "./Errors.sol";
import {EpochQueueDeposits} from "./EpochQueueDeposits.sol";
import {IToken, IEpochVault, IStrategy} from "./Interfaces.sol";

/// @notice The withdraw half of the queues that take both (V1 and 2026): lenders queue tranche
/// tokens while an epoch runs; in the next buffer the queue files one redeem for them all, and
/// once the vault pays it (instant: during the next epoch; standard: after it) each lender claims
/// underlying at that epoch's withdraw price.
abstract contract EpochQueueWithdrawals is EpochQueueDeposits {
  mapping(address => mapping(uint256 => uint256)) public userWithdrawalsEpochs;
  mapping(uint256 => uint256) public epochPendingWithdrawals;
  /// @notice Underlying of an epoch's redeem not yet collected from the vault.
  mapping(uint256 => uint256) public epochPendingClaims;
  /// @notice Underlying per 1e18 tranche tokens an epoch's withdrawals pay.
  mapping(uint256 => uint256) public epochWithdrawPrice;
  mapping(uint256 => bool) public isEpochInstant;
  /// @notice A redeem filed and not yet collected: no other may be filed until it is.
  bool public pendingClaims;

  function requestWithdraw(uint256 _amount) external {
    _checkAllowed(msg.sender);
    uint256 e = _nextEpoch();
    IToken(tranche).transferFrom(msg.sender, address(this), _amount);
    userWithdrawalsEpochs[msg.sender][e] += _amount;
    epochPendingWithdrawals[e] += _amount;
  }

  /// @notice Cancels a pending withdrawal (also while the epoch runs) until it is processed.
  function deleteWithdrawRequest(uint256 _requestEpoch) external {
    _checkNotAllowed(epochWithdrawPrice[_requestEpoch] != 0);
    uint256 amount = userWithdrawalsEpochs[msg.sender][_requestEpoch];
    if (amount == 0) return;
    userWithdrawalsEpochs[msg.sender][_requestEpoch] = 0;
    epochPendingWithdrawals[_requestEpoch] -= amount;
    IToken(tranche).transfer(msg.sender, amount);
  }

  /// @notice In the buffer: files the current epoch's withdrawals as one redeem. Instant or
  /// standard is read from the strategy: only a standard redeem adds to `pendingWithdraws`.
  function processWithdrawRequests() external {
    IStrategy _strategy = IStrategy(strategy);
    uint256 e = _strategy.epochNumber();
    _checkOnlyOwnerOrManager();
    _checkNotAllowed(pendingClaims);
    uint256 pending = epochPendingWithdrawals[e];
    if (pending == 0) return;
    uint256 before = _strategy.pendingWithdraws();
    uint256 requested = IEpochVault(idleCDOEpoch).requestWithdraw(pending, tranche);
    isEpochInstant[e] = _strategy.pendingWithdraws() == before;
    uint256 withdrawPrice = requested * ONE_TRANCHE / pending;
    // A zero price would let dust requests be refunded after processing.
    if (withdrawPrice == 0) revert Is0();
    epochWithdrawPrice[e] = withdrawPrice;
    epochPendingWithdrawals[e] = 0;
    epochPendingClaims[e] = requested;
    pendingClaims = true;
  }

  /// @notice Collects an epoch's redeem from the vault once it is payable.
  function processWithdrawalClaims(uint256 _epoch) external {
    _checkOnlyOwnerOrManager();
    uint256 pending = epochPendingClaims[_epoch];
    if (pending == 0) return;
    uint256 before = IToken(underlying).balanceOf(address(this));
    if (isEpochInstant[_epoch]) {
      IEpochVault(idleCDOEpoch).claimInstantWithdrawRequest();
    } else {
      IEpochVault(idleCDOEpoch).claimWithdrawRequest();
    }
    _afterClaim(_epoch, pending, IToken(underlying).balanceOf(address(this)) - before);
    epochPendingClaims[_epoch] = 0;
    pendingClaims = false;
  }

  function _afterClaim(uint256 _epoch, uint256 _pending, uint256 _received) internal virtual {}

  /// @notice Underlying for a collected withdrawal; nothing requested is no error.
  function claimWithdrawRequest(uint256 _epoch) external {
    _checkNotAllowed(epochWithdrawPrice[_epoch] == 0 || epochPendingClaims[_epoch] != 0);
    uint256 amount = userWithdrawalsEpochs[msg.sender][_epoch];
    if (amount == 0) return;
    userWithdrawalsEpochs[msg.sender][_epoch] = 0;
    IToken(underlying).transfer(msg.sender, amount * epochWithdrawPrice[_epoch] / ONE_TRANCHE);
  }
}
