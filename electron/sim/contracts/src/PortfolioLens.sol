// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// The view functions the lens calls, as the epoch vault's contracts declare them.
interface ILensToken {
  function balanceOf(address) external view returns (uint256);
}

interface ILensEpochVault {
  function isWalletAllowed(address) external view returns (bool);
}

interface ILensQueue {
  function userDepositsEpochs(address, uint256) external view returns (uint256);
  function userWithdrawalsEpochs(address, uint256) external view returns (uint256);
}

interface ILensStrategy {
  function withdrawsRequests(address) external view returns (uint256);
  function instantWithdrawsRequests(address) external view returns (uint256);
  function lastWithdrawRequest(address) external view returns (uint256);
}

/**
 * Reads what the console shows of many wallets in one epoch vault in a single `eth_call`. It is
 * never deployed: the console places its runtime code at an unused address with a state override
 * for the duration of the call, so it can only read (every call it makes is a STATICCALL).
 *
 * Per wallet, in order, the eight values the portfolio reads one by one otherwise:
 *   0 tranche.balanceOf, 1 underlying.balanceOf, 2 epochVault.isWalletAllowed,
 *   3 queue.userDepositsEpochs(wallet, epoch), 4 queue.userWithdrawalsEpochs(wallet, epoch),
 *   5 strategy.withdrawsRequests, 6 strategy.instantWithdrawsRequests, 7 strategy.lastWithdrawRequest.
 *
 * Packed answer, per wallet: one byte with a bit set for each non-zero value, one byte with a bit
 * set for each value that could not be read (a revert, no code, a short answer, or a contract not
 * given: address zero), then the non-zero values as 32-byte words. Most wallets hold little in
 * most vaults, so the answer stays small.
 */
contract PortfolioLens {
  uint256 private constant FIELDS = 8;

  function readWallets(
    address[5] calldata targets, // tranche, underlying, epochVault, queue, strategy
    uint256 epoch,
    address[] calldata wallets
  ) external view returns (bytes memory out) {
    uint256 n = wallets.length;
    out = new bytes(n * (2 + FIELDS * 32));
    uint256 used = 0;
    for (uint256 i = 0; i < n; i++) used = readPair(targets, epoch, wallets[i], out, used);
    assembly {
      mstore(out, used)
    }
  }

  /// Appends one wallet's masks and non-zero values to `out` at `used`; returns the new end.
  function readPair(
    address[5] calldata targets,
    uint256 epoch,
    address wallet,
    bytes memory out,
    uint256 used
  ) private view returns (uint256) {
    uint256 head = used;
    used += 2;
    uint256 masks = 0; // non-zero bits in the low byte, failed bits in the next
    for (uint256 j = 0; j < FIELDS; j++) {
      (bool ok, uint256 value) = readField(j, targets, wallet, epoch);
      if (!ok) {
        masks |= 1 << (j + 8);
      } else if (value != 0) {
        masks |= 1 << j;
        assembly {
          mstore(add(add(out, 32), used), value)
        }
        used += 32;
      }
    }
    out[head] = bytes1(uint8(masks));
    out[head + 1] = bytes1(uint8(masks >> 8));
    return used;
  }

  function readField(uint256 j, address[5] calldata targets, address wallet, uint256 epoch) private view returns (bool, uint256) {
    (address target, bytes4 selector, bool withEpoch) = field(j, targets);
    return readWord(target, selector, wallet, epoch, withEpoch);
  }

  function field(uint256 j, address[5] calldata targets) private pure returns (address, bytes4, bool) {
    if (j == 0) return (targets[0], ILensToken.balanceOf.selector, false);
    if (j == 1) return (targets[1], ILensToken.balanceOf.selector, false);
    if (j == 2) return (targets[2], ILensEpochVault.isWalletAllowed.selector, false);
    if (j == 3) return (targets[3], ILensQueue.userDepositsEpochs.selector, true);
    if (j == 4) return (targets[3], ILensQueue.userWithdrawalsEpochs.selector, true);
    if (j == 5) return (targets[4], ILensStrategy.withdrawsRequests.selector, false);
    if (j == 6) return (targets[4], ILensStrategy.instantWithdrawsRequests.selector, false);
    return (targets[4], ILensStrategy.lastWithdrawRequest.selector, false);
  }

  /// One STATICCALL answering one word; not ok when it reverts, answers short or is not given.
  function readWord(
    address target,
    bytes4 selector,
    address wallet,
    uint256 epoch,
    bool withEpoch
  ) private view returns (bool ok, uint256 value) {
    if (target == address(0)) return (false, 0);
    assembly {
      let ptr := mload(0x40)
      mstore(ptr, selector)
      mstore(add(ptr, 4), wallet)
      mstore(add(ptr, 36), epoch)
      let len := 36
      if withEpoch {
        len := 68
      }
      ok := staticcall(gas(), target, ptr, len, 0, 0)
      if lt(returndatasize(), 32) {
        ok := 0
      }
      if ok {
        returndatacopy(0, 0, 32)
        value := mload(0)
      }
    }
  }
}
