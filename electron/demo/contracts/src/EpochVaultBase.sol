// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {EpochVaultState, VaultParams} from "./EpochVaultState.sol";
import {IToken, IStrategy, IStrategy2026} from "./Interfaces.sol";

/// @notice The lender and manager calls every epoch-vault generation shares, on the shared state
/// (EpochVaultState); each generation is a small contract on top that exposes its own surface.
abstract contract EpochVaultBase is EpochVaultState {
  constructor(VaultParams memory p) EpochVaultState(p) {}

  // ---- lender calls ----

  /// @notice Deposit between epochs; tranche tokens at the saved price. The cash goes to the
  /// strategy until the next start.
  function depositAA(uint256 _amount) external returns (uint256 minted) {
    _requireNotPaused();
    _checkNotAllowed(!isWalletAllowed(msg.sender));
    if (_amount == 0) return 0;
    _updateAccounting();
    IToken(token).transferFrom(msg.sender, address(this), _amount);
    minted = _mintSharesAtCurrPrice(_amount, msg.sender);
    IStrategy(strategy).deposit(_amount);
  }

  /// @notice Redeem request between epochs: burns the tranche tokens now (0 = whole balance).
  /// Instant when the rate fell by more than `instantWithdrawAprDelta` (paid during the next
  /// epoch), otherwise standard (paid after the next epoch with its net interest).
  function requestWithdraw(uint256 _amount, address _tranche) external returns (uint256) {
    _checkNotAllowed(_tranche != AATranche || !allowAAWithdrawRequest || !_canRequestWithdraw(msg.sender));
    _updateAccounting();
    if (_amount == 0) _amount = IToken(_tranche).balanceOf(msg.sender);
    uint256 principal = _trancheToUnderlyings(_amount);
    if (!disableInstantWithdraw && lastEpochApr > _currentApr() + _instantAprDelta()) {
      IStrategy(strategy).requestInstantWithdraw(principal, msg.sender);
      _withdrawOps(_amount, principal);
      return principal;
    }
    (uint256 net, uint256 fees) = _withdrawInterest(principal);
    pendingWithdrawFees += fees;
    _strategyRequestWithdraw(principal + net, principal);
    _withdrawOps(_amount, principal);
    return principal + net;
  }

  /// @notice Claims standard redeems once an epoch completed since the last request, also while
  /// the next epoch runs and after a default (the strategy checks).
  function claimWithdrawRequest() external {
    IStrategy(strategy).claimWithdrawRequest(msg.sender);
  }

  function claimInstantWithdrawRequest() external {
    _checkNotAllowed(!allowInstantWithdraw);
    IStrategy(strategy).claimInstantWithdrawRequest(msg.sender);
  }

  // ---- manager calls ----

  /// @notice Duration 0 is reserved to the closing stop, and a closed vault keeps it.
  function setEpochParams(uint256 _epochDuration, uint256 _bufferPeriod) public {
    _checkOnlyOwnerOrManager();
    _checkNotAllowed(isEpochRunning || _epochDuration == 0 || epochDuration == 0);
    epochDuration = _epochDuration;
    bufferPeriod = _bufferPeriod;
  }

  function _setInstantWithdrawParams(uint256 _delay, uint256 _aprDelta, bool _disable) internal {
    instantWithdrawDelay = _delay;
    instantWithdrawAprDelta = _aprDelta;
    disableInstantWithdraw = _disable;
  }

  function _setKeyring(address _keyring, uint256 _policyId) internal {
    _checkOnlyOwnerOrManager();
    keyring = _keyring;
    keyringPolicyId = _policyId;
  }

  /// @notice Starts an epoch once the buffer after the last one has passed: fixes the expected
  /// interest, funds pending instant redeems from the cash first and lends the rest.
  function startEpoch() external {
    _checkOnlyOwnerOrManager();
    uint256 duration = epochDuration;
    _checkNotAllowed(block.timestamp < epochEndDate + bufferPeriod || duration == 0);
    isEpochRunning = true;
    _pause();
    allowAAWithdrawRequest = false;

    IStrategy _strategy = IStrategy(strategy);
    expectedEpochInterest = _calcInterest(getContractValue()) + pendingWithdrawFees;
    epochEndDate = block.timestamp + duration;
    instantWithdrawDeadline = block.timestamp + instantWithdrawDelay;
    uint256 toVault = lastEpochInterest + _strategy.totEpochDeposits();
    if (toVault != 0) _strategy.sendInterestAndDeposits(toVault);

    uint256 pendingInstant = _strategy.pendingInstantWithdraws();
    uint256 cash = IToken(token).balanceOf(address(this));
    if (pendingInstant > cash) {
      // The borrower funds the rest by the instant deadline (`getInstantWithdrawFunds`).
      _strategy.collectInstantWithdrawFunds(cash);
      return;
    }
    _strategy.collectInstantWithdrawFunds(pendingInstant);
    allowInstantWithdraw = true;
    try this.sendFundsToBorrower(cash - pendingInstant) {} catch {
      _handleBorrowerDefault(cash - pendingInstant);
    }
  }

  /// @dev External so that a failed transfer can be caught; only the vault itself may call it.
  function sendFundsToBorrower(uint256 _amount) external {
    _checkNotAllowed(msg.sender != address(this));
    IToken(token).transfer(IStrategy(strategy).borrower(), _amount);
  }

  /// @dev External so that a failed pull can be caught; only the vault itself may call it.
  function getFundsFromBorrower(uint256 _amount, uint256 _withdrawRequests, uint256 _instantWithdrawRequests) external {
    _checkNotAllowed(msg.sender != address(this));
    uint256 total = _amount + _withdrawRequests + _instantWithdrawRequests;
    if (total != 0) IToken(token).transferFrom(IStrategy(strategy).borrower(), address(this), total);
  }

  /// @notice Ends the epoch. `_interest` 0 = the expected interest; 1 = close the vault (the
  /// borrower also repays everything lent, no further epoch); above 1 = the realised interest,
  /// which needs `_newApr == 0` and at least the pending withdraw fees. The borrower must have
  /// approved the vault; a failed pull puts it in default.
  function stopEpoch(uint256 _newApr, uint256 _interest) public {
    _beforeStopEpoch();
    _checkOnlyOwnerOrManager();
    IStrategy _strategy = IStrategy(strategy);
    _checkNotAllowed(
      !isEpochRunning ||
        block.timestamp < epochEndDate ||
        _strategy.pendingInstantWithdraws() != 0 ||
        (_interest > 1 && (_interest < pendingWithdrawFees || _newApr != 0))
    );
    bool closing = _interest == 1;
    (uint256 expected, uint256 withdrawFees) = _prepareStop(_interest);
    uint256 withdraws = _strategy.pendingWithdraws();
    uint256 borrowed;
    if (closing) {
      borrowed = getContractValue() - IToken(token).balanceOf(address(this));
      expected += borrowed;
    }
    uint256 gross = expected - borrowed;

    try this.getFundsFromBorrower(expected, withdraws, 0) {
      if (withdraws != 0) _strategy.collectWithdrawFunds(withdraws);
      IToken(token).transfer(feeReceiver, withdrawFees);
      // The repaid principal backs the vault's strategy tokens from now on.
      if (closing) IToken(token).transfer(address(_strategy), borrowed);
      _updateAccounting();
      uint256 fees = unclaimedFees;
      uint256 available = gross > withdrawFees ? gross - withdrawFees : 0;
      if (fees > available) fees = available;
      IToken(token).transfer(feeReceiver, fees);
      unclaimedFees -= fees;
      uint256 totalFees = fees + withdrawFees;
      uint256 net = gross > totalFees ? gross - totalFees : 0;
      lastEpochInterest = net;
      // Completes the epoch in the strategy (epochNumber + 1).
      _strategy.deposit(net);
      lastEpochApr = _currentApr();
      _setScaledApr(_newApr);

      isEpochRunning = false;
      expectedEpochInterest = 0;
      pendingWithdrawFees = 0;
      _unpause();
      allowAAWithdrawRequest = true;
      // Instant redeems of the coming buffer are funded during the next epoch; on closing
      // everything is back, so they may be claimed at once.
      allowInstantWithdraw = closing;
      if (closing) {
        disableInstantWithdraw = true;
        epochDuration = 0;
        epochEndDate = 0;
      }
      emit AccrueInterest(gross, totalFees);
    } catch {
      // Instant redeems funded before the default stay claimable.
      allowInstantWithdraw = true;
      _handleBorrowerDefault(expected + withdraws);
    }
  }

  /// @notice After the instant deadline: the borrower funds pending instant redeems.
  function getInstantWithdrawFunds() external {
    _checkOnlyOwnerOrManager();
    _checkNotAllowed(!isEpochRunning || block.timestamp < instantWithdrawDeadline);
    IStrategy _strategy = IStrategy(strategy);
    uint256 pendingInstant = _strategy.pendingInstantWithdraws();
    try this.getFundsFromBorrower(0, 0, pendingInstant) {
      if (pendingInstant != 0) _strategy.collectInstantWithdrawFunds(pendingInstant);
      allowInstantWithdraw = true;
    } catch {
      _handleBorrowerDefault(pendingInstant);
    }
  }

  /// @dev The vault stays paused, no request or epoch follows; funded redeems stay claimable.
  function _handleBorrowerDefault(uint256 _funds) internal {
    defaulted = true;
    if (!paused) _pause();
    isEpochRunning = false;
    allowAAWithdrawRequest = false;
    _onDefault();
    emit BorrowerDefault(_funds);
  }

  /// @dev The borrower writes off tranche tokens it bought from a lender (through the write-off
  /// escrow) during an epoch: they leave the NAV, with the interest they would have earned.
  function _writeOffDeposit(uint256 _amount) internal {
    uint256 underlyings = _trancheToUnderlyings(_amount);
    (uint256 net, uint256 fees) = _withdrawInterest(underlyings);
    uint256 duration = epochDuration;
    uint256 interest = (net + fees) * (duration + bufferPeriod) / duration;
    _withdrawOps(_amount, underlyings);
    IStrategy2026(strategy).burnStrategyTokens(underlyings);
    expectedEpochInterest -= interest;
  }
}
