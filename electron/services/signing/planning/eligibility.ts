import { formatUnits } from 'viem';
import { parseAmount } from '../../../../shared/domain/units';
import { approvalFacts } from './approval-facts';
import { picksOf } from './revoke';
import { planRevokes } from '../../../../shared/signing/revoke-rules';
import { AppError } from '../../../../shared/errors';
import {
  LOW_UNDERLYING_REASON,
  planAgreements,
  planCancels,
  planClaims,
  planDeposit,
  planWithdraw,
  type RequestRef,
  type WalletFacts,
  type WalletPlan,
} from '../../../../shared/signing/rules';
import type { Selection } from '../../../../shared/signing/schemas';
import { epochQueueAbi, epochVaultAbi } from '../../../../shared/abi';
import { GENERATIONS, generationCalls } from '../../../../shared/abi/generations';
import type { ContractGenerations } from '../../../../shared/abi/generations/detect';
import { walletAmountsFor } from './amounts';
import { underlyingKey } from './across-vaults';
import type { PlanFacts } from './facts';

/** The amount the selection asks for, in base units of its token ('all' for everything; null when it takes none). */
function selectedAmount(selection: Selection, facts: Pick<PlanFacts, 'vault'>): bigint | 'all' | null {
  const { action } = selection;
  const isWithdraw = action === 'withdraw' || action === 'redeem';
  if (action !== 'deposit' && !(isWithdraw && selection.amount && selection.amount !== 'all')) return isWithdraw ? 'all' : null;
  const token = action === 'deposit' ? facts.vault.underlying : facts.vault.tranche;
  const parsed = parseAmount(selection.amount ?? '', token.decimals);
  if (!parsed.ok) throw new AppError({ code: 'SIGNING_BAD_AMOUNT', message: parsed.reason, action: 'Correct the amount.' });
  return BigInt(parsed.baseUnits);
}

/** Why a watch-only wallet of the book is left out of every plan, and what to do about it. */
export const WATCH_ONLY_REASON = 'Watch-only: the console has no Ledger account for this wallet, so it cannot sign for it. Import it from the Ledger on the Wallets screen to include it.';

/** The rules, wallet by wallet: its steps in order, or why it is skipped. Pure. */
export function eligibility(selection: Selection, facts: Omit<PlanFacts, 'client'>): WalletPlan[] {
  const amountOf = walletAmountsFor(selection, facts, () => selectedAmount(selection, facts));
  const ids = selection.requestIds ? new Set(selection.requestIds) : null;
  // Only deposits and withdrawals approve a token.
  const approves = selection.action === 'deposit' || selection.action === 'withdraw' || selection.action === 'redeem';
  const options = { approval: selection.approval ?? 'exact', direct: selection.depositRoute === 'direct', ...(approves ? approvalFacts(facts.vault) : {}) } as const;
  const vaultFacts = facts.chain.vault;
  return selection.wallets.map((w) => callable(verdictOf(w), facts.chain.generations));
  function verdictOf(w: Selection['wallets'][number]): WalletPlan {
    if (w.watchOnly) return { ok: false, reason: WATCH_ONLY_REASON };
    const own = amountOf(w.address);
    if ('reason' in own) return { ok: false, reason: own.reason };
    const { amount } = own;
    const key = w.address.toLowerCase();
    const agreementInfo = facts.agreements?.get(key);
    if (agreementInfo && 'error' in agreementInfo) return { ok: false, reason: agreementInfo.error };
    const walletFacts: WalletFacts = { ...facts.chain.wallets.get(key)!, unsignedAgreements: agreementInfo?.unsigned ?? [] };
    const mine: RequestRef[] = facts.requests
      .filter((r) => r.wallet.toLowerCase() === key)
      .map((r) => ({ id: r.id, type: r.type, status: r.status, isInstant: r.isInstant, epochNumber: r.epochNumber }));
    switch (selection.action) {
      case 'deposit':
        return planDeposit(vaultFacts, walletFacts, amount as bigint, options);
      case 'withdraw':
      case 'redeem':
        return planWithdraw(vaultFacts, walletFacts, amount!, { ...options, redeemOnly: selection.action === 'redeem' });
      case 'claim':
        return planClaims(vaultFacts, walletFacts, mine, ids);
      case 'cancel':
        return planCancels(vaultFacts, walletFacts, mine, ids);
      case 'agreements':
        return planAgreements(walletFacts, facts.catalog.lenderSignatureIds.length > 0);
      case 'revoke':
        return planRevokes(walletFacts, picksOf(selection, key), { hasQueue: vaultFacts.hasQueue, hasWithdrawQueue: vaultFacts.hasWithdrawQueue ?? vaultFacts.hasQueue });
    }
  }
}

/**
 * A wallet's steps, held to the interfaces of the generations the chain answered as: a step whose
 * contract lacks its function skips the wallet, saying which, instead of signing a call that can
 * only revert (the rules route by the generations; this keeps a wrong route from reaching the device).
 */
function callable(plan: WalletPlan, generations: ContractGenerations): WalletPlan {
  if (!plan.ok) return plan;
  for (const step of plan.steps) {
    if (step.kind !== 'transaction') continue;
    const generation = step.contract === 'epochVault' ? generations.epochVault : step.contract === 'queue' ? generations.queue : step.contract === 'withdrawQueue' ? generations.withdrawQueue : null;
    if (step.contract === 'underlying' || step.contract === 'tranche') continue;
    const abi = step.contract === 'epochVault' ? epochVaultAbi : epochQueueAbi;
    if (!generation || !generationCalls(generation, abi, step.functionName)) {
      const label = generation ? GENERATIONS[generation].label : `no ${step.contract}`;
      return { ok: false, reason: `This vault's ${label} has no ${step.functionName}(): the step cannot be made on it.` };
    }
  }
  return plan;
}

/**
 * The rules with each wallet's underlying balance less what the vaults before this one in the same
 * plan take from it (two vaults of one token draw on one balance); a wallet left short is skipped
 * here, saying why. The facts themselves are left as the chain gave them. Pure.
 */
export function eligibilityAfter(selection: Selection, facts: Omit<PlanFacts, 'client'>, spent: ReadonlyMap<string, bigint>): WalletPlan[] {
  const wallets = new Map(facts.chain.wallets);
  const taken = new Map<string, bigint>();
  for (const [address, w] of wallets) {
    const already = spent.get(underlyingKey(facts.vault.chainId, facts.vault.underlying.address, address)) ?? 0n;
    if (already === 0n) continue;
    taken.set(address, already);
    wallets.set(address, { ...w, underlyingBalance: w.underlyingBalance > already ? w.underlyingBalance - already : 0n });
  }
  const verdicts = eligibility(selection, { ...facts, chain: { ...facts.chain, wallets } });
  const token = facts.vault.underlying;
  return verdicts.map((verdict, i): WalletPlan => {
    const already = taken.get(selection.wallets[i]!.address.toLowerCase());
    if (verdict.ok || !already || verdict.reason !== LOW_UNDERLYING_REASON) return verdict;
    return { ...verdict, reason: `${LOW_UNDERLYING_REASON.replace(/\.$/, '')}: the vaults before this one in the operation already take ${formatUnits(already, token.decimals)} ${token.symbol} of it.` };
  });
}
