import { depositRoute, withdrawRoute, type VaultRoutingFacts } from '../domain/actions';
import { isRunning } from '../domain/cycle';
import { gate, MAX_UINT256, redeemIsInstant, skip, type PlannedStep, type PlanOptions, type TxStep, type VaultFacts, type WalletFacts, type WalletPlan } from './rule-facts';
import type { StepKind } from './schemas';

/**
 * The planning rules of a batch, one wallet at a time: from what the chain (and the service, for
 * agreements) says about the vault and the wallet, the transactions to sign in order, or the
 * reason the wallet is skipped. Pure: the facts are read elsewhere.
 */

export * from './rule-facts';
export * from './claim-rules';

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
function approveStep(token: 'underlying' | 'tranche', spender: ApproveSpender, needed: bigint, options: PlanOptions, toZero = false): TxStep {
  const value = toZero ? 0n : options.approval === 'unlimited' ? MAX_UINT256 : needed;
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

type ApproveSpender = 'epochVault' | 'queue' | 'withdrawQueue';

const SPENDER_WORDS: Record<ApproveSpender, string> = { epochVault: 'the epoch vault', queue: 'the deposit queue', withdrawQueue: 'the withdraw queue' };

/**
 * The approvals a step that spends `needed` waits for, given the allowance the wallet already has:
 * none when it covers the amount (the note says the existing allowance is used), one otherwise; two
 * for a token that changes an allowance only from 0 and has a non-zero one left (0 first, then the
 * amount: `approve` would revert going from one non-zero allowance to another).
 */
function approvalsFor(
  token: 'underlying' | 'tranche',
  spender: ApproveSpender,
  needed: bigint,
  have: bigint,
  options: PlanOptions,
): { steps: TxStep[]; notes: string[] } {
  const text = (v: bigint) => options.amountText?.(token, v) ?? `${v} base units`;
  if (have >= needed) {
    if (have === 0n) return { steps: [], notes: [] };
    const existing = have === MAX_UINT256 ? 'the existing unlimited allowance' : `the existing allowance of ${text(have)}`;
    return { steps: [], notes: [`Uses ${existing} to ${SPENDER_WORDS[spender]}: no approval is needed.`] };
  }
  if (have > 0n && options.approveFromZero?.[token]) {
    return {
      steps: [approveStep(token, spender, needed, options, true), approveStep(token, spender, needed, options)],
      notes: [
        `The allowance of ${text(have)} to ${SPENDER_WORDS[spender]} is short, and this token changes an allowance only from 0: it is set to 0 first, then to the amount.`,
      ],
    };
  }
  return { steps: [approveStep(token, spender, needed, options)], notes: [] };
}

/**
 * A deposit's allowance of the underlying to the vault's other contract (the epoch vault when the
 * deposit goes to the queue, or the reverse), left by an earlier approval: this plan does not use
 * it, and the review says so, with where to revoke it.
 */
function unusedDepositAllowance(w: WalletFacts, used: ApproveSpender, options: PlanOptions): string[] {
  const other: ApproveSpender = used === 'queue' ? 'epochVault' : 'queue';
  const left = allowanceFor(w, 'underlying', other);
  if (left === 0n) return [];
  const amount = left === MAX_UINT256 ? 'An unlimited allowance' : `An allowance of ${options.amountText?.('underlying', left) ?? `${left} base units`}`;
  return [`${amount} to ${SPENDER_WORDS[other]} is left, and this plan does not use it (the step goes to ${SPENDER_WORDS[used]}): revoke it on the Allowances screen.`];
}

function allowanceFor(w: WalletFacts, token: 'underlying' | 'tranche', spender: ApproveSpender): bigint {
  if (token === 'tranche') return w.allowance.trancheToQueue;
  return spender === 'queue' ? w.allowance.underlyingToQueue : w.allowance.underlyingToVault;
}


/** Why a deposit is skipped for a wallet that holds too little of the underlying token. */
export const LOW_UNDERLYING_REASON = 'The underlying balance is lower than the amount to deposit.';
/** How the reason a wallet is skipped for lender agreements it has not signed begins (the skipped notice offers to sign them). */
export const UNSIGNED_AGREEMENTS_REASON = 'The lender agreements are not signed';

/** Deposit `amount` underlying base units: depositAA between epochs, the queue while one runs. */
export function planDeposit(v: VaultFacts, w: WalletFacts, amount: bigint, options: PlanOptions): WalletPlan {
  if (amount <= 0n) return skip('The amount to deposit is zero.');
  const routed = depositRoute(routingFacts(v), { direct: options.direct === true });
  if (!routed.ok) return skip(routed.reason);
  const gated = gate(w, true);
  if (gated) return gated;
  if (w.unsignedAgreements.length > 0) {
    return skip(`${UNSIGNED_AGREEMENTS_REASON} (${w.unsignedAgreements.map((a) => a.title).join(', ')}): sign them first.`);
  }
  if (w.underlyingBalance < amount) return skip(LOW_UNDERLYING_REASON);
  const { route } = routed;
  const spender = route.approve!.spender;
  const approvals = approvalsFor('underlying', spender, amount, allowanceFor(w, 'underlying', spender), options);
  const steps: PlannedStep[] = [...approvals.steps];
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
  return { ok: true, steps, notes: [...approvals.notes, ...unusedDepositAllowance(w, spender, options)] };
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
    const approvals = approvalsFor('tranche', 'withdrawQueue', wanted, allowanceFor(w, 'tranche', 'withdrawQueue'), options);
    steps.push(...approvals.steps);
    notes.push(...approvals.notes);
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
