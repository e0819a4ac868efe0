import { depositRoute, requestAction, withdrawRoute, type RequestType, type VaultRoutingFacts } from '../domain/actions';
import { isRunning, type CycleState } from '../domain/cycle';
import { OLDEST_RULES, type GenerationRules } from '../domain/generation-rules';
import type { ContractRole, StepKind } from './schemas';

/**
 * The planning rules of a batch, one wallet at a time: from what the chain (and the service, for
 * agreements) says about the vault and the wallet, the transactions to sign in order, or the
 * reason the wallet is skipped. Pure: the facts are read elsewhere.
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

const skip = (reason: string, needsKyc = false): WalletPlan => (needsKyc ? { ok: false, reason, needsKyc } : { ok: false, reason });

export interface PlanOptions {
  approval: 'exact' | 'unlimited';
  /** A deposit while the epoch runs goes directly into the vault (`depositDuringEpoch`) rather than its queue. */
  direct?: boolean;
}

/** What routing a new deposit or withdrawal needs of the vault's facts. */
function routingFacts(v: VaultFacts): VaultRoutingFacts {
  return {
    state: v.state,
    hasQueue: v.hasQueue,
    hasWithdrawQueue: v.hasWithdrawQueue ?? v.hasQueue,
    paused: v.paused,
    depositDuringEpoch: v.depositDuringEpoch ?? false,
    prefunded: v.prefunded ?? null,
  };
}

/**
 * An approval for a step that spends `needed`. ERC-20 `approve` sets the allowance, it does not add
 * to it: an exact approval is of the whole amount the step spends, never of what the current
 * allowance lacks (approving the difference would leave the step short and revert).
 */
function approveStep(token: 'underlying' | 'tranche', spender: ApproveSpender, needed: bigint, options: PlanOptions): TxStep {
  const value = options.approval === 'unlimited' ? MAX_UINT256 : needed;
  return {
    kind: 'transaction',
    step: 'approve',
    contract: token,
    functionName: 'approve',
    args: [spender, value],
    amount: { token, value },
    spender,
    requestId: null,
  };
}

/** A call on a queue for one epoch (claims and cancels; deposits on the deposit queue, withdrawals on the withdraw queue), moving `value` of `token`. */
function queueStep(step: StepKind, epoch: number, token: 'underlying' | 'tranche', value: bigint, requestId: string): TxStep {
  const contract = token === 'underlying' ? 'queue' : 'withdrawQueue';
  return { kind: 'transaction', step, contract, functionName: step, args: [BigInt(epoch)], amount: { token, value }, spender: null, requestId };
}

/** A call on the epoch vault that pays a redeem out, in underlying. */
function redeemClaimStep(step: 'claimRedeem' | 'claimInstantRedeem', functionName: string, value: bigint): TxStep {
  return { kind: 'transaction', step, contract: 'epochVault', functionName, args: [], amount: { token: 'underlying', value }, spender: null, requestId: null };
}

type ApproveSpender = 'epochVault' | 'queue' | 'withdrawQueue';

function allowanceFor(w: WalletFacts, token: 'underlying' | 'tranche', spender: ApproveSpender): bigint {
  if (token === 'tranche') return w.allowance.trancheToQueue;
  return spender === 'queue' ? w.allowance.underlyingToQueue : w.allowance.underlyingToVault;
}

function gate(w: WalletFacts, needsAllowed: boolean): WalletPlan | null {
  if (w.gasBalance === 0n) return skip('The wallet has no native balance to pay gas.');
  if (needsAllowed && !w.allowed) return skip('The vault does not allow this wallet (KYC not completed).', true);
  return null;
}

/** Why a deposit is skipped for a wallet that holds too little of the underlying token. */
export const LOW_UNDERLYING_REASON = 'The underlying balance is lower than the amount to deposit.';

