import type { Batch, SigningAction } from './schemas';

/**
 * A batch's name: what the operator typed on the New operation form, or this default, which says
 * what the batch does, in how many vaults, for how many wallets ("Deposit · 2 vaults · 20 wallets").
 */
const ACTION_WORDS: Record<SigningAction, string> = {
  deposit: 'Deposit',
  withdraw: 'Withdraw',
  redeem: 'Withdraw',
  claim: 'Claim',
  cancel: 'Cancel',
  agreements: 'Lender agreements',
  revoke: 'Revoke allowances',
};

export function defaultBatchName(action: SigningAction, vaults: readonly string[], wallets: number): string {
  const where = vaults.length === 1 ? vaults[0]! : `${vaults.length} vaults`;
  return `${ACTION_WORDS[action]} · ${where} · ${wallets} wallet${wallets === 1 ? '' : 's'}`;
}

/**
 * The name a batch's report files carry: its own, else its vault's, else how many vaults it holds
 * ("3 vaults"): never the first vault's alone, nor a list of names a file name would cut.
 */
export function reportName(batch: Pick<Batch, 'selection' | 'vault' | 'vaults'>): string {
  if (batch.selection.name) return batch.selection.name;
  return batch.vaults && batch.vaults.length > 1 ? `${batch.vaults.length} vaults` : batch.vault.name;
}
