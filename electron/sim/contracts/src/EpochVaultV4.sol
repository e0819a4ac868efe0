// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {EpochVaultBase} from "./EpochVaultBase.sol";
import {VaultParams} from "./EpochVaultState.sol";
import {EpochVaultLegacy} from "./EpochVaultLegacy.sol";

/// @notice Generation CDO_EPOCH_MAIN_V4: V1 against a strategy with the unscaled APR (V2).
contract EpochVaultV4 is EpochVaultLegacy {
  constructor(VaultParams memory p) EpochVaultBase(p) {}
}
