// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {MintableToken} from "./MintableToken.sol";

/// @notice The demo's USDT: like Tether's USDT on Ethereum, `approve` changes an allowance only from
/// or to 0 (it reverts when both the current and the new allowance are non-zero), so a wallet with a
/// leftover allowance must approve 0 before approving a new amount.
contract ApproveFromZeroToken is MintableToken {
  constructor(string memory _name, string memory _symbol, uint8 _decimals) MintableToken(_name, _symbol, _decimals) {}

  function approve(address spender, uint256 amount) public override returns (bool) {
    require(amount == 0 || allowance[msg.sender][spender] == 0, "approve from non-zero to non-zero allowance");
    return super.approve(spender, amount);
  }
}
