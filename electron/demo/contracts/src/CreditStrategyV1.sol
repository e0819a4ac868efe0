// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {CreditStrategyBase, StrategyParams} from "./CreditStrategyBase.sol";
import {CreditStrategyLegacy} from "./CreditStrategyLegacy.sol";

/// @notice Generation CDO_EPOCH_STRATEGY_MAIN_V1: only the scaled APR exists (`getApr`, `setApr`);
/// its vault (CDO_EPOCH_MAIN_V1) compares scaled rates for instant redeems.
contract CreditStrategyV1 is CreditStrategyLegacy {
  constructor(StrategyParams memory p) CreditStrategyBase(p) {}
}
