// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {EpochVaultBase} from "./EpochVaultBase.sol";
import {VaultParams} from "./EpochVaultState.sol";
import {EpochVaultLegacy} from "./EpochVaultLegacy.sol";
import {IStrategy} from "./Interfaces.sol";

/// @notice Generation CDO_EPOCH_MAIN_V3: V4 plus the write-off of a deposit by the borrower.
contract EpochVaultV3 is EpochVaultLegacy {
  /// @notice The interest a senior withdrawal request moves to or from the junior tranche over the
  /// next epoch, added to the expected interest at the next start. The demo vaults have the senior
  /// tranche only, which takes all the yield, so a request moves none and the figure stays 0, as
  /// the real one does in that configuration (it is what tells a V3/V4 vault from a V1 on chain).
  int256 public interestForOverUnderPerformance;

  constructor(VaultParams memory p) EpochVaultBase(p) {}

  /// @notice The borrower writes off tranche tokens it bought through the write-off escrow.
  /// @dev As this generation has it, the guard lets anyone call while an epoch runs (the current
  /// source requires the borrower and a running epoch). It burns the vault's strategy tokens,
  /// which the strategy generation deployed beside V3 (STRATEGY_MAIN_V2) cannot do: there the
  /// call reverts, as it would on chain.
  function writeOffDeposit(uint256 _amount, address _tranche) external {
    _checkNotAllowed(IStrategy(strategy).borrower() != msg.sender && !isEpochRunning);
    _checkNotAllowed(_tranche != AATranche);
    _writeOffDeposit(_amount);
  }
}
