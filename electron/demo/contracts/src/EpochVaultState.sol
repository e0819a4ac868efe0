// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {Tranche} from "./Tranche.sol";
import {NotAllowed} from "./Errors.sol";
import {IToken, ITrancheToken, IKeyringCheck, IStrategy} from "./Interfaces.sol";

/// @notice Deployment parameters of a demo vault (the real ones are proxies set up by `initialize`
/// and the manager's setters).
struct VaultParams {
  address token;
  uint8 tokenDecimals;
  address strategy;
  address keyring;
  uint256 keyringPolicyId;
  address feeReceiver;
  uint256 fee;
  uint256 epochDuration;
  uint256 bufferPeriod;
  string trancheName;
  string trancheSymbol;
}

/// @notice The state, views and accounting every epoch-vault generation shares (its calls are in
/// EpochVaultBase): one senior (AA) tranche lending to one
/// borrower in epochs. Each generation is a small contract on top that exposes its own surface.
///
/// Cycle: between epochs lenders deposit (`depositAA`) and file redeem requests
/// (`requestWithdraw`). `startEpoch` pauses the vault and lends its cash to the borrower (after
/// funding pending instant redeems); at `epochEndDate` the manager stops the epoch, which pulls
/// the interest and the standard redeems from the borrower. A failed pull is a default.
///
/// Accounting (as the real vault): the vault's value is its strategy tokens plus its cash minus
/// the fees it owes; the tranche price is saved at each accounting update, and a gain pays the
/// performance fee `fee` (100000 = 100 %) first. APRs are scaled by 1e18 (1e18 = 1 %). Not
/// modelled: the junior (BB) tranche, the adaptive yield split, management fees, deposit caps.
abstract contract EpochVaultState {
  event AccrueInterest(uint256 interest, uint256 fees);
  event BorrowerDefault(uint256 funds);
  event Paused(address account);
  event Unpaused(address account);

  uint256 public constant FULL_ALLOC = 100000;
  uint256 public constant MAX_FEE = 20000;
  uint256 public constant ONE_TRANCHE_TOKEN = 1e18;

  address public immutable token;
  address public immutable strategy;
  /// @notice The strategy is its own strategy token.
  address public immutable strategyToken;
  address public immutable AATranche;
  address public immutable owner;
  uint256 public immutable oneToken;
  address public immutable feeReceiver;
  uint256 public immutable fee;

  bool public paused;
  bool public isEpochRunning;
  bool public allowAAWithdrawRequest;
  bool public allowInstantWithdraw;
  bool public disableInstantWithdraw;
  bool public defaulted;
  uint256 public epochDuration;
  uint256 public bufferPeriod;
  uint256 public instantWithdrawDelay;
  uint256 public instantWithdrawAprDelta;
  uint256 public expectedEpochInterest;
  uint256 public epochEndDate;
  uint256 public instantWithdrawDeadline;
  /// @notice The finished epoch's APR, compared with the next one's for instant redeems.
  uint256 public lastEpochApr;
  /// @notice Fees on the extra epoch of interest that standard redeems are paid.
  uint256 public pendingWithdrawFees;
  /// @notice Net interest of the last epoch (handed back to the vault at the next start).
  uint256 public lastEpochInterest;
  uint256 public unclaimedFees;
  uint256 public lastNAVAA;
  uint256 public priceAA;
  address public keyring;
  uint256 public keyringPolicyId;

  constructor(VaultParams memory p) {
    _checkNotAllowed(p.fee > MAX_FEE);
    token = p.token;
    strategy = p.strategy;
    strategyToken = p.strategy;
    owner = msg.sender;
    oneToken = 10 ** p.tokenDecimals;
    priceAA = 10 ** p.tokenDecimals;
    feeReceiver = p.feeReceiver;
    fee = p.fee;
    keyring = p.keyring;
    keyringPolicyId = p.keyringPolicyId;
    epochDuration = p.epochDuration;
    bufferPeriod = p.bufferPeriod;
    allowAAWithdrawRequest = true;
    // Instant redeems are off until the manager sets their parameters, as on a fresh real vault.
    disableInstantWithdraw = true;
    AATranche = address(new Tranche(p.trancheName, p.trancheSymbol));
    // The strategy pulls the vault's cash for deposits and redeem funds.
    IToken(p.token).approve(p.strategy, type(uint256).max);
    // The strategy was deployed with the unscaled rate: scale it for the buffer.
    _setScaledApr(IStrategy(p.strategy).getApr());
  }

  // ---- generation hooks ----

  /// @dev The rate compared with `lastEpochApr` for instant redeems, and the delta over it.
  function _currentApr() internal view virtual returns (uint256);
  function _instantAprDelta() internal view virtual returns (uint256);
  /// @dev Sets the next epoch's rate on the strategy (scaled for the buffer).
  function _setScaledApr(uint256 _newApr) internal virtual;
  /// @dev Books a standard request of `_amount` whose `_principal` leaves the vault now.
  function _strategyRequestWithdraw(uint256 _amount, uint256 _principal) internal virtual;
  /// @dev The stop's interest and withdraw fees (2026: after the apr0 share is set aside).
  function _prepareStop(uint256 _interest) internal virtual returns (uint256 interest, uint256 withdrawFees);
  function _canRequestWithdraw(address _user) internal view virtual returns (bool);
  function _beforeStopEpoch() internal view virtual {}
  function _onDefault() internal virtual {}

  // ---- checks ----

  function _checkNotAllowed(bool _revertCondition) internal pure {
    if (_revertCondition) revert NotAllowed();
  }

  function _checkOnlyOwnerOrManager() internal view {
    _checkNotAllowed(msg.sender != owner && msg.sender != IStrategy(strategy).manager());
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

  function isWalletAllowed(address _user) public view returns (bool) {
    address k = keyring;
    return k == address(0) || IKeyringCheck(k).checkCredential(keyringPolicyId, _user);
  }

  // ---- views ----

  function getContractValue() public view returns (uint256) {
    return IToken(strategy).balanceOf(address(this)) + IToken(token).balanceOf(address(this)) - unclaimedFees;
  }

  /// @notice The saved tranche price (underlying units per 1e18 tranche tokens).
  function tranchePrice(address _tranche) external view returns (uint256) {
    return _tranche == AATranche ? priceAA : 0;
  }

  /// @notice The tranche price with the gain since the last update (net of the fee).
  function virtualPrice(address _tranche) public view returns (uint256) {
    if (_tranche != AATranche) return 0;
    (uint256 nav, ) = _navAfterFees();
    uint256 supply = IToken(AATranche).totalSupply();
    return supply == 0 ? oneToken : nav * ONE_TRANCHE_TOKEN / supply;
  }

  /// @notice The single tranche takes the whole strategy rate.
  function getApr(address _tranche) external view returns (uint256) {
    return _tranche == AATranche ? IStrategy(strategy).getApr() : 0;
  }

  /// @notice What a standard redeem of the user's whole balance would pay now.
  function maxWithdrawable(address _user, address _tranche) external view returns (uint256) {
    uint256 value = _trancheToUnderlyings(IToken(_tranche).balanceOf(_user));
    (uint256 net, ) = _withdrawInterest(value);
    return value + net;
  }

  // ---- accounting ----

  function _trancheToUnderlyings(uint256 _amount) internal view returns (uint256) {
    return _amount * priceAA / ONE_TRANCHE_TOKEN;
  }

  function _navAfterFees() internal view returns (uint256 nav, uint256 fees) {
    nav = getContractValue();
    uint256 last = lastNAVAA;
    if (nav > last) {
      fees = (nav - last) * fee / FULL_ALLOC;
      nav -= fees;
    }
  }

  /// @dev Saves the NAV and the price, booking the fee on any gain since the last update.
  function _updateAccounting() internal {
    (uint256 nav, uint256 fees) = _navAfterFees();
    unclaimedFees += fees;
    lastNAVAA = nav;
    uint256 supply = IToken(AATranche).totalSupply();
    priceAA = supply == 0 ? oneToken : nav * ONE_TRANCHE_TOKEN / supply;
  }

  function _mintShares(address _to, uint256 _shares, uint256 _underlyings) internal {
    ITrancheToken(AATranche).mint(_to, _shares);
    lastNAVAA += _underlyings;
  }

  function _mintSharesAtCurrPrice(uint256 _amount, address _to) internal returns (uint256 minted) {
    minted = _amount * ONE_TRANCHE_TOKEN / priceAA;
    _mintShares(_to, minted, _amount);
  }

  function _withdrawOps(uint256 _amount, uint256 _underlyings) internal {
    ITrancheToken(AATranche).burn(msg.sender, _amount);
    lastNAVAA -= _underlyings;
  }

  /// @dev One epoch of interest at the scaled strategy rate.
  function _calcInterest(uint256 _amount) internal view returns (uint256) {
    return _amount * (IStrategy(strategy).getApr() / 100) * epochDuration / (365 days * ONE_TRANCHE_TOKEN);
  }

  /// @dev What a standard redeem earns: one epoch without the buffer (the scaled rate pays the
  /// buffer to those who stay), net of the fee.
  function _withdrawInterest(uint256 _amount) internal view returns (uint256 net, uint256 fees) {
    uint256 duration = epochDuration;
    if (duration == 0) return (0, 0);
    uint256 gross = _calcInterest(_amount) * duration / (duration + bufferPeriod);
    fees = gross * fee / FULL_ALLOC;
    net = gross - fees;
  }

  function _scaleApr(uint256 _apr) internal view returns (uint256) {
    uint256 duration = epochDuration;
    return duration == 0 ? _apr : _apr * (duration + bufferPeriod) / duration;
  }
}