/** Deposit `amount` underlying base units: depositAA between epochs, the queue while one runs. */
export function planDeposit(v: VaultFacts, w: WalletFacts, amount: bigint, options: PlanOptions): WalletPlan {
  if (amount <= 0n) return skip('The amount to deposit is zero.');
  const routed = depositRoute(routingFacts(v), { direct: options.direct === true });
  if (!routed.ok) return skip(routed.reason);
  const gated = gate(w, true);
  if (gated) return gated;
  if (w.unsignedAgreements.length > 0) {
    return skip(`The lender agreements are not signed (${w.unsignedAgreements.map((a) => a.title).join(', ')}): sign them first.`);
  }
  if (w.underlyingBalance < amount) return skip(LOW_UNDERLYING_REASON);
  const { route } = routed;
  const steps: PlannedStep[] = [];
  const spender = route.approve!.spender;
  const have = allowanceFor(w, 'underlying', spender);
  if (have < amount) steps.push(approveStep('underlying', spender, amount, options));
  const step: StepKind = route.call.functionName;
  steps.push({
    kind: 'transaction',
    step,
    contract: route.call.contract,
    functionName: route.call.functionName,
    // depositDuringEpoch names the tranche it mints.
    args: step === 'depositDuringEpoch' ? [amount, 'tranche'] : [amount],
    amount: { token: 'underlying', value: amount },
    spender: null,
    requestId: null,
  });
  return { ok: true, steps, notes: [] };
}

/**
 * Withdraw tranche tokens: a redeem on the epoch vault between epochs, a queue request while one
 * runs. `all` takes what the wallet can withdraw. `redeemOnly` is the operator's explicit redeem.
 */
export function planWithdraw(
  v: VaultFacts,
  w: WalletFacts,
  amount: bigint | 'all',
  options: PlanOptions & { redeemOnly?: boolean },
): WalletPlan {
  if (options.redeemOnly && v.state !== 'WAITING') {
    return skip(
      isRunning(v.state)
        ? 'Redeems are made between epochs: withdraw through the queue while the epoch runs.'
        : 'The vault is in default: only claims that are already funded can be made.',
    );
  }
  const routed = withdrawRoute(routingFacts(v));
  if (!routed.ok) return skip(routed.reason);
  const gated = gate(w, true);
  if (gated) return gated;
  const { route } = routed;
  const limit = w.trancheBalance;
  const wanted = amount === 'all' ? limit : amount;
  if (limit === 0n) return skip('The wallet holds no tranche tokens of this vault.');
  // maxWithdrawable is what a redeem pays in underlying; zero means the vault would pay nothing.
  if (route.call.contract === 'epochVault' && w.maxWithdrawable === 0n)
    return skip('The vault reports nothing withdrawable for this wallet.');
  if (wanted <= 0n) return skip('The amount to withdraw is zero.');
  if (wanted > limit) return skip('The tranche balance is lower than the amount to withdraw.');
  const steps: PlannedStep[] = [];
  const notes: string[] = [];
  if (route.call.contract === 'epochVault') {
    if (v.instantRule) {
      notes.push(
        redeemIsInstant(v.instantRule)
          ? 'Instant redeem: paid once the vault opens instant withdrawals, without the next epoch’s interest.'
          : 'Standard redeem: paid after the next epoch, with its net interest.',
      );
    }
    steps.push({
      kind: 'transaction',
      step: 'redeem',
      contract: 'epochVault',
      functionName: 'requestWithdraw',
      args: [wanted, 'tranche'],
      amount: { token: 'tranche', value: wanted },
      spender: null,
      requestId: null,
    });
  } else {
    const have = allowanceFor(w, 'tranche', 'withdrawQueue');
    if (have < wanted) steps.push(approveStep('tranche', 'withdrawQueue', wanted, options));
    steps.push({
      kind: 'transaction',
      step: 'requestWithdraw',
      contract: 'withdrawQueue',
      functionName: 'requestWithdraw',
      args: [wanted],
      amount: { token: 'tranche', value: wanted },
      spender: null,
      requestId: null,
    });
  }
  return { ok: true, steps, notes };
}

/**
 * A queue deposit is claimable once its epoch has a deposit price (and, on a prefunded queue, its
 * forwarded deposits were settled at the stop) and the wallet still has it in the queue.
 */
export function depositClaimable(e: QueueEpochFacts | undefined, held: bigint): boolean {
  return e !== undefined && e.price !== 0n && (e.prefunded ?? 0n) === 0n && held > 0n;
}

