// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {ERC20} from "./ERC20.sol";
import {NotAllowed} from "./Errors.sol";

/// @notice The vault's tranche (LP) token, 18 decimals. Only the epoch vault that created it mints
/// and burns.
contract Tranche is ERC20 {
  address public immutable minter;

  constructor(string memory _name, string memory _symbol) ERC20(_name, _symbol, 18) {
    minter = msg.sender;
  }

  function mint(address to, uint256 amount) external {
    if (msg.sender != minter) revert NotAllowed();
    _mint(to, amount);
  }

  function burn(address from, uint256 amount) external {
    if (msg.sender != minter) revert NotAllowed();
    _burn(from, amount);
  }
}
