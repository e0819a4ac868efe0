// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {CreditStrategyBase} from "./CreditStrategyBase.sol";

/// @notice The unscaled APR, from generation V2 on (V2 and 2026): the rate as lenders see it, which
/// the vault compares with `lastEpochApr` to decide whether a redeem is instant. It starts at the
/// deployment's rate, as the scaled one does.
abstract contract CreditStrategyUnscaledApr is CreditStrategyBase {
  /// @notice The epoch's APR as lenders see it (1e18 = 1 %), before the buffer scaling.
  uint256 public unscaledApr;

  constructor() {
    unscaledApr = lastApr;
  }

  /// @notice Both rates at once; `setApr` checks the caller.
  function setAprs(uint256 _unscaledApr, uint256 _apr) external {
    unscaledApr = _unscaledApr;
    setApr(_apr);
  }
}
