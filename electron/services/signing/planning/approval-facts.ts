import { approvesFromZeroOnly } from '../../../../shared/domain/token-facts';
import { formatTokenAmount } from '../../../../shared/domain/units';
import type { PlanOptions } from '../../../../shared/signing/rules';
import type { PlanVault } from '../../../../shared/signing/schemas';

/**
 * What the rules need to know of the vault's pinned tokens to plan approvals: which of them change
 * an allowance only from 0, and how their amounts read in the review's notes.
 */
export function approvalFacts(vault: Pick<PlanVault, 'chainId' | 'underlying' | 'tranche'>): Required<Pick<PlanOptions, 'approveFromZero' | 'amountText'>> {
  return {
    approveFromZero: {
      underlying: approvesFromZeroOnly(vault.chainId, vault.underlying.address),
      tranche: approvesFromZeroOnly(vault.chainId, vault.tranche.address),
    },
    amountText: (token, value) => formatTokenAmount(value, token === 'underlying' ? vault.underlying : vault.tranche, 'en-US'),
  };
}
