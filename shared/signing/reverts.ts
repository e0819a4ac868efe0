import type { AppErrorData } from '../errors';

/**
 * Why a protocol call reverted, in the operator's words. Keys are custom error names of the
 * protocol's contracts, or the revert strings of OpenZeppelin's Pausable and ERC-20 (old string
 * form and the v5 custom errors).
 */
const REVERTS: Readonly<Record<string, { message: string; action: string }>> = {
  NotAllowed: {
    message:
      'The contract refused the call (NotAllowed): the wallet is not allowed, the vault is in default, or the request is not in a state that permits it.',
    action: 'Check the wallet\u2019s KYC and the request\u2019s status, then plan again.',
  },
  EpochNotRunning: {
    message: 'No epoch is running (EpochNotRunning): queue requests are only taken while an epoch runs.',
    action: 'Plan again: between epochs deposits go directly to the vault and withdrawals are redeems.',
  },
  EpochRunning: {
    message: 'An epoch is running (EpochRunning): this call is only possible between epochs.',
    action: 'Wait for the epoch to stop, or use the queue while it runs.',
  },
  Is0: {
    message: 'The amount is zero (Is0): there is nothing to request, cancel or claim.',
    action: 'Plan again with fresh balances.',
  },
  'Pausable: paused': {
    message: 'The vault is paused.',
    action: 'Wait until the manager resumes the vault.',
  },
  'ERC20: insufficient allowance': {
    message: 'The token allowance is too low for this call.',
    action: 'Approve the token to the contract (plan again: the approval step is added when needed).',
  },
  ERC20InsufficientAllowance: {
    message: 'The token allowance is too low for this call.',
    action: 'Approve the token to the contract (plan again: the approval step is added when needed).',
  },
  'ERC20: transfer amount exceeds balance': {
    message: 'The wallet\u2019s token balance is too low for this call.',
    action: 'Plan again with a smaller amount.',
  },
  ERC20InsufficientBalance: {
    message: 'The wallet\u2019s token balance is too low for this call.',
    action: 'Plan again with a smaller amount.',
  },
  'ERC20: burn amount exceeds balance': {
    message: 'The wallet\u2019s tranche balance is too low for this redeem.',
    action: 'Plan again with a smaller amount.',
  },
};

/** The user-facing error for a revert, from its decoded error name or revert string. */
export function describeRevert(reason: string | null): AppErrorData {
  const known = reason ? REVERTS[reason] : undefined;
  if (known) return { code: 'TX_REVERTED', ...known, details: { revert: reason } };
  return {
    code: 'TX_REVERTED',
    message: reason ? `The transaction reverted: ${reason}.` : 'The transaction reverted without a reason.',
    action: 'Refresh the portfolio and plan again.',
    ...(reason ? { details: { revert: reason } } : {}),
  };
}

export const KNOWN_REVERTS = Object.keys(REVERTS);