/** A queue withdrawal is claimable once its epoch has a withdraw price and every instant claim is funded. */
export function withdrawClaimable(e: QueueEpochFacts | undefined, held: bigint): boolean {
  return e !== undefined && e.withdrawPrice !== 0n && e.pendingClaims === 0n && held > 0n;
}

/**
 * What a rate-at-stop redeem pays (2026 `apr0Users`): its principal, what was settled, and the
 * interest of its epoch once that epoch stopped (settled by the claim itself).
 */
export function apr0Owed(a: NonNullable<WalletFacts['redeem']['apr0']>, epochNumber: number): bigint {
  const interest = a.principal > 0n && a.principalEpoch < epochNumber ? (a.principal * a.rate) / 10n ** 18n : 0n;
  return a.principal + a.settledPrincipal + a.settledInterest + interest;
}

/** What the standard redeem claim pays: the standard receipts and, on 2026 strategies, the rate-at-stop ones. */
export function standardRedeemOwed(v: VaultFacts, w: WalletFacts): bigint {
  return w.redeem.standard + (w.redeem.apr0 ? apr0Owed(w.redeem.apr0, v.epochNumber) : 0n);
}

/**
 * A standard redeem (and a rate-at-stop one) is paid once an epoch completed after the request,
 * also while the next epoch runs and after a default; at once on a closed vault.
 */
export function standardRedeemClaimable(v: VaultFacts, w: WalletFacts): boolean {
  return standardRedeemOwed(v, w) > 0n && (v.closed === true || v.epochNumber > w.redeem.lastRequestEpoch);
}

/** An instant redeem is paid once the vault allows instant withdrawals. */
export function instantRedeemClaimable(v: VaultFacts, w: WalletFacts): boolean {
  return w.redeem.instant > 0n && v.allowInstantWithdraw;
}

const selected = (ids: ReadonlySet<string> | null, id: string) => ids === null || ids.has(id);

/**
 * Every claim the wallet can make now among its requests (all of them, or the selected ids), each
 * through its own contract and method. Redeems are claimed once per kind, whatever the number of
 * requests behind them.
 */
export function planClaims(v: VaultFacts, w: WalletFacts, requests: readonly RequestRef[], ids: ReadonlySet<string> | null): WalletPlan {
  const gated = gate(w, false);
  if (gated) return gated;
  const steps: TxStep[] = [];
  const reasons: string[] = [];
  let standardRedeem = false;
  let instantRedeem = false;
  for (const r of requests) {
    if (!selected(ids, r.id)) continue;
    if (r.type === 'REDEEM') {
      if (r.isInstant) instantRedeem = true;
      else standardRedeem = true;
      continue;
    }
    const e = r.epochNumber;
    if (e === null) {
      reasons.push(`The ${r.type.toLowerCase()} request has no epoch number.`);
      continue;
    }
    const epoch = v.epochs.get(e);
    const held = w.queue.get(e);
    if (r.type === 'DEPOSIT') {
      if (depositClaimable(epoch, held?.deposit ?? 0n)) {
        steps.push(queueStep('claimDepositRequest', e, 'underlying', held!.deposit, r.id));
      } else reasons.push(`Deposit of epoch ${e}: ${epoch?.price ? 'nothing left to claim.' : 'not processed yet.'}`);
    } else {
      if (withdrawClaimable(epoch, held?.withdraw ?? 0n)) {
        steps.push(queueStep('claimWithdrawRequest', e, 'tranche', held!.withdraw, r.id));
      } else if (!held?.withdraw) reasons.push(`Withdrawal of epoch ${e}: nothing left to claim.`);
      else if (!epoch?.withdrawPrice) reasons.push(`Withdrawal of epoch ${e}: not processed yet.`);
      // Processed but not collected by the queue yet: an instant epoch waits for the borrower's
      // instant funding, a standard one for the vault to pay it after the next epoch ends.
      else if (r.isInstant) reasons.push(`Withdrawal of epoch ${e}: the instant withdrawals of that epoch are not funded yet.`);
      else reasons.push(`Withdrawal of epoch ${e}: processed as standard, claimable once the vault has paid it after the next epoch ends.`);
    }
  }
  // Redeems are read from the strategy, so they are offered even when the service has no record.
  const redeemSelected = ids === null || standardRedeem;
  const owed = standardRedeemOwed(v, w);
  if (redeemSelected && owed > 0n) {
    if (standardRedeemClaimable(v, w)) {
      steps.push(redeemClaimStep('claimRedeem', 'claimWithdrawRequest', owed));
    } else
      reasons.push(
        isRunning(v.state)
          ? 'Standard redeem: claimable once the running epoch stops (one whole epoch after the request).'
          : 'Standard redeem: claimable after the next epoch stops.',
      );
  }
  const instantSelected = ids === null || instantRedeem;
  if (instantSelected && w.redeem.instant > 0n) {
    if (instantRedeemClaimable(v, w)) {
      steps.push(redeemClaimStep('claimInstantRedeem', 'claimInstantWithdrawRequest', w.redeem.instant));
    } else reasons.push('Instant redeem: the vault does not allow instant withdrawals yet.');
  }
  if (steps.length === 0) return skip(reasons.length ? `Nothing to claim. ${reasons.join(' ')}` : 'Nothing to claim.');
  return { ok: true, steps, notes: reasons };
}

