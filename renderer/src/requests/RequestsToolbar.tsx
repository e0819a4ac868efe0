import type { PortfolioVault } from '../../../shared/portfolio/schemas';
import { PHASE_WORDS } from '../../../shared/portfolio/request-phase';
import { Toolbar } from '../components/Toolbar';
import type { useRequestFilters } from './use-request-filters';

/** Search the requests, filter them by type, status, vault and what can be done now (the selection's bar is at the screen's foot). */
export function RequestsToolbar({
  search,
  onSearch,
  filtering: { filters, set: onFilter, phases, otherTypes },
  vaults,
}: {
  search: string;
  onSearch(value: string): void;
  /** The filters' state and the choices they offer, as `useRequestFilters` keeps them. */
  filtering: Pick<ReturnType<typeof useRequestFilters>, 'filters' | 'set' | 'phases' | 'otherTypes'>;
  vaults: readonly Pick<PortfolioVault, 'id' | 'name'>[];
}) {
  return (
    <Toolbar search={{ value: search, onChange: onSearch, placeholder: 'Search wallet, label, vault, status', label: 'Search requests' }}>
      <select aria-label="Type" value={filters.type} onChange={(e) => onFilter({ type: e.target.value })}>
        <option value="">All types</option>
        <option value="DEPOSIT">Deposits</option>
        <option value="WITHDRAW">Withdrawals</option>
        <option value="REDEEM">Redeems</option>
        {otherTypes.map((t) => (
          <option key={t} value={t}>
            {t.charAt(0) + t.slice(1).toLowerCase().replace(/_/g, ' ')}
          </option>
        ))}
      </select>
      <select aria-label="Status" value={filters.status} onChange={(e) => onFilter({ status: e.target.value })}>
        <option value="">All statuses</option>
        {phases.map((p) => (
          <option key={p} value={p}>
            {PHASE_WORDS[p].toLowerCase()}
          </option>
        ))}
      </select>
      <select aria-label="Vault" value={filters.vaultId} onChange={(e) => onFilter({ vaultId: e.target.value })}>
        <option value="">All vaults</option>
        {vaults.map((v) => (
          <option key={v.id} value={v.id}>
            {v.name}
          </option>
        ))}
      </select>
      <label className="toggle">
        <input type="checkbox" checked={filters.actionable} onChange={(e) => onFilter({ actionable: e.target.checked })} /> only what can be
        done now
      </label>
    </Toolbar>
  );
}
