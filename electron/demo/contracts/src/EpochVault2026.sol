// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {EpochVaultBase} from "./EpochVaultBase.sol";
import {VaultParams} from "./EpochVaultState.sol";
import {UnscaledAprVault} from "./EpochVaultHooks.sol";
import {IToken, IStrategy, IStrategy2026} from "./Interfaces.sol";

/// @notice Generation CDO_EPOCH_MAIN_2026 (the current source): deposits during an epoch (off
/// by default), rate-at-stop (apr0) redeems settled by the strategy, the 4-argument
/// `stopEpochWithDuration` with a realised loss, and no instant-redeem preview.
contract EpochVault2026 is UnscaledAprVault {
  /// @notice Deposits during an epoch are refused unless the manager turns them on.
  bool public isDepositDuringEpochDisabled;

  constructor(VaultParams memory p) EpochVaultBase(p) {
    isDepositDuringEpochDisabled = true;
    // A fresh vault may start its first epoch at once.
    epochEndDate = block.timestamp - 5 days;
  }

  function setKeyringParams(address _keyring, uint256 _keyringPolicyId) external {
    _setKeyring(_keyring, _keyringPolicyId);
  }

  function setIsDepositDuringEpochDisabled(bool _isDisabled) external {
    _checkOnlyOwnerOrManager();
    isDepositDuringEpochDisabled = _isDisabled;
  }

  function setInstantWithdrawParams(uint256 _delay, uint256 _aprDelta, bool _disable) external {
    _checkOnlyOwnerOrManager();
    _checkNotAllowed(isEpochRunning);
    _setInstantWithdrawParams(_delay, _aprDelta, _disable);
  }

  /// @notice Stop, realise `_lossAmount` (strategy tokens burnt, unless the stop defaulted), then
  /// the next epoch's duration (the buffer unchanged) and its scaled rate.
  function stopEpochWithDuration(uint256 _newApr, uint256 _interest, uint256 _duration, uint256 _lossAmount) external {
    stopEpoch(_newApr, _interest);
    if (_lossAmount != 0 && !defaulted) {
      IStrategy2026(strategy).burnStrategyTokens(_lossAmount);
      _updateAccounting();
    }
    setEpochParams(_duration, bufferPeriod);
    _setScaledApr(_newApr);
    _afterStopEpochWithDuration();
  }

  function _afterStopEpochWithDuration() internal virtual {}

  /// @notice Deposit while an epoch runs (before its end date): the cash goes straight to the
  /// borrower, and the tranche tokens are minted at a discount so that the depositor ends the
  /// epoch with its principal plus interest for the time left (and the whole buffer), net of the
  /// fee, without diluting the holders' expected interest.
  function depositDuringEpoch(uint256 _amount, address _tranche) external virtual returns (uint256 minted) {
    _checkNotAllowed(
      isDepositDuringEpochDisabled ||
        !isEpochRunning ||
        block.timestamp >= epochEndDate ||
        _tranche != AATranche ||
        !isWalletAllowed(msg.sender)
    );
    if (_amount == 0) return 0;
    uint256 supply = IToken(AATranche).totalSupply();
    _checkNotAllowed(supply == 0);
    _updateAccounting();
    IToken(token).transferFrom(msg.sender, address(this), _amount);

    uint256 buffer = bufferPeriod;
    uint256 interest = _calcInterest(_amount) * (epochEndDate - block.timestamp + buffer) / (epochDuration + buffer);
    uint256 expected = expectedEpochInterest;
    uint256 fees = pendingWithdrawFees;
    uint256 holdersExpected = expected > fees ? _afterFee(expected - fees) : 0;
    minted = (_amount + _afterFee(interest)) * supply / (lastNAVAA + holdersExpected);
    _mintShares(msg.sender, minted, _amount);
    expectedEpochInterest = expected + interest;
    IStrategy2026(strategy).mintStrategyTokens(_amount);
    IToken(token).transfer(IStrategy(strategy).borrower(), _amount);
  }

  function _afterFee(uint256 _gain) internal view returns (uint256) {
    return _gain - _gain * fee / FULL_ALLOC;
  }

  /// @notice The borrower writes off tranche tokens it bought through the write-off escrow,
  /// only while an epoch runs.
  function writeOffDeposit(uint256 _amount, address _tranche) external {
    _checkNotAllowed(IStrategy(strategy).borrower() != msg.sender || !isEpochRunning || _tranche != AATranche);
    _writeOffDeposit(_amount);
  }

  function _canRequestWithdraw(address _user) internal view override returns (bool) {
    return isWalletAllowed(_user);
  }

  /// @dev The third argument is the principal leaving the vault's tokens.
  function _strategyRequestWithdraw(uint256 _amount, uint256 _principal) internal override {
    IStrategy(strategy).requestWithdraw(_amount, msg.sender, _principal);
  }

  /// @dev The strategy sets the apr0 redeems' share of the interest aside.
  function _prepareStop(uint256 _interest) internal override returns (uint256, uint256) {
    return IStrategy2026(strategy).prepareStopEpochWithApr0(_interest);
  }
}
