// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {UnscaledAprVault} from "./EpochVaultHooks.sol";
import {EpochRunning} from "./Errors.sol";
import {IToken, IStrategy, IStrategyLegacy} from "./Interfaces.sol";

/// @notice The surface of the 2024–2025 vaults (CDO_EPOCH_MAIN_V1, V3, V4): the instant-redeem
/// preview, a keyring switch that lets anyone file redeem requests, the 3-argument
/// `stopEpochWithDuration`, and `EpochRunning()` for instant parameters changed mid-epoch.
abstract contract EpochVaultLegacy is UnscaledAprVault {
  /// @notice When set, wallets without a credential may still file redeem requests.
  bool public keyringAllowWithdraw;

  /// @notice What an instant redeem of the user's whole balance would pay now.
  function maxWithdrawableInstant(address _user, address _tranche) external view returns (uint256) {
    return _trancheToUnderlyings(IToken(_tranche).balanceOf(_user));
  }

  function setKeyringParams(address _keyring, uint256 _keyringPolicyId, bool _keyringAllowWithdraw) external {
    _setKeyring(_keyring, _keyringPolicyId);
    keyringAllowWithdraw = _keyringAllowWithdraw;
  }

  function setInstantWithdrawParams(uint256 _delay, uint256 _aprDelta, bool _disable) external {
    _checkOnlyOwnerOrManager();
    if (isEpochRunning) revert EpochRunning();
    _setInstantWithdrawParams(_delay, _aprDelta, _disable);
  }

  /// @notice Stop, then the next epoch's duration (the buffer unchanged) and its scaled rate.
  function stopEpochWithDuration(uint256 _newApr, uint256 _interest, uint256 _duration) external {
    stopEpoch(_newApr, _interest);
    setEpochParams(_duration, bufferPeriod);
    _setScaledApr(_newApr);
  }

  function _canRequestWithdraw(address _user) internal view override returns (bool) {
    return keyringAllowWithdraw || isWalletAllowed(_user);
  }

  /// @dev The third argument is the request's net interest (the rest is principal).
  function _strategyRequestWithdraw(uint256 _amount, uint256 _principal) internal override {
    IStrategy(strategy).requestWithdraw(_amount, msg.sender, _amount - _principal);
  }

  function _prepareStop(uint256 _interest) internal view override returns (uint256, uint256) {
    return (_interest > 1 ? _interest : expectedEpochInterest, pendingWithdrawFees);
  }

  /// @dev Receipts become transferable at a default.
  function _onDefault() internal override {
    IStrategyLegacy(strategy).allowTransfers();
  }
}
