import type { Portfolio, PortfolioVault } from '../../../shared/portfolio/schemas';

/** Lookups the portfolio tables share: wallet labels and vaults by id. */
export function portfolioIndex(p: Portfolio | null) {
  const walletLabel = new Map((p?.wallets ?? []).map((w) => [w.address.toLowerCase(), w.label]));
  const vaultById = new Map<string, PortfolioVault>((p?.vaults ?? []).map((v) => [v.id, v]));
  return {
    label: (address: string) => walletLabel.get(address.toLowerCase()) || '',
    vault: (id: string) => vaultById.get(id),
  };
}

/** The contract method as an operator reads it. */
const ACTION_LABEL: Record<string, string> = {
  deleteRequest: 'Cancel deposit',
  deleteWithdrawRequest: 'Cancel withdrawal',
  claimDepositRequest: 'Claim deposit',
  claimWithdrawRequest: 'Claim withdrawal',
  claimInstantWithdrawRequest: 'Claim instant redeem',
};

export function actionLabel(functionName: string, contract: 'epochVault' | 'queue' | 'withdrawQueue'): string {
  if (functionName === 'claimWithdrawRequest' && contract === 'epochVault') return 'Claim redeem';
  return ACTION_LABEL[functionName] ?? functionName;
}
