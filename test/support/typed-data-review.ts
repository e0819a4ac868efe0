/**
 * What the tests' emulated Ledger (its default model, the current Ethereum app) shows for EIP-712
 * data sent as its two hashes, as the planner's signature of a bundle is: the blind-signing warning
 * first (app 1.12 and later), then the two hashes to compare.
 */
export const hashedTypedDataReview = (hashes: { domainHash: string; messageHash: string }) => [
  { title: 'Blind signing ahead' },
  { title: 'Review typed message' },
  { title: 'Domain hash', value: hashes.domainHash },
  { title: 'Message hash', value: hashes.messageHash },
  { title: 'Sign message' },
  { title: 'Reject' },
];
