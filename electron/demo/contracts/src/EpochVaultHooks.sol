// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {EpochVaultBase} from "./EpochVaultBase.sol";
import {IStrategyUnscaled} from "./Interfaces.sol";

/// @notice Rate hooks for vaults whose strategy keeps the unscaled APR (strategy V2 and 2026):
/// instant redeems compare unscaled rates, and the stop sets both rates at once.
abstract contract UnscaledAprVault is EpochVaultBase {
  function _currentApr() internal view virtual override returns (uint256) {
    return IStrategyUnscaled(strategy).unscaledApr();
  }

  function _instantAprDelta() internal view virtual override returns (uint256) {
    return instantWithdrawAprDelta;
  }

  function _setScaledApr(uint256 _newApr) internal virtual override {
    IStrategyUnscaled(strategy).setAprs(_newApr, _scaleApr(_newApr));
  }
}
