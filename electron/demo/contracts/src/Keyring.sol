// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

import {NotAllowed} from "./Errors.sol";

/// @notice Keyring-style allow list: the vault asks `checkCredential(policyId, wallet)`. Here an
/// admin simply sets credentials per policy instead of verifying zero-knowledge proofs.
contract Keyring {
  address public immutable admin;
  mapping(uint256 => mapping(address => bool)) internal credentials;

  event CredentialSet(uint256 indexed policyId, address indexed wallet, bool allowed);

  constructor() {
    admin = msg.sender;
  }

  function checkCredential(uint256 policyId, address wallet) external view returns (bool) {
    return credentials[policyId][wallet];
  }

  function setCredential(uint256 policyId, address wallet, bool allowed) public {
    if (msg.sender != admin) revert NotAllowed();
    credentials[policyId][wallet] = allowed;
    emit CredentialSet(policyId, wallet, allowed);
  }

  function setCredentials(uint256 policyId, address[] calldata wallets, bool allowed) external {
    for (uint256 i = 0; i < wallets.length; i++) {
      setCredential(policyId, wallets[i], allowed);
    }
  }
}
