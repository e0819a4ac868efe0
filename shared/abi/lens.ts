/**
 * The portfolio lens (`PortfolioLens.sol`, the console's own read-only contract, placed by a state
 * override and never deployed): one view that reads many wallets in many vaults of a chain. Its
 * compiled ABI must equal this declaration (test/unit/portfolio/lens-code.test.ts).
 */
export const portfolioLensAbi = [
  {
    type: 'function',
    name: 'readPairs',
    stateMutability: 'view',
    inputs: [
      {
        name: 'vaults',
        type: 'tuple[]',
        internalType: 'struct PortfolioLens.Vault[]',
        components: [
          { name: 'tranche', type: 'address', internalType: 'address' },
          { name: 'underlying', type: 'address', internalType: 'address' },
          { name: 'epochVault', type: 'address', internalType: 'address' },
          { name: 'depositQueue', type: 'address', internalType: 'address' },
          { name: 'withdrawQueue', type: 'address', internalType: 'address' },
          { name: 'strategy', type: 'address', internalType: 'address' },
          { name: 'apr0Strategy', type: 'address', internalType: 'address' },
          { name: 'epoch', type: 'uint256', internalType: 'uint256' },
        ],
      },
      { name: 'wallets', type: 'address[]', internalType: 'address[]' },
    ],
    outputs: [{ name: 'out', type: 'bytes', internalType: 'bytes' }],
  },
] as const;
