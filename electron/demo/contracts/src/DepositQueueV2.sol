// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {EpochQueueDeposits} from "./EpochQueueDeposits.sol";
import {IEpochVault} from "./Interfaces.sol";

/// @notice Generation CDO_EPOCH_DEPOSIT_QUEUE_V2: the deposit-only queue (October 2024). No
/// withdrawals; a deposit may be cancelled only between epochs, before it is processed.
contract DepositQueueV2 is EpochQueueDeposits {
  constructor(address _idleCDOEpoch) EpochQueueDeposits(_idleCDOEpoch) {}

  function _deleteRefused(uint256 _epoch) internal view override returns (bool) {
    return epochPrice[_epoch] != 0 || IEpochVault(idleCDOEpoch).isEpochRunning();
  }
}
