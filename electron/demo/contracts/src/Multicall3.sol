// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

/// @notice The subset of Multicall3 the console uses, with the canonical signatures. Its runtime
/// code is placed at 0xcA11bde05977b3631167028862bE2a173976CA11 on every local chain.
contract Multicall3 {
  struct Call3 {
    address target;
    bool allowFailure;
    bytes callData;
  }

  struct Result {
    bool success;
    bytes returnData;
  }

  function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
    returnData = new Result[](calls.length);
    for (uint256 i = 0; i < calls.length; i++) {
      Call3 calldata call = calls[i];
      (bool success, bytes memory data) = call.target.call(call.callData);
      // Same failure message as the canonical deployment, so callers can tell which call failed.
      require(success || call.allowFailure, "Multicall3: call failed");
      returnData[i] = Result(success, data);
    }
  }

  function getBlockNumber() external view returns (uint256) {
    return block.number;
  }

  function getCurrentBlockTimestamp() external view returns (uint256) {
    return block.timestamp;
  }

  function getEthBalance(address addr) external view returns (uint256) {
    return addr.balance;
  }

  function getChainId() external view returns (uint256) {
    return block.chainid;
  }
}
