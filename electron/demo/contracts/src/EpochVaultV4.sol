// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {EpochVaultBase} from "./EpochVaultBase.sol";
import {VaultParams} from "./EpochVaultState.sol";
import {EpochVaultLegacy} from "./EpochVaultLegacy.sol";

/// @notice Generation CDO_EPOCH_MAIN_V4: V1 against a strategy with the unscaled APR (V2).
contract EpochVaultV4 is EpochVaultLegacy {
  /// @notice The interest a senior withdrawal request moves to or from the junior tranche over the
  /// next epoch, added to the expected interest at the next start. The demo vaults have the senior
  /// tranche only, which takes all the yield, so a request moves none and the figure stays 0, as
  /// the real one does in that configuration (it is what tells a V3/V4 vault from a V1 on chain).
  int256 public interestForOverUnderPerformance;

  constructor(VaultParams memory p) EpochVaultBase(p) {}
}
