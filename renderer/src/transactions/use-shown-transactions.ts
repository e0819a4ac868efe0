import { useMemo } from 'react';
import { transactionFilter, transactionTotals, type TransactionFilter } from '../../../shared/transactions/filter';
import type { TransactionsView } from '../../../shared/transactions/schemas';

/**
 * What the Transactions screen shows of the batch's history under its filters: the rows that pass,
 * their totals per type, the wallets' labels, and the choices each filter offers.
 */
export function useShownTransactions(data: TransactionsView | null, filter: TransactionFilter) {
  const labels = useMemo(() => new Map((data?.wallets ?? []).map((w) => [w.address.toLowerCase(), w.label])), [data]);
  const labelOf = useMemo(() => (address: string) => labels.get(address.toLowerCase()) ?? '', [labels]);
  const all = useMemo(() => data?.rows ?? [], [data]);
  // A wallet picked in another batch is not one of this batch's: the filter falls back to all.
  const wallet = filter.wallet && labels.has(filter.wallet.toLowerCase()) ? filter.wallet : undefined;
  const { vaultId, type, status, from, to } = filter;
  const accept = useMemo(() => transactionFilter({ wallet, vaultId, type, status, from, to }), [wallet, vaultId, type, status, from, to]);
  const filtered = Boolean(wallet || vaultId || type || status || from || to);
  const shown = useMemo(() => (filtered ? all.filter(accept) : all), [all, accept, filtered]);
  // Totals per type, each in its own tokens (a type's amounts in two tokens are never added).
  const byType = useMemo(() => {
    const groups = new Map<string, ReturnType<typeof transactionTotals>>();
    for (const t of transactionTotals(shown)) groups.set(t.type, [...(groups.get(t.type) ?? []), t]);
    return [...groups.entries()];
  }, [shown]);
  const options = useMemo(() => {
    const vaults = new Map<string, string>();
    for (const r of all) if (r.vaultId) vaults.set(r.vaultId, r.vaultName);
    return {
      vaults: [...vaults.entries()].sort((a, b) => a[1].localeCompare(b[1])),
      types: [...new Set(all.map((r) => r.type))].sort(),
      statuses: [...new Set(all.flatMap((r) => (r.status === null ? [] : [r.status])))].sort(),
    };
  }, [all]);
  return { all, shown, wallet, accept, filtered, byType, options, labelOf };
}
