// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {Tranche} from "./Tranche.sol";
import {CreditStrategy} from "./CreditStrategy.sol";
import {NotAllowed, EpochRunning, EpochNotRunning} from "./Errors.sol";

interface IERC20 {
  function balanceOf(address) external view returns (uint256);
  function transfer(address to, uint256 amount) external returns (bool);
  function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

interface IKeyring {
  function checkCredential(uint256 policyId, address wallet) external view returns (bool);
}

/// @notice Epoch credit vault with one (AA) tranche.
///
/// Cycle: while no epoch runs (WAITING) lenders deposit with `depositAA` and file redeem requests
/// with `requestWithdraw`. `startEpoch` lends the vault's cash to the borrower and pauses the
/// vault; at `epochEndDate` the manager calls `stopEpoch`, which pulls interest and the standard
/// redeem funds from the borrower. A failed pull puts the vault in default.
///
/// Accounting: the tranche price (underlying units per 1e18 tranche tokens) only moves at
/// `stopEpoch`; the vault's value is `totalSupply × price / 1e18`.
contract EpochVault {
  event AccrueInterest(uint256 interest, uint256 fees);
  event BorrowerDefault(uint256 funds);
  event Paused(address account);
  event Unpaused(address account);

  uint256 internal constant ONE_TRANCHE = 1e18;
  uint256 internal constant FULL_ALLOC = 100000;
  uint256 internal constant MAX_FEE = 20000;
  /// @dev APRs are percentages scaled by 1e18 (1e18 = 1 %).
  uint256 internal constant APR_SCALE = 100e18;
  uint256 internal constant YEAR = 365 days;

  address public immutable token;
  address public immutable strategy;
  address public immutable AATranche;
  address public immutable owner;
  address public keyring;
  uint256 public keyringPolicyId;
  address public feeReceiver;
  uint256 public fee;

  bool public isEpochRunning;
  bool public paused;
  bool public defaulted;
  /// @dev Set by `stopEpoch(_, 1)`: the vault is closed and no further epoch starts.
  bool public closed;
  uint256 public epochEndDate;
  uint256 public epochDuration;
  uint256 public bufferPeriod;
  uint256 public instantWithdrawDelay;
  uint256 public instantWithdrawDeadline;
  uint256 public instantWithdrawAprDelta;
  bool public allowInstantWithdraw;
  bool public disableInstantWithdraw;
  uint256 public lastEpochApr;
  uint256 public lastEpochInterest;
  uint256 public expectedEpochInterest;
  /// @notice Fees on the extra epoch of interest that standard redeem requests are paid.
  uint256 public pendingWithdrawFees;
  uint256 public unclaimedFees;

  uint256 internal price;

  constructor(
    address _token,
    uint8 _tokenDecimals,
    address _strategy,
    address _keyring,
    uint256 _keyringPolicyId,
    address _feeReceiver,
    uint256 _fee,
    uint256 _epochDuration,
    uint256 _bufferPeriod,
    string memory _trancheName,
    string memory _trancheSymbol
  ) {
    if (_fee > MAX_FEE) revert NotAllowed();
    token = _token;
    strategy = _strategy;
    owner = msg.sender;
    keyring = _keyring;
    keyringPolicyId = _keyringPolicyId;
    feeReceiver = _feeReceiver;
    fee = _fee;
    epochDuration = _epochDuration;
    bufferPeriod = _bufferPeriod;
    instantWithdrawDelay = 3 days;
    instantWithdrawAprDelta = 1e18;
    price = 10 ** _tokenDecimals;
    AATranche = address(new Tranche(_trancheName, _trancheSymbol));
  }

  // ---- access ----

  function _checkOnlyOwnerOrManager() internal view {
    if (msg.sender != owner && msg.sender != CreditStrategy(strategy).manager()) revert NotAllowed();
  }

  function _requireNotPaused() internal view {
    require(!paused, "Pausable: paused");
  }

  function _pause() internal {
    paused = true;
    emit Paused(msg.sender);
  }

  function _unpause() internal {
    paused = false;
    emit Unpaused(msg.sender);
  }

  function isWalletAllowed(address user) public view returns (bool) {
    return keyring == address(0) || IKeyring(keyring).checkCredential(keyringPolicyId, user);
  }

  // ---- views ----

  function virtualPrice(address tranche) public view returns (uint256) {
    if (tranche != AATranche) return 0;
    return price;
  }

  /// @notice Value owed to tranche holders, in underlying units.
  function getContractValue() public view returns (uint256) {
    return Tranche(AATranche).totalSupply() * price / ONE_TRANCHE;
  }

  /// @notice Underlying value of the user's tranche tokens plus one more epoch of net interest:
  /// what a standard redeem of the whole balance pays.
  function maxWithdrawable(address user, address tranche) public view returns (uint256) {
    uint256 value = maxWithdrawableInstant(user, tranche);
    (uint256 net, ) = _standardInterest(value);
    return value + net;
  }

  /// @notice Underlying value of the user's tranche tokens: what an instant redeem pays.
  function maxWithdrawableInstant(address user, address tranche) public view returns (uint256) {
    if (tranche != AATranche) return 0;
    return Tranche(AATranche).balanceOf(user) * price / ONE_TRANCHE;
  }

  function _standardInterest(uint256 value) internal view returns (uint256 net, uint256 fees) {
    uint256 gross = value * CreditStrategy(strategy).getApr() * epochDuration / (APR_SCALE * YEAR);
    fees = gross * fee / FULL_ALLOC;
    net = gross - fees;
  }

  function _isInstantWithdraw() internal view returns (bool) {
    return !disableInstantWithdraw &&
      lastEpochApr > CreditStrategy(strategy).unscaledApr() + instantWithdrawAprDelta;
  }

  // ---- lender calls ----

  function depositAA(uint256 amount) external returns (uint256 minted) {
    if (!isWalletAllowed(msg.sender)) revert NotAllowed();
    _requireNotPaused();
    // Unreachable while the vault pauses itself for the epoch; kept as the explicit rule.
    if (isEpochRunning) revert EpochRunning();
    if (defaulted) revert NotAllowed();
    IERC20(token).transferFrom(msg.sender, address(this), amount);
    minted = amount * ONE_TRANCHE / price;
    Tranche(AATranche).mint(msg.sender, minted);
    CreditStrategy(strategy).addEpochDeposits(amount);
  }

  /// @notice Redeem request: burns the tranche tokens now (0 = whole balance) and books a receipt.
  /// Instant when the APR dropped by more than `instantWithdrawAprDelta` (paid during the next
  /// epoch), otherwise standard (paid after the next epoch, with that epoch's net interest).
  function requestWithdraw(uint256 trancheAmount, address tranche) external returns (uint256 amount) {
    if (tranche != AATranche || defaulted) revert NotAllowed();
    if (!isWalletAllowed(msg.sender)) revert NotAllowed();
    if (isEpochRunning) revert EpochRunning();
    if (trancheAmount == 0) trancheAmount = Tranche(AATranche).balanceOf(msg.sender);
    if (trancheAmount == 0) revert NotAllowed();
    uint256 value = trancheAmount * price / ONE_TRANCHE;
    Tranche(AATranche).burn(msg.sender, trancheAmount);
    if (_isInstantWithdraw()) {
      amount = value;
      CreditStrategy(strategy).requestInstantWithdraw(amount, msg.sender);
    } else {
      (uint256 net, uint256 fees) = _standardInterest(value);
      amount = value + net;
      pendingWithdrawFees += fees;
      CreditStrategy(strategy).requestWithdraw(amount, msg.sender);
    }
  }

  /// @notice Claims standard redeems once an epoch has completed since the request; only between
  /// epochs (the funds arrive with `stopEpoch`).
  function claimWithdrawRequest() external {
    if (isEpochRunning) revert EpochRunning();
    CreditStrategy(strategy).claimWithdrawRequest(msg.sender);
  }

  /// @notice Claims instant redeems once the borrower has funded them, also while the epoch runs.
  function claimInstantWithdrawRequest() external {
    if (!allowInstantWithdraw) revert NotAllowed();
    CreditStrategy(strategy).claimInstantWithdrawRequest(msg.sender);
  }

  // ---- manager calls ----

  function setEpochParams(uint256 _duration, uint256 _buffer) external {
    _checkOnlyOwnerOrManager();
    if (isEpochRunning) revert EpochRunning();
    if (_duration == 0) revert NotAllowed();
    epochDuration = _duration;
    bufferPeriod = _buffer;
  }

  function setInstantWithdrawParams(uint256 _delay, uint256 _aprDelta, bool _disable) external {
    _checkOnlyOwnerOrManager();
    instantWithdrawDelay = _delay;
    instantWithdrawAprDelta = _aprDelta;
    disableInstantWithdraw = _disable;
  }

  function setKeyringParams(address _keyring, uint256 _policyId) external {
    if (msg.sender != owner) revert NotAllowed();
    keyring = _keyring;
    keyringPolicyId = _policyId;
  }

  function setFee(uint256 _fee) external {
    if (msg.sender != owner) revert NotAllowed();
    if (_fee > MAX_FEE) revert NotAllowed();
    fee = _fee;
  }

  /// @notice Starts an epoch: fixes the expected interest and the end date, funds pending instant
  /// redeems from the vault's cash first and lends the rest to the borrower.
  function startEpoch() external {
    _checkOnlyOwnerOrManager();
    // A defaulted or closed vault runs no further epoch. (The buffer period is not enforced here:
    // the cycle driver waits it out.)
    if (defaulted || closed) revert NotAllowed();
    if (isEpochRunning) revert EpochRunning();
    CreditStrategy _strategy = CreditStrategy(strategy);

    isEpochRunning = true;
    allowInstantWithdraw = false;
    _pause();

    expectedEpochInterest = _strategy.getApr() * getContractValue() * epochDuration / (APR_SCALE * YEAR);
    epochEndDate = block.timestamp + epochDuration;
    instantWithdrawDeadline = block.timestamp + instantWithdrawDelay;
    _strategy.resetEpochDeposits();

    uint256 cash = IERC20(token).balanceOf(address(this));
    uint256 pendingInstant = _strategy.pendingInstantWithdraws();
    uint256 toStrategy = pendingInstant < cash ? pendingInstant : cash;
    if (toStrategy > 0) {
      IERC20(token).transfer(strategy, toStrategy);
      _strategy.collectInstantWithdrawFunds(toStrategy);
    }
    if (cash > toStrategy) {
      IERC20(token).transfer(_strategy.borrower(), cash - toStrategy);
    }
  }

  /// @notice Ends the epoch. `interest` 0 means the expected interest; 1 closes the vault (the
  /// expected interest is paid and no further epoch starts). The borrower must have approved
  /// this vault for interest + standard redeems + their fees; if the pull fails the vault defaults.
  function stopEpoch(uint256 newApr, uint256 interest) external {
    _checkOnlyOwnerOrManager();
    if (!isEpochRunning) revert EpochNotRunning();
    if (defaulted) revert NotAllowed();
    if (block.timestamp < epochEndDate) revert EpochRunning();
    CreditStrategy _strategy = CreditStrategy(strategy);

    bool closing = interest == 1;
    if (interest == 0 || closing) interest = expectedEpochInterest;
    uint256 withdraws = _strategy.pendingWithdraws();
    uint256 withdrawFees = pendingWithdrawFees;
    uint256 funds = interest + withdraws + withdrawFees;

    try this.getFundsFromBorrower(funds) {
      uint256 fees = interest * fee / FULL_ALLOC;
      uint256 supply = Tranche(AATranche).totalSupply();
      if (supply > 0) {
        price = (getContractValue() + interest - fees) * ONE_TRANCHE / supply;
      }
      if (withdraws > 0) {
        IERC20(token).transfer(strategy, withdraws);
        _strategy.collectWithdrawFunds(withdraws);
      }
      unclaimedFees = fees + withdrawFees;
      pendingWithdrawFees = 0;
      if (unclaimedFees > 0) IERC20(token).transfer(feeReceiver, unclaimedFees);
      unclaimedFees = 0;

      // Both APRs are kept unscaled, so the instant-withdraw test compares like with like.
      lastEpochApr = _strategy.unscaledApr();
      lastEpochInterest = interest;
      _strategy.setApr(newApr);
      _strategy.completeEpoch();
      // Instant redeems filed in the coming buffer are funded during the next epoch. (On default
      // the flag stays, so redeems already funded remain claimable.)
      allowInstantWithdraw = false;
      if (closing) closed = true;
      isEpochRunning = false;
      _unpause();
      emit AccrueInterest(interest, fees);
    } catch {
      _handleBorrowerDefault(funds);
    }
  }

  /// @notice Pulls the funds for pending instant redeems from the borrower, after the deadline.
  function getInstantWithdrawFunds() external {
    _checkOnlyOwnerOrManager();
    if (!isEpochRunning) revert EpochNotRunning();
    if (defaulted) revert NotAllowed();
    if (block.timestamp < instantWithdrawDeadline) revert EpochRunning();
    CreditStrategy _strategy = CreditStrategy(strategy);
    uint256 pendingInstant = _strategy.pendingInstantWithdraws();
    try this.getFundsFromBorrower(pendingInstant) {
      if (pendingInstant > 0) {
        IERC20(token).transfer(strategy, pendingInstant);
        _strategy.collectInstantWithdrawFunds(pendingInstant);
      }
      allowInstantWithdraw = true;
    } catch {
      _handleBorrowerDefault(pendingInstant);
    }
  }

  /// @dev External so that a failed pull can be caught; only the vault itself may call it.
  function getFundsFromBorrower(uint256 amount) external {
    if (msg.sender != address(this)) revert NotAllowed();
    if (amount > 0) {
      IERC20(token).transferFrom(CreditStrategy(strategy).borrower(), address(this), amount);
    }
  }

  /// @dev The vault stays paused and the epoch is never completed; funds already in the strategy
  /// (funded instant redeems) remain claimable.
  function _handleBorrowerDefault(uint256 funds) internal {
    defaulted = true;
    emit BorrowerDefault(funds);
  }
}
