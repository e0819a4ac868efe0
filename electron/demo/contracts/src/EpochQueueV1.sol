// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {EpochQueueDeposits} from "./EpochQueueDeposits.sol";
import {EpochQueueWithdrawals} from "./EpochQueueWithdrawals.sol";
import {IEpochVault} from "./Interfaces.sol";

/// @notice Generation CDO_EPOCH_DEPOSIT_QUEUE_V1: deposits and withdrawals in one contract, with
/// the November 2024 rules: a deposit may be cancelled only between epochs, before processing.
contract EpochQueueV1 is EpochQueueWithdrawals {
  constructor(address _idleCDOEpoch) EpochQueueDeposits(_idleCDOEpoch) {}

  function _deleteRefused(uint256 _epoch) internal view override returns (bool) {
    return epochPrice[_epoch] != 0 || IEpochVault(idleCDOEpoch).isEpochRunning();
  }
}
