// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {ERC20} from "./ERC20.sol";

/// @notice Test stablecoin (or any plain token) for the simulation: anyone may mint, so the seeder
/// and the cycle driver can fund lenders and borrowers without a faucet.
contract MintableToken is ERC20 {
  constructor(string memory _name, string memory _symbol, uint8 _decimals) ERC20(_name, _symbol, _decimals) {}

  function mint(address to, uint256 amount) external {
    _mint(to, amount);
  }
}
