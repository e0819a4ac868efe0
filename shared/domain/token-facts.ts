/**
 * Facts about particular ERC-20 tokens that change how the console approves them. One owner: the
 * planner, the Allowances screen and the tests read them from here.
 *
 * Some tokens refuse to change a non-zero allowance to another non-zero one (`approve` reverts
 * unless the current allowance or the new one is 0: Tether's USDT on Ethereum, against the
 * approve/transferFrom front-running race). For them a short allowance is first set to 0, then to
 * the amount: two approvals, both reviewed and signed in order.
 */

/** Per chain id, the tokens (lower case) whose `approve` changes an allowance only from or to 0. */
const APPROVE_FROM_ZERO: Readonly<Record<number, readonly string[]>> = {
  // Tether USD (USDT) on Ethereum.
  1: ['0xdac17f958d2ee523a2206206994597c13d831ec7'],
  // The demo's USDT on its two local chains (deployed second by each chain's fixed deployer, so
  // always at these addresses): it behaves as Tether's does, so the path is exercised in the demo.
  31337: ['0xe7f1725e7734ce288f8367e1bb143e90bb3f0512'],
  31338: ['0xa15bb66138824a1c7167f5e85b957d04dd34e468'],
};

/** Whether `approve` on this token reverts when both the current and the new allowance are non-zero. */
export function approvesFromZeroOnly(chainId: number, token: string): boolean {
  return APPROVE_FROM_ZERO[chainId]?.includes(token.toLowerCase()) ?? false;
}
