// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {CreditStrategyBase} from "./CreditStrategyBase.sol";
import {CreditStrategyLegacy} from "./CreditStrategyLegacy.sol";

/// @notice Generation CDO_EPOCH_STRATEGY_MAIN_V1: only the scaled APR exists (`getApr`, `setApr`);
/// its vault (CDO_EPOCH_MAIN_V1) compares scaled rates for instant redeems.
contract CreditStrategyV1 is CreditStrategyLegacy {
  constructor(
    address _token,
    uint8 _decimals,
    address _manager,
    address _borrower,
    string memory _name,
    string memory _symbol,
    uint256 _apr
  ) CreditStrategyBase(_token, _decimals, _manager, _borrower, _name, _symbol, _apr) {}
}
