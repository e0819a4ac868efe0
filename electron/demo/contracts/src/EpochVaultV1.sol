// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {EpochVaultBase} from "./EpochVaultBase.sol";
import {VaultParams} from "./EpochVaultState.sol";
import {EpochVaultLegacy} from "./EpochVaultLegacy.sol";
import {IStrategy} from "./Interfaces.sol";

/// @notice Generation CDO_EPOCH_MAIN_V1, paired with strategy V1 (scaled rates only).
contract EpochVaultV1 is EpochVaultLegacy {
  constructor(VaultParams memory p) EpochVaultBase(p) {}

  // Its strategy has only the scaled rate: instant redeems compare scaled rates (the delta scaled
  // the same way) and the stop sets the scaled rate alone.

  function _currentApr() internal view override returns (uint256) {
    return IStrategy(strategy).getApr();
  }

  function _instantAprDelta() internal view override returns (uint256) {
    return _scaleApr(instantWithdrawAprDelta);
  }

  function _setScaledApr(uint256 _newApr) internal override {
    IStrategy(strategy).setApr(_scaleApr(_newApr));
  }
}
