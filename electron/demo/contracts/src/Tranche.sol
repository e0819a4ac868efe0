// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {ERC20} from "./ERC20.sol";

/// @notice The vault's tranche (LP) token, 18 decimals (generation CDO_EPOCH_MAIN_V2 in the
/// official client's files). Only the epoch vault that created it mints and burns, and the very
/// first mint leaves MIN_LIQUIDITY with address(1) for good, as the real tranche does: the first
/// depositor receives 1000 wei less than the vault minted, and the supply never returns to zero.
contract Tranche is ERC20 {
  uint256 internal constant MIN_LIQUIDITY = 10 ** 3;
  address public immutable minter;

  constructor(string memory _name, string memory _symbol) ERC20(_name, _symbol, 18) {
    minter = msg.sender;
  }

  function mint(address account, uint256 amount) external {
    // The real token reverts with the bare code "6" (not the minter).
    require(msg.sender == minter, "6");
    if (totalSupply == 0) {
      _mint(address(1), MIN_LIQUIDITY);
      amount -= MIN_LIQUIDITY;
    }
    _mint(account, amount);
  }

  function burn(address account, uint256 amount) external {
    require(msg.sender == minter, "6");
    _burn(account, amount);
  }
}
