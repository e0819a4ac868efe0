import type { TransactionFilter } from '../../../shared/transactions/filter';
import { transactionTypeWords } from '../../../shared/transactions/type-words';
import { DayInput } from '../components/DayInput';
import { shortAddress } from '../components/format';
import { Toolbar } from '../components/Toolbar';
import { words } from './columns';

/** Filter the transactions by wallet, vault, type, status and UTC days; Clear filters while one is set. */
export function TransactionsToolbar({
  filter,
  wallet,
  wallets,
  options,
  filtered,
  setFilter,
  clearFilter,
}: {
  filter: TransactionFilter;
  /** The wallet filter as it applies: undefined when the one picked is not in this batch. */
  wallet: string | undefined;
  wallets: readonly { address: string; label: string }[];
  options: { vaults: readonly [string, string][]; types: readonly string[]; statuses: readonly string[] };
  filtered: boolean;
  setFilter(patch: Partial<TransactionFilter>): void;
  clearFilter(): void;
}) {
  return (
    <Toolbar className="tx-filters" clear={{ shown: filtered, onClear: clearFilter }}>
      <select aria-label="Wallet" value={wallet ?? ''} onChange={(e) => setFilter({ wallet: e.target.value || undefined })}>
        <option value="">All wallets</option>
        {wallets.map((w) => (
          <option key={w.address} value={w.address}>
            {w.label ? `${w.label} · ${shortAddress(w.address)}` : w.address}
          </option>
        ))}
      </select>
      <select aria-label="Vault" value={filter.vaultId ?? ''} onChange={(e) => setFilter({ vaultId: e.target.value || undefined })}>
        <option value="">All vaults</option>
        {options.vaults.map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </select>
      <select aria-label="Type" value={filter.type ?? ''} onChange={(e) => setFilter({ type: e.target.value || undefined })}>
        <option value="">All types</option>
        {options.types.map((t) => (
          <option key={t} value={t}>
            {transactionTypeWords(t).words}
          </option>
        ))}
      </select>
      <select aria-label="Status" value={filter.status ?? ''} onChange={(e) => setFilter({ status: e.target.value || undefined })}>
        <option value="">All statuses</option>
        {options.statuses.map((s) => (
          <option key={s} value={s}>
            {words(s)}
          </option>
        ))}
      </select>
      <label className="date-field">
        From
        <DayInput label="From (UTC day)" value={filter.from} onChange={(from) => setFilter({ from })} />
      </label>
      <label className="date-field">
        to
        <DayInput label="To (UTC day)" value={filter.to} onChange={(to) => setFilter({ to })} />
        <span className="cell-sub">UTC</span>
      </label>
    </Toolbar>
  );
}
