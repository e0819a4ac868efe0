import type { TransactionReview } from '../../../shared/signing/schemas';

/**
 * A transaction review, by default the unit tests' deposit: 250.5 USDC into Alpha's epoch vault
 * (`depositAA`) at nonce 3, 60,000 gas at 2 gwei, clear-signed with no screens planned yet; `patch`
 * sets what a test is about (its screens, blind signing, another call).
 */
export function transactionReview(patch: Partial<TransactionReview> = {}): TransactionReview {
  return {
    kind: 'transaction',
    title: 'Deposit 250.5 USDC',
    contract: { role: 'epochVault', name: 'Alpha', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
    functionName: 'depositAA',
    args: [],
    spender: null,
    amount: { symbol: 'USDC', decimals: 6, baseUnits: '250500000', display: '250.5 USDC' },
    chainId: 31337,
    nonce: 3,
    fees: {
      gas: '60000',
      maxFeePerGas: '2000000000',
      maxPriorityFeePerGas: '1000000000',
      maxFeeWei: '120000000000000',
      maxFeeDisplay: '0.00012 ETH',
      gasEstimated: false,
    },
    blindSigning: false,
    signingHash: `0x${'ab'.repeat(32)}`,
    deviceScreens: [],
    ...patch,
  };
}
