import { parseAbi } from 'viem';

/** The keyring-style allow list behind `epochVault.keyring()`. */
export const keyringAbi = parseAbi(['function checkCredential(uint256 policyId, address wallet) view returns (bool)']);
