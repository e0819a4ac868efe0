/** The keyring-style allow list behind `epochVault.keyring()`. */
export const keyringAbi = [
  {
    type: 'function',
    name: 'checkCredential',
    inputs: [
      { name: 'policyId', type: 'uint256' },
      { name: 'wallet', type: 'address' },
    ],
    outputs: [{ name: '', type: 'bool' }],
    stateMutability: 'view',
  },
] as const;
