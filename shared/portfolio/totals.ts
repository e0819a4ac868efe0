import { isCounted } from './request-phase';
import type { Portfolio, PortfolioVault } from './schemas';

/** Amounts of one vault by token: never added together. */
export interface ByToken {
  underlying: bigint;
  tranche: bigint;
}

/**
 * A group's totals in one vault, as the overview shows them: balances from the chain, requests by
 * their one classification (shared/portfolio/request-phase.ts), so that each request is counted in
 * exactly one column. Amounts in base units (bigint).
 */
export interface VaultTotals {
  vault: PortfolioVault;
  /** Wallets with any balance, request or claim in this vault. */
  activeWallets: number;
  trancheBalance: bigint;
  /** In underlying base units. */
  value: bigint;
  /** Pending requests, in what was put in: deposits and redeems in the underlying. */
  pendingDeposits: bigint;
  /** Queue withdrawals pending, in tranche tokens (`underlying`: those known only by the underlying value their record states). */
  pendingWithdraws: ByToken;
  pendingRedeems: bigint;
  /** Withdrawals processed but not claimable yet (the epoch's claims not all funded), in what was put in. */
  processedCount: number;
  processed: ByToken;
  claimableCount: number;
  /** What the claimable requests will pay: tranche tokens for deposit claims, the underlying for the others. */
  claimable: ByToken;
  /** Some claimable figure is an estimate (a price not fixed yet), or could not be priced at all. */
  claimableEstimate: boolean;
  needsKyc: number;
  /** Some of the batch's positions here are from a chain that did not answer on the last refresh. */
  stale: boolean;
  /** Some of the batch's requests here (and so the claims counted) are from a source that did not answer. */
  requestsStale: boolean;
}

const big = (v: string | null) => (v === null ? 0n : BigInt(v));
const add = (sum: ByToken, token: 'underlying' | 'tranche', amount: bigint) => {
  sum[token] += amount;
};

export function vaultTotals(p: Portfolio): VaultTotals[] {
  const byVault = new Map<string, VaultTotals & { wallets: Set<string> }>(
    p.vaults.map((vault) => [
      vault.id,
      {
        vault,
        activeWallets: 0,
        wallets: new Set<string>(),
        trancheBalance: 0n,
        value: 0n,
        pendingDeposits: 0n,
        pendingWithdraws: { underlying: 0n, tranche: 0n },
        pendingRedeems: 0n,
        processedCount: 0,
        processed: { underlying: 0n, tranche: 0n },
        claimableCount: 0,
        claimable: { underlying: 0n, tranche: 0n },
        claimableEstimate: false,
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
    t.trancheBalance += balance;
    t.value += big(row.value);
    t.stale ||= row.stale;
    if (balance > 0n) t.wallets.add(row.wallet.toLowerCase());
    if (row.allowed === false && t.vault.kyc.required) t.needsKyc++;
  }
  for (const r of p.requests) {
    const t = byVault.get(r.vaultId);
    if (!t) continue;
    if (!isCounted(r.phase)) continue;
    t.requestsStale ||= r.stale;
    t.wallets.add(r.wallet.toLowerCase());
    const amount = BigInt(r.amount);
    if (r.phase === 'pending') {
      if (r.type === 'WITHDRAW') add(t.pendingWithdraws, r.amountToken, amount);
      else if (r.type === 'DEPOSIT') t.pendingDeposits += amount;
      else t.pendingRedeems += amount;
    } else if (r.phase === 'processed') {
      t.processedCount++;
      add(t.processed, r.amountToken, amount);
    } else {
      t.claimableCount++;
      if (r.receive) add(t.claimable, r.receive.token, BigInt(r.receive.amount));
      t.claimableEstimate ||= r.receive === null || r.receive.estimate;
    }
  }
  return [...byVault.values()].map(({ wallets, ...t }) => ({ ...t, activeWallets: wallets.size }));
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
 * The same definitions as the rows, each request in one column: pending (in a queue, or a redeem
 * whose epoch has not ended), processed (priced, claims not yet funded), claimable now (what the
 * claims will pay).
 */
interface BatchTotals {
  pendingDeposits: TokenSum[];
  pendingWithdraws: TokenSum[];
  pendingRedeems: TokenSum[];
  processedCount: number;
  processed: TokenSum[];
  claimableCount: number;
  claimable: TokenSum[];
  /** USD base units (6 decimals), summed over the vaults that have a price. */
  usd: { pending: bigint; processed: bigint; claimable: bigint };
  /** Vaults with an amount in the line but no USD price: left out of the USD sums, by name. */
  unpriced: string[];
}

/** An amount of the underlying in USD base units (6 decimals) at one snapshot's price (`PortfolioVault.usdPrice`); null without one. */
export function usdAt(price: PortfolioVault['usdPrice'], amount: bigint): bigint | null {
  return price ? (amount * BigInt(price.usd)) / BigInt(price.token) : null;
}

/** An amount of the vault's underlying in USD base units; null without a price. */
export function underlyingUsd(vault: PortfolioVault, amount: bigint): bigint | null {
  return usdAt(vault.usdPrice, amount);
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
    processedCount: 0,
    processed: [],
    claimableCount: 0,
    claimable: [],
    usd: { pending: 0n, processed: 0n, claimable: 0n },
    unpriced: [],
  };
  for (const t of rows) {
    const { vault } = t;
    addTokenSum(out.pendingDeposits, vault.underlying, t.pendingDeposits);
    addTokenSum(out.pendingWithdraws, vault.tranche, t.pendingWithdraws.tranche);
    addTokenSum(out.pendingWithdraws, vault.underlying, t.pendingWithdraws.underlying);
    addTokenSum(out.pendingRedeems, vault.underlying, t.pendingRedeems);
    addTokenSum(out.processed, vault.underlying, t.processed.underlying);
    addTokenSum(out.processed, vault.tranche, t.processed.tranche);
    addTokenSum(out.claimable, vault.underlying, t.claimable.underlying);
    addTokenSum(out.claimable, vault.tranche, t.claimable.tranche);
    out.claimableCount += t.claimableCount;
    out.processedCount += t.processedCount;

    // In the underlying, tranche tokens at the vault's share price, then in USD at its one-moment price.
    const inUnderlying = (sum: ByToken, extra = 0n): bigint | null => {
      const tranche = sum.tranche === 0n ? 0n : trancheInUnderlying(vault, sum.tranche);
      return tranche === null ? null : sum.underlying + tranche + extra;
    };
    const usd = (amount: bigint | null) => (amount === null ? null : amount === 0n ? 0n : underlyingUsd(vault, amount));
    const pendingUsd = usd(inUnderlying(t.pendingWithdraws, t.pendingDeposits + t.pendingRedeems));
    const processedUsd = usd(inUnderlying(t.processed));
    const claimableUsd = usd(inUnderlying(t.claimable));
    if (pendingUsd === null || processedUsd === null || claimableUsd === null) out.unpriced.push(vault.name);
    out.usd.pending += pendingUsd ?? 0n;
    out.usd.processed += processedUsd ?? 0n;
    out.usd.claimable += claimableUsd ?? 0n;
  }
  return out;
}
