// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {CreditStrategyBase, StrategyParams} from "./CreditStrategyBase.sol";
import {CreditStrategyUnscaledApr} from "./CreditStrategyUnscaledApr.sol";
import {NotAllowed} from "./Errors.sol";
import {IToken, IEpochVault} from "./Interfaces.sol";

/// @notice Generation CDO_EPOCH_STRATEGY_2026 (current source): adds the "apr0" redeems of vaults
/// whose rate is only known at the stop (`unscaledApr() == 0`), a cap on the scaled APR, and the
/// mint/burn of the vault's strategy tokens used by deposits during an epoch, prefunded deposits,
/// realised losses and write-offs.
///
/// apr0: a standard redeem made while the rate is 0 is kept in `apr0Users` (not
/// `withdrawsRequests`). At the next stop `prepareStopEpochWithApr0` gives those requests their
/// pro-rata share of the realised interest (net of the performance fee) as a rate per request
/// epoch; the claim then settles principal and interest.
contract CreditStrategy2026 is CreditStrategyUnscaledApr {
  uint256 private constant FULL_ALLOC = 100000;
  uint256 public constant DEFAULT_MAX_APR = 20e18;

  struct Apr0UserData {
    uint256 principal;
    uint256 principalEpoch;
    uint256 settledPrincipal;
    uint256 settledInterest;
  }

  /// @notice Cap on the scaled APR; 0 disables it.
  uint256 public maxApr;
  /// @notice apr0 principal requested in the current epoch (awaiting the stop's rate).
  uint256 public apr0TotalPrincipal;
  mapping(address => Apr0UserData) public apr0Users;
  /// @notice Net interest per unit of apr0 principal (1e18 = 100 %), by request epoch.
  mapping(uint256 => uint256) public apr0RateByEpoch;

  constructor(StrategyParams memory p) CreditStrategyBase(p) {
    maxApr = DEFAULT_MAX_APR;
  }

  function _checkApr(uint256 _apr) internal view override {
    uint256 cap = maxApr;
    if (cap != 0 && _apr > cap) revert NotAllowed();
  }

  function setMaxApr(uint256 _maxApr) external {
    _onlyOwner();
    maxApr = _maxApr;
  }

  function setBorrower(address _borrower) external {
    _onlyOwner();
    borrower = _nonZero(_borrower);
  }

  /// @notice After a default the manager may let receipts move.
  function setCanTransfer(bool _canTransfer) external {
    if (msg.sender != manager || !IEpochVault(idleCDO).defaulted()) revert NotAllowed();
    canTransfer = _canTransfer;
  }

  function deposit(uint256 _amount) external override returns (uint256) {
    _onlyIdleCDO();
    if (_amount > 0) {
      _pullFromVault(_amount);
      _mint(msg.sender, _amount);
    }
    _countDeposit(_amount);
    return _amount;
  }

  /// @notice Vault tokens without cash: a deposit during an epoch (its cash goes straight to the
  /// borrower) or prefunded deposits (already at the borrower).
  function mintStrategyTokens(uint256 _amount) external {
    _onlyIdleCDO();
    _mint(msg.sender, _amount);
  }

  /// @notice A realised loss or a written-off deposit leaves the vault's NAV.
  function burnStrategyTokens(uint256 _amount) external {
    _onlyIdleCDO();
    _burn(msg.sender, _amount);
  }

  /// @notice Standard request of `_amount` whose `_principal` leaves the vault's tokens now.
  function requestWithdraw(uint256 _amount, address _user, uint256 _principal) external {
    _onlyIdleCDO();
    if (_amount == 0) return;
    _bookWithdraw(_amount, _user, _principal);
    if (unscaledApr == 0) {
      _settleApr0(_user);
      Apr0UserData storage user = apr0Users[_user];
      if (user.principal == 0) user.principalEpoch = epochNumber;
      user.principal += _amount;
      apr0TotalPrincipal += _amount;
    } else {
      withdrawsRequests[_user] += _amount;
    }
  }

  /// @notice Pays standard and apr0 requests once an epoch completed since the last request (at
  /// once on a closed vault); pays nothing, without reverting, when nothing is due.
  function claimWithdrawRequest(address _user) external returns (uint256 amount) {
    _onlyIdleCDO();
    _checkClaimable(_user);
    _settleApr0(_user);
    Apr0UserData storage user = apr0Users[_user];
    uint256 standard = withdrawsRequests[_user];
    uint256 apr0Principal = user.settledPrincipal + user.principal;
    uint256 apr0Interest = user.settledInterest;
    amount = standard + apr0Principal + apr0Interest;
    // The apr0 interest was never minted as receipt: only the principal is burnt.
    _burn(_user, standard + apr0Principal);
    withdrawsRequests[_user] = 0;
    lastWithdrawRequest[_user] = 0;
    if (apr0Principal != 0 || apr0Interest != 0) delete apr0Users[_user];
    IToken(token).transfer(_user, amount);
  }

  /// @notice Called by the vault at the stop. With an interest given at the stop (> 1), the apr0
  /// principal gets its pro-rata share of it (over vault value + apr0 principal), net of the
  /// performance fee; that share moves from the vault's interest to the pending withdrawals.
  /// Returns the vault's interest and withdraw fees after that move.
  function prepareStopEpochWithApr0(uint256 _interest) external returns (uint256 interest, uint256 withdrawFees) {
    _onlyIdleCDO();
    IEpochVault cdo = IEpochVault(idleCDO);
    withdrawFees = cdo.pendingWithdrawFees();
    interest = _interest > 1 ? _interest : cdo.expectedEpochInterest();
    uint256 principal = apr0TotalPrincipal;
    if (principal == 0) return (interest, withdrawFees);
    if (unscaledApr != 0) revert NotAllowed();

    uint256 netShare;
    if (interest > 1 && interest > withdrawFees) {
      uint256 base = cdo.getContractValue() + principal;
      uint256 gross = (interest - withdrawFees) * principal / base;
      if (gross != 0) {
        uint256 fees = gross * cdo.fee() / FULL_ALLOC;
        netShare = gross - fees;
        withdrawFees += fees;
        interest -= netShare;
      }
    }
    if (netShare != 0) {
      pendingWithdraws += netShare;
      apr0RateByEpoch[epochNumber] = netShare * 1e18 / principal;
    }
    apr0TotalPrincipal = 0;
  }

  /// @dev Once the request's epoch completed, its principal and interest become settled.
  function _settleApr0(address _user) internal {
    Apr0UserData storage user = apr0Users[_user];
    uint256 principal = user.principal;
    if (principal == 0 || user.principalEpoch >= epochNumber) return;
    user.settledPrincipal += principal;
    uint256 rate = apr0RateByEpoch[user.principalEpoch];
    if (rate != 0) user.settledInterest += principal * rate / 1e18;
    user.principal = 0;
    user.principalEpoch = 0;
  }
}
