// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {CreditStrategyBase, StrategyParams} from "./CreditStrategyBase.sol";
import {CreditStrategyLegacy} from "./CreditStrategyLegacy.sol";
import {CreditStrategyUnscaledApr} from "./CreditStrategyUnscaledApr.sol";

/// @notice Generation CDO_EPOCH_STRATEGY_MAIN_V2: V1 plus the unscaled APR
/// (CreditStrategyUnscaledApr).
contract CreditStrategyV2 is CreditStrategyLegacy, CreditStrategyUnscaledApr {
  constructor(StrategyParams memory p) CreditStrategyBase(p) {}
}
