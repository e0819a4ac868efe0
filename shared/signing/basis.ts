import { isRunning, type CycleState } from '../domain/cycle';
import { OLDEST_RULES } from '../domain/generation-rules';
import { formatTokenAmount } from '../domain/units';
import {
  depositClaimable,
  instantRedeemClaimable,
  standardRedeemClaimable,
  standardRedeemOwed,
  withdrawClaimable,
  type TxStep,
  type VaultFacts,
  type WalletFacts,
} from './rules';
import type { BatchItem, ItemBasis, PlanVault, StepKind } from './schemas';

/**
 * A plan is made from what the chain said at one block; it is signed minutes or hours later. Just
 * before an item goes to the device the chain is read again and compared with that basis: a vault
 * that moved to another epoch or state, a balance or allowance that fell short, a request that can
 * no longer be claimed or cancelled holds the item, with the reason in the protocol's words. Pure:
 * the reads are made elsewhere.
 */

type ChainWallet = Omit<WalletFacts, 'unsignedAgreements'>;

/** What the chain says now, for one wallet in one vault. */
export interface ChainNow {
  vault: VaultFacts;
  wallet: ChainWallet;
}

/** Which token a step spends from the wallet, and to which spender it must be approved. */
type Spender = 'epochVault' | 'queue' | 'withdrawQueue';
const SPENDS: Partial<Record<StepKind, { token: 'underlying' | 'tranche'; spender: Spender | null; verb: string }>> = {
  depositAA: { token: 'underlying', spender: 'epochVault', verb: 'deposits' },
  depositDuringEpoch: { token: 'underlying', spender: 'epochVault', verb: 'deposits' },
  requestDeposit: { token: 'underlying', spender: 'queue', verb: 'deposits' },
  requestWithdraw: { token: 'tranche', spender: 'withdrawQueue', verb: 'withdraws' },
  redeem: { token: 'tranche', spender: null, verb: 'redeems' },
};

/** Steps whose contract and call depend on the cycle (deposits and withdrawals are routed by it). */
const ROUTED: ReadonlySet<StepKind> = new Set(['approve', 'depositAA', 'depositDuringEpoch', 'requestDeposit', 'requestWithdraw', 'redeem']);

/** The basis of one planned transaction: the vault's cycle, the wallet's balance of what it spends, the request's epoch. */
export function basisOf(step: TxStep, seen: { takenAt: string; block: bigint; vault: VaultFacts; wallet: ChainWallet }): ItemBasis {
  const spends = SPENDS[step.step] ?? (step.step === 'approve' && step.amount ? { token: step.amount.token } : null);
  const balance = spends ? (spends.token === 'underlying' ? seen.wallet.underlyingBalance : seen.wallet.trancheBalance) : null;
  const queueStep = (step.contract === 'queue' || step.contract === 'withdrawQueue') && step.requestId !== null && typeof step.args[0] === 'bigint';
  return {
    takenAt: seen.takenAt,
    block: seen.block.toString(),
    vault: { state: seen.vault.state, epochNumber: seen.vault.epochNumber, paused: seen.vault.paused },
    balance: balance === null ? null : balance.toString(),
    requestEpoch: queueStep ? Number(step.args[0]) : null,
  };
}

/** Where the vault is in its cycle, as the operator reads it: "between epochs (epoch 12 done)", "epoch 13 running". */
export function describeCycle(v: { state: string; epochNumber: number; paused: boolean }): string {
  const n = v.epochNumber;
  const where = (() => {
    switch (v.state as CycleState) {
      case 'WAITING':
        return n > 0 ? `between epochs (epoch ${n} done)` : 'before its first epoch';
      case 'RUNNING':
        return `epoch ${n + 1} running`;
      case 'RUNNING_PAST_END':
        return `epoch ${n + 1} past its end date`;
      case 'DEFAULTED':
        return 'in default';
      default:
        return `in state ${v.state}`;
    }
  })();
  // While an epoch runs the vault pauses itself: only a pause between epochs is news.
  return v.paused && v.state === 'WAITING' ? `${where}, paused` : where;
}

const token = (vault: PlanVault, which: 'underlying' | 'tranche') => vault[which];
const amountOf = (vault: PlanVault, which: 'underlying' | 'tranche', value: bigint) =>
  formatTokenAmount(value, token(vault, which), 'en-US');

/** Whether the vault is where the plan saw it, for a step routed by the cycle: null, or why not. */
function vaultMoved(basis: ItemBasis, now: VaultFacts): string | null {
  const then = basis.vault;
  const sameCycle =
    isRunning(then.state as CycleState) === isRunning(now.state) && (then.state === 'DEFAULTED') === (now.state === 'DEFAULTED');
  const samePause = then.paused === now.paused || isRunning(now.state);
  if (sameCycle && then.epochNumber === now.epochNumber) {
    if (samePause) return null;
    // Only the pause changed: naming the same place twice would read as no move at all.
    const where = describeCycle({ ...now, paused: false });
    return now.paused
      ? `The vault was paused since this plan, ${where}: re-plan.`
      : `The vault was resumed since this plan, ${where}: re-plan.`;
  }
  return `The vault moved from ${describeCycle(then)} to ${describeCycle(now)} since this plan: re-plan.`;
}

const requestEpochOf = (item: BatchItem) => item.basis?.requestEpoch ?? null;

