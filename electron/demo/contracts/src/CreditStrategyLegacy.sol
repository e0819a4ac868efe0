// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {CreditStrategyBase} from "./CreditStrategyBase.sol";
import {IToken} from "./Interfaces.sol";

/// @notice Rules of the 2024–2025 strategies (generations V1 and V2).
abstract contract CreditStrategyLegacy is CreditStrategyBase {
  /// @notice Standard request of `_amount` (principal + one epoch of net interest); only the
  /// principal leaves the vault's tokens now, the interest is paid by the borrower at the stop.
  function requestWithdraw(uint256 _amount, address _user, uint256 _netInterest) external {
    _onlyIdleCDO();
    _bookWithdraw(_amount, _user, _amount - _netInterest);
    withdrawsRequests[_user] += _amount;
  }

  /// @notice Pays the user's standard requests once an epoch completed since the last one; with
  /// nothing requested it pays nothing (no revert once an epoch has completed).
  function claimWithdrawRequest(address _user) external returns (uint256 amount) {
    _onlyIdleCDO();
    _checkClaimable(_user);
    amount = withdrawsRequests[_user];
    _burn(_user, amount);
    withdrawsRequests[_user] = 0;
    lastWithdrawRequest[_user] = 0;
    IToken(token).transfer(_user, amount);
  }

  /// @notice After a default the vault lets receipts move (they may be traded).
  function allowTransfers() external {
    _onlyIdleCDO();
    canTransfer = true;
  }
}
