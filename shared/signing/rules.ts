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

type ApproveSpender = 'epochVault' | 'queue' | 'withdrawQueue';

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