/** A claim or cancel: whether its request can still be claimed or cancelled now. */
function requestGone(item: BatchItem, now: ChainNow): string | null {
  const e = requestEpochOf(item);
  const epoch = e === null ? undefined : now.vault.epochs.get(e);
  const held = e === null ? undefined : now.wallet.queue.get(e);
  switch (item.step) {
    case 'claimDepositRequest':
      return depositClaimable(epoch, held?.deposit ?? 0n)
        ? null
        : `The deposit request of epoch ${e} is no longer claimable: ${epoch?.price ? 'nothing is left to claim (claimed elsewhere?)' : 'it is not processed'}. Re-plan.`;
    case 'claimWithdrawRequest':
      return withdrawClaimable(epoch, held?.withdraw ?? 0n)
        ? null
        : `The withdrawal request of epoch ${e} is no longer claimable: ${held?.withdraw ? 'its epoch is not paid yet' : 'nothing is left to claim (claimed elsewhere?)'}. Re-plan.`;
    case 'claimRedeem':
      return standardRedeemClaimable(now.vault, { ...now.wallet, unsignedAgreements: [] })
        ? null
        : standardRedeemOwed(now.vault, { ...now.wallet, unsignedAgreements: [] }) === 0n
          ? 'The standard redeem is no longer claimable: nothing is left to claim (claimed elsewhere?). Re-plan.'
          : `The standard redeem is not claimable yet now that the vault is ${describeCycle(now.vault)}: a redeem is paid once an epoch completed after it. Re-plan.`;
    case 'claimInstantRedeem':
      return instantRedeemClaimable(now.vault, { ...now.wallet, unsignedAgreements: [] })
        ? null
        : now.wallet.redeem.instant === 0n
          ? 'The instant redeem is no longer claimable: nothing is left to claim (claimed elsewhere?). Re-plan.'
          : 'The instant redeem is no longer claimable: the vault does not allow instant withdrawals now. Re-plan.';
    case 'deleteRequest':
      if (!held?.deposit) return `The deposit request of epoch ${e} can no longer be cancelled: nothing is left in the queue. Re-plan.`;
      if (epoch?.price)
        return `The deposit request of epoch ${e} can no longer be cancelled: it was processed, it can only be claimed. Re-plan.`;
      if (epoch?.prefunded)
        return `The deposit request of epoch ${e} can no longer be cancelled: the queue forwarded it to the borrower (prefunded). Re-plan.`;
      if (isRunning(now.vault.state) && !(now.vault.rules ?? OLDEST_RULES).cancelDepositWhileRunning)
        return `The deposit request of epoch ${e} can no longer be cancelled while ${describeCycle(now.vault)}: this queue cancels deposits between epochs only. Re-plan.`;
      return null;
    case 'deleteWithdrawRequest':
      if (!held?.withdraw) return `The withdrawal request of epoch ${e} can no longer be cancelled: nothing is left in the queue. Re-plan.`;
      if (epoch?.withdrawPrice)
        return `The withdrawal request of epoch ${e} can no longer be cancelled: it was processed, it can only be claimed. Re-plan.`;
      return null;
    default:
      return null;
  }
}

/**
 * Why an item cannot go to the device as planned, or null. `allowance` is what the step may spend
 * once signed: the approval before it for a pair checked before the approval is sent, else what
 * the chain says now.
 */
export function staleReason(item: BatchItem, vault: PlanVault, now: ChainNow, options: { allowance?: bigint } = {}): string | null {
  const basis = item.basis;
  if (!basis || !item.tx) return null;
  if (now.vault.state === 'DEFAULTED' && basis.vault.state !== 'DEFAULTED') {
    return `The vault moved from ${describeCycle(basis.vault)} to ${describeCycle(now.vault)} since this plan: re-plan.`;
  }
  if (ROUTED.has(item.step)) {
    const moved = vaultMoved(basis, now.vault);
    if (moved) return moved;
  }
  const spends = SPENDS[item.step];
  if (spends) {
    const amount = BigInt(item.review?.kind === 'transaction' && item.review.amount ? item.review.amount.baseUnits : '0');
    const balance = spends.token === 'underlying' ? now.wallet.underlyingBalance : now.wallet.trancheBalance;
    if (balance < amount) {
      return `Balance is ${amountOf(vault, spends.token, balance)}, the plan ${spends.verb} ${amountOf(vault, spends.token, amount)}: re-plan.`;
    }
    if (spends.spender) {
      const allowance = options.allowance ?? allowanceNow(now.wallet, spends.token, spends.spender);
      if (allowance < amount) {
        const to = spends.spender === 'epochVault' ? 'the epoch vault' : spends.spender === 'queue' ? 'the deposit queue' : 'the withdraw queue';
        return `The allowance to ${to} is ${amountOf(vault, spends.token, allowance)}, the plan ${spends.verb} ${amountOf(vault, spends.token, amount)}: re-plan.`;
      }
    }
  }
  return requestGone(item, now);
}

function allowanceNow(w: ChainWallet, which: 'underlying' | 'tranche', spender: Spender): bigint {
  if (which === 'tranche') return w.allowance.trancheToQueue;
  return spender === 'queue' ? w.allowance.underlyingToQueue : w.allowance.underlyingToVault;
}

/** The allowance an approval sets once mined (approve sets it, it does not add to it). */
export function approvedValue(approve: BatchItem): bigint | null {
  if (approve.step !== 'approve' || approve.review?.kind !== 'transaction') return null;
  const amount = approve.review.args.find((a) => a.type === 'uint256');
  return amount ? BigInt(amount.value) : null;
}
