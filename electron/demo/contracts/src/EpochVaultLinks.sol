// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {IEpochVault} from "./Interfaces.sol";

/// @notice What a contract serving one epoch vault (its queues, its write-off escrow) knows of it:
/// the vault and the strategy, underlying and senior (AA) tranche it names, read from it once at
/// deployment, and the deployer as owner.
abstract contract EpochVaultLinks {
  address public immutable idleCDOEpoch;
  address public immutable strategy;
  address public immutable underlying;
  address public immutable tranche;
  address public immutable owner;

  constructor(address _idleCDOEpoch) {
    IEpochVault cdo = IEpochVault(_idleCDOEpoch);
    idleCDOEpoch = _idleCDOEpoch;
    strategy = cdo.strategy();
    underlying = cdo.token();
    tranche = cdo.AATranche();
    owner = msg.sender;
  }
}
