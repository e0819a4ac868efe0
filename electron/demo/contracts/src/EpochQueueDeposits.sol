// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {NotAllowed, EpochNotRunning} from "./Errors.sol";
import {IToken, IEpochVault, IStrategy} from "./Interfaces.sol";
import {EpochVaultLinks} from "./EpochVaultLinks.sol";

/// @notice The deposit half every queue generation shares: lenders queue underlying while an
/// epoch runs; the manager deposits it in the next buffer and each lender claims tranche tokens
/// at that epoch's price. Requests are keyed by `strategy.epochNumber() + 1` at request time, the
/// value `epochNumber` has when they are processed.
abstract contract EpochQueueDeposits is EpochVaultLinks {
  uint256 internal constant ONE_TRANCHE = 1e18;

  mapping(address => mapping(uint256 => uint256)) public userDepositsEpochs;
  /// @notice Underlying per 1e18 tranche tokens at which an epoch's deposits were processed.
  mapping(uint256 => uint256) public epochPrice;
  /// @notice Queued underlying an epoch still holds here.
  mapping(uint256 => uint256) public epochPendingDeposits;

  /// @dev The demo's queues all serve the senior (AA) tranche.
  constructor(address _idleCDOEpoch) EpochVaultLinks(_idleCDOEpoch) {
    IToken(IEpochVault(_idleCDOEpoch).token()).approve(_idleCDOEpoch, type(uint256).max);
  }

  function _checkNotAllowed(bool _condition) internal pure {
    if (_condition) revert NotAllowed();
  }

  function _checkOnlyOwnerOrManager() internal view {
    _checkNotAllowed(msg.sender != owner && msg.sender != IStrategy(strategy).manager());
  }

  /// @dev Requests only while an epoch runs, from allowed wallets.
  function _checkAllowed(address _wallet) internal view {
    IEpochVault cdo = IEpochVault(idleCDOEpoch);
    if (!cdo.isEpochRunning()) revert EpochNotRunning();
    _checkNotAllowed(!cdo.isWalletAllowed(_wallet));
  }

  function _nextEpoch() internal view returns (uint256) {
    return IStrategy(strategy).epochNumber() + 1;
  }

  /// @dev Generation rules on top: the prefunding window (2026).
  function _beforeRequestDeposit(uint256 _epoch) internal view virtual {}

  /// @dev Whether a deposit request of that epoch may be cancelled now.
  function _deleteRefused(uint256 _epoch) internal view virtual returns (bool);

  /// @dev Whether an epoch's deposits may not be claimed yet.
  function _claimRefused(uint256 _epoch) internal view virtual returns (bool) {
    return epochPendingDeposits[_epoch] != 0;
  }

  function requestDeposit(uint256 _amount) external {
    _checkAllowed(msg.sender);
    uint256 e = _nextEpoch();
    _beforeRequestDeposit(e);
    IToken(underlying).transferFrom(msg.sender, address(this), _amount);
    userDepositsEpochs[msg.sender][e] += _amount;
    epochPendingDeposits[e] += _amount;
  }

  /// @notice Cancels a pending deposit and refunds it; nothing to cancel is no error.
  function deleteRequest(uint256 _requestEpoch) external {
    _checkNotAllowed(_deleteRefused(_requestEpoch));
    uint256 amount = userDepositsEpochs[msg.sender][_requestEpoch];
    if (amount == 0) return;
    userDepositsEpochs[msg.sender][_requestEpoch] = 0;
    epochPendingDeposits[_requestEpoch] -= amount;
    IToken(underlying).transfer(msg.sender, amount);
  }

  /// @notice In the buffer: deposits the current epoch's queue in the vault (which refuses while
  /// paused) and saves the price paid.
  function processDeposits() external virtual {
    _processDeposits();
  }

  function _processDeposits() internal {
    _checkOnlyOwnerOrManager();
    uint256 e = IStrategy(strategy).epochNumber();
    uint256 pending = epochPendingDeposits[e];
    if (pending == 0) return;
    uint256 minted = IEpochVault(idleCDOEpoch).depositAA(pending);
    epochPrice[e] = pending * ONE_TRANCHE / minted;
    epochPendingDeposits[e] = 0;
  }

  /// @notice Tranche tokens for a processed deposit; nothing requested is no error.
  function claimDepositRequest(uint256 _epoch) external {
    _checkNotAllowed(_claimRefused(_epoch));
    uint256 amount = userDepositsEpochs[msg.sender][_epoch];
    if (amount == 0) return;
    userDepositsEpochs[msg.sender][_epoch] = 0;
    IToken(tranche).transfer(msg.sender, amount * ONE_TRANCHE / epochPrice[_epoch]);
  }
}
