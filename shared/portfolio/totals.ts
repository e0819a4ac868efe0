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

/** A sum in one token; amounts of different tokens are never added together. */
export interface TokenSum {
  symbol: string;
  decimals: number;
  amount: bigint;
}

/**
 * The batch's line under the per-vault rows: exactly the rows' figures added up, per token (a
 * vault's row shows its underlying and its tranche), and in USD where the vault's price is known.
 * The same definitions as the rows: pending = still in a queue or a redeem not yet claimed, as the
 * chain says now; claimable = requests that can be claimed now. A request processed but not
 * claimed counts as claimable, never as pending.
 */
export interface BatchTotals {
  pendingDeposits: TokenSum[];
  pendingWithdraws: TokenSum[];
  pendingRedeems: TokenSum[];
  claimableCount: number;
  claimable: TokenSum[];
  /** USD base units (6 decimals), summed over the vaults that have a price. */
  usd: { pending: bigint; claimable: bigint };
  /** Vaults with an amount in the line but no USD price: left out of the USD sums, by name. */
  unpriced: string[];
}

/** USD base units (6 decimals) per underlying base unit, as a fraction: the vault's TVL in USD over its TVL in tokens. */
function usdPrice(vault: PortfolioVault): { usd: bigint; token: bigint } | null {
  if (!vault.tvl || vault.tvl.usd === null) return null;
  const token = BigInt(vault.tvl.token);
  return token > 0n ? { usd: BigInt(vault.tvl.usd), token } : null;
}

/** An amount of the vault's underlying in USD base units; null without a price. */
export function underlyingUsd(vault: PortfolioVault, amount: bigint): bigint | null {
  const price = usdPrice(vault);
  return price ? (amount * price.usd) / price.token : null;
}

/** Tranche tokens in the underlying at the vault's share price; null without one. */
export function trancheInUnderlying(vault: PortfolioVault, amount: bigint): bigint | null {
  return vault.price === null ? null : (amount * BigInt(vault.price)) / 10n ** 18n;
}

export function addTokenSum(sums: TokenSum[], token: { symbol: string; decimals: number }, amount: bigint): void {
  if (amount === 0n) return;
  const same = sums.find((s) => s.symbol === token.symbol && s.decimals === token.decimals);
  if (same) same.amount += amount;
  else sums.push({ symbol: token.symbol, decimals: token.decimals, amount });
}

export function batchTotals(rows: readonly VaultTotals[]): BatchTotals {
  const out: BatchTotals = {
    pendingDeposits: [],
    pendingWithdraws: [],
    pendingRedeems: [],
    claimableCount: 0,
    claimable: [],
    usd: { pending: 0n, claimable: 0n },
    unpriced: [],
  };
  for (const t of rows) {
    const { vault } = t;
    addTokenSum(out.pendingDeposits, vault.underlying, t.pendingDeposits);
    addTokenSum(out.pendingWithdraws, vault.tranche, t.pendingWithdraws);
    addTokenSum(out.pendingRedeems, vault.underlying, t.pendingRedeems);
    addTokenSum(out.claimable, vault.underlying, t.claimableUnderlying);
    addTokenSum(out.claimable, vault.tranche, t.claimableTranche);
    out.claimableCount += t.claimableCount;

    const withdrawsUnderlying = t.pendingWithdraws === 0n ? 0n : trancheInUnderlying(vault, t.pendingWithdraws);
    const claimTranche = t.claimableTranche === 0n ? 0n : trancheInUnderlying(vault, t.claimableTranche);
    const pending = withdrawsUnderlying === null ? null : t.pendingDeposits + withdrawsUnderlying + t.pendingRedeems;
    const claimable = claimTranche === null ? null : t.claimableUnderlying + claimTranche;
    const pendingUsd = pending === null ? null : pending === 0n ? 0n : underlyingUsd(vault, pending);
    const claimableUsd = claimable === null ? null : claimable === 0n ? 0n : underlyingUsd(vault, claimable);
    if (pendingUsd === null || claimableUsd === null) out.unpriced.push(vault.name);
    out.usd.pending += pendingUsd ?? 0n;
    out.usd.claimable += claimableUsd ?? 0n;
  }
  return out;
}
