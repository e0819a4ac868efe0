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
  function apr0Users(address) external view returns (uint256, uint256, uint256, uint256);
}

/**
 * Reads what the console shows of many wallets in several epoch vaults of one chain in a single
 * `eth_call`. It is never deployed: the console places its runtime code at an unused address with
 * a state override for the duration of the call, so it can only read (every call it makes is a
 * STATICCALL).
 *
 * Per wallet and vault, in order, the eight values the portfolio reads one by one otherwise:
 *   0 tranche.balanceOf, 1 underlying.balanceOf, 2 epochVault.isWalletAllowed,
 *   3 depositQueue.userDepositsEpochs(wallet, epoch), 4 withdrawQueue.userWithdrawalsEpochs(wallet, epoch),
 *   5 strategy.withdrawsRequests, 6 strategy.instantWithdrawsRequests,
 *   7 what a rate-at-stop redeem owes (strategy.apr0Users: principal + settled principal + settled
 *     interest), on strategies that keep such redeems apart (apr0Strategy; zero: not read).
 * A wallet's balance of an underlying token is read once per call: a later vault of the same
 * underlying gets the same answer (the same call at the same state).
 *
 * Packed answer, per wallet, then per vault in the order given: one byte with a bit set for each
 * non-zero value, one byte with a bit set for each value that could not be read (a revert, no
 * code, a short answer, or a contract not given: address zero), then the non-zero values as
 * 32-byte words. Most wallets hold little in most vaults, so the answer stays small.
 */
contract PortfolioLens {
  uint256 private constant FIELDS = 8;

  struct Vault {
    address tranche;
    address underlying;
    address epochVault;
    address depositQueue; // address zero: the pending deposit is not read
    address withdrawQueue; // address zero: the pending withdrawal is not read
    address strategy; // address zero: the strategy's values are not read
    address apr0Strategy; // the strategy again when it has apr0Users, else zero
    uint256 epoch; // the queues' current request epoch
  }

  function readPairs(Vault[] calldata vaults, address[] calldata wallets) external view returns (bytes memory out) {
    uint256 v = vaults.length;
    out = new bytes(wallets.length * v * (2 + FIELDS * 32));
    uint256[] memory first = firstWithUnderlying(vaults);
    // The wallet's balance of each vault's underlying, read at the first vault of that token.
    uint256[] memory balance = new uint256[](v);
    bool[] memory balanceOk = new bool[](v);
    uint256 used = 0;
    for (uint256 i = 0; i < wallets.length; i++) {
      for (uint256 k = 0; k < v; k++) {
        if (first[k] == k) {
          (balanceOk[k], balance[k]) = readWord(vaults[k].underlying, ILensToken.balanceOf.selector, wallets[i], 0, false);
        } else {
          (balanceOk[k], balance[k]) = (balanceOk[first[k]], balance[first[k]]);
        }
        used = readPair(vaults[k], wallets[i], balanceOk[k], balance[k], out, used);
      }
    }
    assembly {
      mstore(out, used)
    }
  }

  /// For each vault, the first vault of the list with the same underlying token (itself if none before).
  function firstWithUnderlying(Vault[] calldata vaults) private pure returns (uint256[] memory first) {
    first = new uint256[](vaults.length);
    for (uint256 k = 0; k < vaults.length; k++) {
      first[k] = k;
      for (uint256 j = 0; j < k; j++) {
        if (vaults[j].underlying == vaults[k].underlying) {
          first[k] = j;
          break;
        }
      }
    }
  }

  /// Appends one pair's masks and non-zero values to `out` at `used`; returns the new end.
  function readPair(
    Vault calldata vault,
    address wallet,
    bool underlyingOk,
    uint256 underlyingBalance,
    bytes memory out,
    uint256 used
  ) private view returns (uint256) {
    uint256 head = used;
    used += 2;
    uint256 masks = 0; // non-zero bits in the low byte, failed bits in the next
    for (uint256 j = 0; j < FIELDS; j++) {
      (bool ok, uint256 value) = j == 1 ? (underlyingOk, underlyingBalance) : readField(j, vault, wallet);
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

  function readField(uint256 j, Vault calldata vault, address wallet) private view returns (bool, uint256) {
    if (j == 0) return readWord(vault.tranche, ILensToken.balanceOf.selector, wallet, 0, false);
    if (j == 2) return readWord(vault.epochVault, ILensEpochVault.isWalletAllowed.selector, wallet, 0, false);
    if (j == 3) return readWord(vault.depositQueue, ILensQueue.userDepositsEpochs.selector, wallet, vault.epoch, true);
    if (j == 4) return readWord(vault.withdrawQueue, ILensQueue.userWithdrawalsEpochs.selector, wallet, vault.epoch, true);
    if (j == 5) return readWord(vault.strategy, ILensStrategy.withdrawsRequests.selector, wallet, 0, false);
    if (j == 6) return readWord(vault.strategy, ILensStrategy.instantWithdrawsRequests.selector, wallet, 0, false);
    return readApr0(vault.apr0Strategy, wallet);
  }

  /// apr0Users(wallet)'s principal + settled principal + settled interest (words 0, 2 and 3); not
  /// ok when the strategy is not given, reverts or answers fewer than four words.
  function readApr0(address target, address wallet) private view returns (bool ok, uint256 value) {
    if (target == address(0)) return (false, 0);
    bytes4 selector = ILensStrategy.apr0Users.selector;
    assembly {
      let ptr := mload(0x40)
      mstore(ptr, selector)
      mstore(add(ptr, 4), wallet)
      ok := staticcall(gas(), target, ptr, 36, 0, 0)
      if lt(returndatasize(), 128) {
        ok := 0
      }
      if ok {
        returndatacopy(ptr, 0, 128)
        value := add(add(mload(ptr), mload(add(ptr, 64))), mload(add(ptr, 96)))
      }
    }
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
