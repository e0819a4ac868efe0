import { addTokenSum, underlyingUsd, type TokenSum, type VaultTotals } from '../portfolio/totals';
import type { VaultEarnings } from './totals';

/**
 * The batch line's value and earnings, added up from exactly the vault rows above it: each row's
 * value (its tranche balance at the vault's share price, from the chain) and its earnings and
 * deposits (the sums of the service's records the row shows). Per token, since tokens never add
 * up; in USD at each vault's stated price (its TVL in USD over its TVL in tokens, the price the
 * pending and claimable sums use), leaving out and naming the vaults without one. A record the
 * row could not count (not loaded, set aside) is out of the row and so out of the line.
 */
interface BatchValue {
  value: TokenSum[];
  earnings: TokenSum[];
  deposits: TokenSum[];
  /** USD base units (6 decimals), over the vaults that have a price. */
  usd: { value: bigint; earnings: bigint; deposits: bigint };
  /** Earnings over deposits in USD, in percent; null with nothing deposited. */
  earningsPercent: number | null;
  /** Vaults with a figure in the line but no USD price: left out of the USD sums, by name. */
  unpriced: string[];
  /** The records the rows count, and those they could not (added up from the rows' own notes). */
  records: number;
  missing: number;
  notCurrent: boolean;
}

export function batchValue(rows: readonly VaultTotals[], earnings: ReadonlyMap<string, VaultEarnings> | null): BatchValue {
  const out: BatchValue = {
    value: [],
    earnings: [],
    deposits: [],
    usd: { value: 0n, earnings: 0n, deposits: 0n },
    earningsPercent: null,
    unpriced: [],
    records: 0,
    missing: 0,
    notCurrent: false,
  };
  for (const t of rows) {
    const { vault } = t;
    const e = earnings?.get(vault.id);
    const earned = e?.token.earnings ?? 0n;
    const deposited = e?.token.deposits ?? 0n;
    addTokenSum(out.value, vault.underlying, t.value);
    addTokenSum(out.earnings, vault.underlying, earned);
    addTokenSum(out.deposits, vault.underlying, deposited);
    if (e) {
      out.records += e.records;
      out.missing += e.missing;
      out.notCurrent ||= e.notCurrent;
    }
    if (t.value === 0n && earned === 0n && deposited === 0n) continue;
    const usd = (amount: bigint) => (amount === 0n ? 0n : underlyingUsd(vault, amount));
    const [value, earnedUsd, depositedUsd] = [usd(t.value), usd(earned), usd(deposited)];
    if (value === null || earnedUsd === null || depositedUsd === null) {
      out.unpriced.push(vault.name);
      continue;
    }
    out.usd.value += value;
    out.usd.earnings += earnedUsd;
    out.usd.deposits += depositedUsd;
  }
  out.earningsPercent = out.usd.deposits > 0n ? Number((out.usd.earnings * 1_000_000n) / out.usd.deposits) / 10_000 : null;
  return out;
}
