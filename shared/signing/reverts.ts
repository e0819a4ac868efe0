import type { AppErrorData } from '../errors';

/**
 * Why a protocol call reverted, in the operator's words. Keys are custom error names of the
 * protocol's contracts, or the revert strings of OpenZeppelin's Pausable and ERC-20 (old string
 * form and the v5 custom errors).
 */
const REVERTS: Readonly<Record<string, { message: string; action: string }>> = {
  // The protocol's own errors (every generation's declared errors, shared/abi/errors.ts).
  NotAllowed: {
    message:
      'The contract refused the call (NotAllowed): the wallet is not allowed (KYC), the vault is in default or closed, the prefunded deposit window of the queue has closed, or the request is not in a state that permits it.',
    action: 'Check the wallet\u2019s KYC and the request\u2019s status, then plan again.',
  },
  EpochNotRunning: {
    message: 'No epoch is running (EpochNotRunning): queue requests are only taken while an epoch runs.',
    action: 'Plan again: between epochs deposits go directly to the vault and withdrawals are redeems.',
  },
  EpochRunning: {
    // Declared by the V1, V3 and V4 epoch vaults, raised by none of today's contracts.
    message: 'An epoch is running (EpochRunning): this call is only possible between epochs.',
    action: 'Wait for the epoch to stop, or use the queue while it runs.',
  },
  Is0: {
    message: 'The amount is zero (Is0): there is nothing to request, cancel or claim.',
    action: 'Plan again with fresh balances.',
  },
  ContractLimitReached: {
    message: 'The vault is full (ContractLimitReached): this deposit would take it past its deposit limit.',
    action: 'Deposit a smaller amount, or wait until the vault\u2019s limit is raised.',
  },
  AmountTooHigh: {
    message: 'The amount is higher than the contract allows (AmountTooHigh).',
    action: 'Plan again with a smaller amount.',
  },
  AmountTooLow: {
    message: 'The vault could not raise the amount asked for (AmountTooLow).',
    action: 'Try again later or with a smaller amount.',
  },
  Default: {
    message: 'The vault refused the call because its figures show a loss the tranche cannot cover (Default).',
    action: 'Nothing can be deposited or withdrawn until the vault\u2019s guardian settles the loss.',
  },
  WithdrawNotAllowed: {
    message: 'Withdrawals are closed on this vault right now (WithdrawNotAllowed).',
    action: 'Wait until the vault reopens withdrawals.',
  },
  SameBlock: {
    message: 'The vault refuses two of these calls from one sender in the same block (SameBlock).',
    action: 'Send it again in a later block.',
  },
  NotAuthorized: {
    message: 'Only the vault\u2019s owner or guardian may make this call (NotAuthorized).',
    action: 'Nothing a lender can do: this call is not a lender\u2019s.',
  },
  AlreadyInitialized: {
    message: 'The contract is already initialized (AlreadyInitialized).',
    action: 'Nothing a lender can do: this call is not a lender\u2019s.',
  },
  WrongRequest: {
    message: 'The write-off request does not match what the lender asked for (WrongRequest).',
    action: 'Refresh and plan again from the request as it stands.',
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
