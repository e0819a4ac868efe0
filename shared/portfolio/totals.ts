import type { Portfolio, PortfolioVault } from './schemas';

/** A group's totals in one vault, as the overview shows them. Amounts in base units (bigint). */
export interface VaultTotals {
  vault: PortfolioVault;
  /** Wallets with any balance, request or claim in this vault. */
  activeWallets: number;
  trancheBalance: bigint;
  /** In underlying base units. */
  value: bigint;
  pendingDeposits: bigint;
  /** Tranche tokens waiting in the withdraw queue. */
  pendingWithdraws: bigint;
  /** Receipt tokens (underlying units) of standard and instant redeems. */
  pendingRedeems: bigint;
  claimableCount: number;
  /** The claimable requests' amounts, by the token each was made in (deposits and redeems in the underlying, withdrawals in tranche tokens). */
  claimableUnderlying: bigint;
  claimableTranche: bigint;
  needsKyc: number;
  /** Some of the batch's positions here are from a chain that did not answer on the last refresh. */
  stale: boolean;
  /** Some of the batch's requests here (and so the claims counted) are from a source that did not answer. */
  requestsStale: boolean;
}

const big = (v: string | null) => (v === null ? 0n : BigInt(v));

export function vaultTotals(p: Portfolio): VaultTotals[] {
  const byVault = new Map<string, VaultTotals>(
    p.vaults.map((vault) => [
      vault.id,
      {
        vault,
        activeWallets: 0,
        trancheBalance: 0n,
        value: 0n,
        pendingDeposits: 0n,
        pendingWithdraws: 0n,
        pendingRedeems: 0n,
        claimableCount: 0,
        claimableUnderlying: 0n,
        claimableTranche: 0n,
        needsKyc: 0,
        stale: false,
        requestsStale: false,
      },
    ]),
  );
  for (const row of p.positions) {
    const t = byVault.get(row.vaultId);
    if (!t) continue;
    const balance = big(row.trancheBalance);
    const pending = big(row.pendingDeposit) + big(row.pendingWithdraw) + big(row.pendingRedeem) + big(row.pendingInstantRedeem);
    t.trancheBalance += balance;
    t.value += big(row.value);
    t.pendingDeposits += big(row.pendingDeposit);
    t.pendingWithdraws += big(row.pendingWithdraw);
    t.pendingRedeems += big(row.pendingRedeem) + big(row.pendingInstantRedeem);
    t.stale ||= row.stale;
    if (balance > 0n || pending > 0n || row.claimable.length > 0) t.activeWallets++;
    if (row.allowed === false && t.vault.kyc.required) t.needsKyc++;
  }
  for (const r of p.requests) {
    const t = byVault.get(r.vaultId);
    if (!t) continue;
    t.requestsStale ||= r.stale;
    if (r.action?.kind !== 'claim') continue;
    t.claimableCount++;
    if (r.amountToken === 'tranche') t.claimableTranche += BigInt(r.amount);
    else t.claimableUnderlying += BigInt(r.amount);
  }
  return [...byVault.values()];
}
