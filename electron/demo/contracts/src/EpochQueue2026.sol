// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {EpochNotRunning, Is0} from "./Errors.sol";
import {EpochQueueDeposits} from "./EpochQueueDeposits.sol";
import {EpochQueueWithdrawals} from "./EpochQueueWithdrawals.sol";
import {IToken, IEpochVault, IStrategy, IPrefundedVault} from "./Interfaces.sol";

/// @notice Generation CDO_EPOCH_QUEUE_2026 (the current source). A deposit may be cancelled while
/// the epoch runs, until it is processed or prefunded. Set as `epochQueue` of a prefunded vault,
/// the queue is prefunded: inside `prefundedDepositWindow` before the epoch end it refuses new
/// deposits, the manager forwards the queued deposits to the borrower
/// (`processDepositsToBorrower`), and the vault's `stopEpochWithDuration` prices them; the
/// buffer's `processDeposits` is then refused.
contract EpochQueue2026 is EpochQueueWithdrawals {
  /// @notice Deposits of an epoch already forwarded to the borrower (not held here any more).
  mapping(uint256 => uint256) public epochPrefundedDeposits;
  /// @notice How long before the epoch end a prefunded queue stops taking deposits.
  uint256 public prefundedDepositWindow;

  constructor(address _idleCDOEpoch) EpochQueueDeposits(_idleCDOEpoch) {}

  function setPrefundedDepositWindow(uint256 _window) external {
    _checkOnlyOwnerOrManager();
    prefundedDepositWindow = _window;
  }

  /// @dev Whether the vault is a prefunded vault with this queue set (other vaults lack the getter).
  function _isPrefundedQueueEnabled() internal view returns (bool enabled) {
    try IPrefundedVault(idleCDOEpoch).epochQueue() returns (address queue) {
      enabled = queue == address(this);
    } catch {}
  }

  function _windowReached() internal view returns (bool) {
    uint256 window = prefundedDepositWindow;
    return window != 0 && block.timestamp + window >= IEpochVault(idleCDOEpoch).epochEndDate();
  }

  function _beforeRequestDeposit(uint256 _epoch) internal view override {
    if (_isPrefundedQueueEnabled()) _checkNotAllowed(epochPrefundedDeposits[_epoch] != 0 || _windowReached());
  }

  function _deleteRefused(uint256 _epoch) internal view override returns (bool) {
    return epochPrice[_epoch] != 0 || epochPrefundedDeposits[_epoch] != 0;
  }

  function _claimRefused(uint256 _epoch) internal view override returns (bool) {
    return epochPrice[_epoch] == 0 || epochPendingDeposits[_epoch] != 0 || epochPrefundedDeposits[_epoch] != 0;
  }

  /// @notice A prefunded queue's deposits are settled by the vault's stop, not in the buffer.
  function processDeposits() external override {
    _checkNotAllowed(_isPrefundedQueueEnabled());
    _processDeposits();
  }

  /// @notice Once the window is reached, sends the next epoch's queued deposits to the borrower
  /// (once per epoch); they can no longer be cancelled and the epoch takes no more.
  function processDepositsToBorrower() external {
    _checkOnlyOwnerOrManager();
    _checkNotAllowed(!_isPrefundedQueueEnabled());
    if (!IEpochVault(idleCDOEpoch).isEpochRunning()) revert EpochNotRunning();
    _checkNotAllowed(prefundedDepositWindow == 0 || !_windowReached());
    uint256 e = _nextEpoch();
    _checkNotAllowed(epochPrefundedDeposits[e] != 0);
    uint256 pending = epochPendingDeposits[e];
    if (pending == 0) return;
    epochPendingDeposits[e] = 0;
    epochPrefundedDeposits[e] = pending;
    IToken(underlying).transfer(IStrategy(strategy).borrower(), pending);
  }

  /// @notice The prefunded deposits the vault's stop must settle: those of the epoch just
  /// finished (after a default, the one that did not finish).
  function prefundedDepositsToProcess() external view returns (uint256 prefunded) {
    uint256 e = _prefundedEpoch();
    prefunded = epochPrefundedDeposits[e];
    _checkNotAllowed(epochPendingDeposits[e] != 0);
  }

  /// @notice Called by the prefunded vault's stop with the tranche tokens it minted here.
  function processPrefundedDeposits(uint256 _minted) external {
    _checkNotAllowed(msg.sender != idleCDOEpoch || !_isPrefundedQueueEnabled());
    uint256 e = _prefundedEpoch();
    uint256 prefunded = epochPrefundedDeposits[e];
    _checkNotAllowed(epochPendingDeposits[e] != 0 || prefunded == 0);
    // Dust may mint nothing: price it at the vault's price rather than block the stop.
    epochPrice[e] = _minted == 0 ? IEpochVault(idleCDOEpoch).virtualPrice(tranche) : prefunded * ONE_TRANCHE / _minted;
    epochPrefundedDeposits[e] = 0;
  }

  function _prefundedEpoch() internal view returns (uint256) {
    return IStrategy(strategy).epochNumber() + (IEpochVault(idleCDOEpoch).defaulted() ? 1 : 0);
  }

  /// @dev An apr0 redeem pays what the stop decided: the withdraw price follows the amount
  /// actually received.
  function _afterClaim(uint256 _epoch, uint256 _pending, uint256 _received) internal override {
    if (_received == _pending) return;
    uint256 updated = epochWithdrawPrice[_epoch] * _received / _pending;
    if (updated == 0) revert Is0();
    epochWithdrawPrice[_epoch] = updated;
  }
}