/** Every pending queue request of the wallet (or the selected ones) that can be cancelled now. */
export function planCancels(v: VaultFacts, w: WalletFacts, requests: readonly RequestRef[], ids: ReadonlySet<string> | null): WalletPlan {
  const gated = gate(w, false);
  if (gated) return gated;
  const steps: TxStep[] = [];
  const reasons: string[] = [];
  for (const r of requests) {
    if (!selected(ids, r.id) || r.type === 'REDEEM') continue;
    const e = r.epochNumber;
    const epoch = e === null ? undefined : v.epochs.get(e);
    const held = e === null ? undefined : w.queue.get(e);
    // The chain decides whether the request is still pending: processed epochs have a price.
    const chainStatus = r.type === 'DEPOSIT' ? (epoch?.price ? 'PROCESSED' : 'PENDING') : epoch?.withdrawPrice ? 'PROCESSED' : 'PENDING';
    const verdict = requestAction(
      {
        type: r.type,
        status: r.status === 'PENDING' ? chainStatus : r.status,
        isInstant: r.isInstant,
        ...(e !== null ? { epochNumber: e } : {}),
      },
      v.state,
      v.rules ?? OLDEST_RULES,
      r.type === 'DEPOSIT' && (epoch?.prefunded ?? 0n) > 0n,
    );
    if (!verdict.action || verdict.action.kind !== 'cancel') {
      reasons.push(
        `${r.type === 'DEPOSIT' ? 'Deposit' : 'Withdrawal'}${e !== null ? ` of epoch ${e}` : ''}: ${verdict.action ? 'processed, it can only be claimed.' : verdict.reason}`,
      );
      continue;
    }
    const amount = r.type === 'DEPOSIT' ? (held?.deposit ?? 0n) : (held?.withdraw ?? 0n);
    if (amount === 0n) {
      reasons.push(`${r.type === 'DEPOSIT' ? 'Deposit' : 'Withdrawal'} of epoch ${e}: nothing left in the queue.`);
      continue;
    }
    const fn = verdict.action.functionName as 'deleteRequest' | 'deleteWithdrawRequest';
    steps.push(queueStep(fn, e!, r.type === 'DEPOSIT' ? 'underlying' : 'tranche', amount, r.id));
  }
  if (steps.length === 0) return skip(reasons.length ? `Nothing to cancel. ${reasons.join(' ')}` : 'Nothing to cancel.');
  return { ok: true, steps, notes: reasons };
}

/** One personal_sign per LENDER agreement the wallet has not signed yet. */
export function planAgreements(w: WalletFacts, vaultHasAgreements: boolean): WalletPlan {
  if (!vaultHasAgreements) return skip('The vault asks for no lender agreement.');
  if (w.unsignedAgreements.length === 0) return skip('Every lender agreement of the vault is already signed.');
  return {
    ok: true,
    steps: w.unsignedAgreements.map((a) => ({
      kind: 'message',
      step: 'agreement',
      signatureId: a.id,
      ...(a.code ? { code: a.code } : {}),
      title: a.title,
      text: a.text,
      ...(a.origin ? { origin: a.origin } : {}),
    })),
    notes: [],
  };
}
