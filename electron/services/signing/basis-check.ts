import type { PublicClient } from 'viem';
import { formatTokenAmount } from '../../../shared/domain/units';
import { approvedValue, staleReason } from '../../../shared/signing/basis';
import type { Batch, BatchItem, PlanVault } from '../../../shared/signing/schemas';
import { readChainFacts } from '../chain-facts/vault-facts';
import { pinMoment } from '../chain-facts/moment';

/**
 * The chain read again just before an item goes to the device, and compared with what its plan was
 * made from (shared/signing/basis.ts). Dependent steps are checked together: an approval goes to
 * the device only when the step it approves for would pass too, so an allowance is never left
 * behind for a deposit that cannot be made. Changes nothing: the runner holds what this names.
 */

export const REPLAN_ACTION =
  'Re-plan the held items: a fresh plan is made from the chain as it is now and reviewed before anything is signed.';

function vaultOf(batch: Batch, item: BatchItem): PlanVault {
  return batch.vaults?.find((v) => v.id === item.vaultId) ?? batch.vault;
}

/** Per item to hold (this one, and the steps that go with it): the reason, in the protocol's words. Empty when it may go. */
export async function checkBasis(client: PublicClient, batch: Batch, item: BatchItem): Promise<Map<BatchItem, string>> {
  const held = new Map<BatchItem, string>();
  if (!item.tx || !item.basis) return held;
  const vault = vaultOf(batch, item);
  const dependents = item.step === 'approve' ? batch.items.filter((i) => i.dependsOn === item.id && i.state === 'waiting' && i.basis) : [];
  const epochs = [item, ...dependents].map((i) => i.basis?.requestEpoch ?? null).filter((e): e is number => e !== null);
  // Through the plan's reader, at the chain's head now: what changed since the plan's block shows.
  const facts = await readChainFacts(
    await pinMoment(client),
    vault,
    [item.wallet as `0x${string}`],
    epochs.map((epochNumber) => ({ epochNumber })),
  );
  const now = { vault: facts.vault, wallet: facts.wallets.get(item.wallet.toLowerCase())! };
  const own = staleReason(item, vault, now);
  if (item.step === 'approve') {
    // The pair: the approval is sent only if what it approves for would pass once it is mined.
    const approved = approvedValue(item);
    const theirs = dependents.map((d) => staleReason(d, vault, now, approved !== null ? { allowance: approved } : {}));
    const first = theirs.find((r) => r !== null) ?? null;
    if (!own && !first) return held;
    held.set(item, own ?? `Not sent: the ${dependents[theirs.indexOf(first)]!.step} it approves for could not be made. ${first}`);
    dependents.forEach((d, i) => held.set(d, theirs[i] ?? `Held with the approval before it: ${own}`));
    return held;
  }
  if (!own) return held;
  const approval = item.dependsOn ? batch.items.find((i) => i.id === item.dependsOn) : undefined;
  held.set(item, approval?.state === 'confirmed' ? `${own} ${allowanceLeft(approval, vault)}` : own);
  return held;
}

/** The approval before a held step was mined: the operator is told what it left behind. */
function allowanceLeft(approval: BatchItem, vault: PlanVault): string {
  const review = approval.review?.kind === 'transaction' ? approval.review : null;
  const value = approvedValue(approval);
  const token = review?.contract.role === 'tranche' ? vault.tranche : vault.underlying;
  const spender = review?.spender?.role === 'queue' ? 'the queue' : 'the epoch vault';
  const amount = value === null ? 'an allowance' : `an allowance of ${formatTokenAmount(value, token, 'en-US')}`;
  return `The approval before it was mined: ${amount} to ${spender} is left. Re-plan: a new plan uses it when its step goes to ${spender} again, and says so either way; revoke it on the Allowances screen if it is not needed.`;
}
