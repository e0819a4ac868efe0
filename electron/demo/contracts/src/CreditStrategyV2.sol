// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {CreditStrategyBase} from "./CreditStrategyBase.sol";
import {CreditStrategyLegacy} from "./CreditStrategyLegacy.sol";

/// @notice Generation CDO_EPOCH_STRATEGY_MAIN_V2: V1 plus the unscaled APR, which the vault
/// compares with `lastEpochApr` to decide whether a redeem is instant.
contract CreditStrategyV2 is CreditStrategyLegacy {
  /// @notice The epoch's APR as lenders see it (1e18 = 1 %), before the buffer scaling.
  uint256 public unscaledApr;

  constructor(
    address _token,
    uint8 _decimals,
    address _manager,
    address _borrower,
    string memory _name,
    string memory _symbol,
    uint256 _apr
  ) CreditStrategyBase(_token, _decimals, _manager, _borrower, _name, _symbol, _apr) {
    unscaledApr = _apr;
  }

  /// @notice Both rates at once; `setApr` checks the caller.
  function setAprs(uint256 _unscaledApr, uint256 _apr) external {
    unscaledApr = _unscaledApr;
    setApr(_apr);
  }
}
