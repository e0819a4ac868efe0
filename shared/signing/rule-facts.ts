import type { RequestType, VaultRoutingFacts } from '../domain/actions';
import type { CycleState } from '../domain/cycle';
import type { GenerationRules } from '../domain/generation-rules';
import type { ContractRole, StepKind } from './schemas';

/**
 * What the planning rules decide from (what the chain, and the service for agreements, says about
 * a vault and a wallet), what they produce (the steps of a wallet, or why it is skipped), and the
 * two checks every wallet passes. The rules themselves: rules.ts (entries) and claim-rules.ts.
 */

export const MAX_UINT256 = (1n << 256n) - 1n;

export interface QueueEpochFacts {
  /** Deposit price of the epoch; 0 until its deposits are processed. */
  price: bigint;
  /** Withdraw price of the epoch; 0 until its withdrawals are processed. */
  withdrawPrice: bigint;
  /** Instant withdrawals not yet funded for this epoch. */
  pendingClaims: bigint;
  /** Deposits of this epoch a prefunded queue already forwarded to the borrower (2026); 0 elsewhere. */
  prefunded?: bigint;
}

export interface VaultFacts {
  state: CycleState;
  paused: boolean;
  /** The vault has a deposit queue. */
  hasQueue: boolean;
  /** The vault has a queue that takes withdrawals (absent: as `hasQueue`). */
  hasWithdrawQueue?: boolean;
  /** What the contracts' generations decide (absent: the oldest queue's rules). */
  rules?: GenerationRules;
  /** The vault takes direct deposits while its epoch runs (2026 `depositDuringEpoch`, switched on). */
  depositDuringEpoch?: boolean;
  /** A prefunded queue's deposit window (2026); absent or null elsewhere. */
  prefunded?: VaultRoutingFacts['prefunded'];
  /**
   * The vault was closed (its last stop asked the borrower for everything: `epochEndDate() == 0`):
   * redeems are paid at once, without waiting for an epoch.
   */
  closed?: boolean;
  /** Completed epochs (strategy.epochNumber()). */
  epochNumber: number;
  allowInstantWithdraw: boolean;
  /** Queue figures of the epochs the wallets have requests in. */
  epochs: ReadonlyMap<number, QueueEpochFacts>;
  /** What makes a redeem made now instant (see `redeemIsInstant`); absent when not read. */
  instantRule?: { disabled: boolean; lastEpochApr: bigint; unscaledApr: bigint; aprDelta: bigint };
}

/**
 * A redeem made now is instant when instant withdrawals are not disabled and the last epoch's APR
 * exceeds the strategy's APR by more than the vault's delta (paid during the next epoch, without its
 * interest); otherwise it is standard (paid after the next epoch, with its net interest).
 */
export function redeemIsInstant(rule: NonNullable<VaultFacts['instantRule']>): boolean {
  return !rule.disabled && rule.lastEpochApr > rule.unscaledApr + rule.aprDelta;
}

export interface WalletFacts {
  allowed: boolean;
  /** Native balance, to pay gas. */
  gasBalance: bigint;
  underlyingBalance: bigint;
  trancheBalance: bigint;
  allowance: { underlyingToVault: bigint; underlyingToQueue: bigint; trancheToQueue: bigint };
  maxWithdrawable: bigint;
  /**
   * Receipt tokens of standard and instant redeems, and the epoch of the last standard one. `apr0`:
   * a 2026 strategy's redeems of a rate-at-stop vault (`apr0Users`), paid by the same claim as the
   * standard ones; `rate` is the epoch's interest per 1e18 of principal (`apr0RateByEpoch`).
   */
  redeem: {
    standard: bigint;
    instant: bigint;
    lastRequestEpoch: number;
    apr0?: { principal: bigint; principalEpoch: number; settledPrincipal: bigint; settledInterest: bigint; rate: bigint };
  };
  /** What the wallet holds in the queue per request epoch. */
  queue: ReadonlyMap<number, { deposit: bigint; withdraw: bigint }>;
  /** LENDER agreements of the vault the wallet has not signed. */
  unsignedAgreements: readonly { id: string; code?: string; title: string; text: string; origin?: string }[];
}

/** A request as the portfolio lists it (the service's record, completed from the chain). */
export interface RequestRef {
  id: string;
  type: RequestType;
  status: string;
  isInstant: boolean;
  epochNumber: number | null;
}

export interface TxStep {
  kind: 'transaction';
  step: StepKind;
  contract: ContractRole;
  functionName: string;
  args: readonly (bigint | string)[];
  /** The token amount the step moves or approves, for the review. */
  amount: { token: 'underlying' | 'tranche'; value: bigint } | null;
  spender: ContractRole | null;
  /** The request this step acts on, for claims and cancels. */
  requestId: string | null;
}

export interface MessageStep {
  kind: 'message';
  step: 'agreement';
  signatureId: string;
  /** The agreement's code (TERMS_OF_SERVICE…), when the service gives one. */
  code?: string;
  title: string;
  text: string;
  /** Where the text comes from (the service, the vault and the agreement record), shown with it. */
  origin?: string;
}

export type PlannedStep = TxStep | MessageStep;

export type WalletPlan = { ok: true; steps: PlannedStep[]; notes: string[] } | { ok: false; reason: string; needsKyc?: boolean };


export interface PlanOptions {
  approval: 'exact' | 'unlimited';
  /** A deposit while the epoch runs goes directly into the vault (`depositDuringEpoch`) rather than its queue. */
  direct?: boolean;
  /**
   * Per token of the vault: its `approve` changes an allowance only from or to 0 (mainnet USDT,
   * shared/domain/token-facts.ts). A non-zero allowance short of the amount is then set to 0 first.
   */
  approveFromZero?: { underlying: boolean; tranche: boolean };
  /** How an amount of the vault's token reads in a note ("500 USDC"); base units when absent. */
  amountText?: (token: 'underlying' | 'tranche', value: bigint) => string;
}

/** A wallet left out of the plan, with why (and whether KYC is what it lacks). */
export const skip = (reason: string, needsKyc = false): WalletPlan => (needsKyc ? { ok: false, reason, needsKyc } : { ok: false, reason });

/** The checks before any step: gas to pay with, and the vault's KYC where the step needs it. */
export function gate(w: WalletFacts, needsAllowed: boolean): WalletPlan | null {
  if (w.gasBalance === 0n) return skip('The wallet has no native balance to pay gas.');
  if (needsAllowed && !w.allowed) return skip('The vault does not allow this wallet (KYC not completed).', true);
  return null;
}
