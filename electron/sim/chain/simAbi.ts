import { parseAbi } from 'viem';

// Calls that exist only in the simulation's contracts (admin and faucet), outside the console's
// view of the protocol in shared/abi.

/** The simulation's tokens let anyone mint: the seeder funds wallets and the driver pays the
 * borrower's dues this way. */
export const mintableAbi = parseAbi(['function mint(address to, uint256 amount)']);

export const keyringAdminAbi = parseAbi([
  'function setCredential(uint256 policyId, address wallet, bool allowed)',
  'function setCredentials(uint256 policyId, address[] wallets, bool allowed)',
]);
