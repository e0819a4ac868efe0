import { requestAction } from '../domain/actions';
import { isRunning } from '../domain/cycle';
import { OLDEST_RULES } from '../domain/generation-rules';
import { gate, skip, type QueueEpochFacts, type RequestRef, type TxStep, type VaultFacts, type WalletFacts, type WalletPlan } from './rule-facts';
import type { StepKind } from './schemas';

/**
 * The rules of claims and cancels: what a wallet's requests can give now, each through its own
 * contract and call, by the rules of the vault's contracts' generations. Pure.
 */

/** A call on a queue for one epoch (claims and cancels; deposits on the deposit queue, withdrawals on the withdraw queue), moving `value` of `token`. */
function queueStep(step: StepKind, epoch: number, token: 'underlying' | 'tranche', value: bigint, requestId: string): TxStep {
  const contract = token === 'underlying' ? 'queue' : 'withdrawQueue';
  return { kind: 'transaction', step, contract, functionName: step, args: [BigInt(epoch)], amount: { token, value }, spender: null, requestId };
}

/** A call on the epoch vault that pays a redeem out, in underlying. */
function redeemClaimStep(step: 'claimRedeem' | 'claimInstantRedeem', functionName: string, value: bigint): TxStep {
  return { kind: 'transaction', step, contract: 'epochVault', functionName, args: [], amount: { token: 'underlying', value }, spender: null, requestId: null };
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
function apr0Owed(a: NonNullable<WalletFacts['redeem']['apr0']>, epochNumber: number): bigint {
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
  return standardRedeemOwed(v, w) > 0n && standardRedeemDue(v.epochNumber, w.redeem.lastRequestEpoch, v.closed === true);
}

/** The strategy pays a standard redeem once it stopped an epoch after the wallet's last redeem (`lastWithdrawRequest`), or at once on a closed vault. */
export function standardRedeemDue(strategyEpoch: number, lastRequestEpoch: bigint | number, closed: boolean): boolean {
  return closed || BigInt(strategyEpoch) > BigInt(lastRequestEpoch);
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

