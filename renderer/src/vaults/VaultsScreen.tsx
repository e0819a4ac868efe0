import { formatFeePercent } from '../../../shared/domain/fees';
import type { VaultRow } from '../../../shared/ipc/schemas';
import { useNavigationStore } from '../navigation/navigation-store';
import { useSourceLoad } from '../navigation/use-source-load';
import { LoadedList } from '../components/LoadedList';
import { Screen } from '../components/ScreenHeader';
import { shortAddress } from '../components/format';
import { pickText } from '../components/text';
import '../components/insights.css';
import { useVaultsStore } from './vaults-store';
import { GenerationLabel } from '../components/GenerationLabel';
import { SimpleTable } from '../components/SimpleTable';
import { vaultColumn, vaultRows } from '../components/VaultColumn';
import { Toolbar } from '../components/Toolbar';
import { usePortfolioStore, useVaultCycles } from '../batch';
import { VaultStatusCell } from '../components/VaultStateFlag';
import { UnlistedPinned } from './UnlistedPinned';

export function VaultsScreen() {
  const { list, loading, error, load, category, type, setFilter } = useVaultsStore();
  const keyless = useNavigationStore((s) => s.info?.mode === 'public');
  // The generations the chain answered with, for the vaults the portfolio has read.
  const portfolioVaults = usePortfolioStore((s) => s.data?.vaults);
  const chainGenerations = new Map((portfolioVaults ?? []).map((v) => [v.id, v.generations]));
  // A defaulted or paused vault is flagged by its cycle, which the service's READY does not tell.
  const cycles = useVaultCycles();

  useSourceLoad(load);

  // Filters narrow the public vaults; the rest of the catalog is never shown whatever they say.
  const shown = list ? list.vaults.filter((v) => (!category || v.category?.id === category) && (!type || v.type?.id === type)) : [];
  const filtered = list !== null && shown.length !== list.vaults.length;

  return (
    <Screen
      name="vaults"
      serviceSource
      title="Vaults"
      subtitle={
        <>
          {list ? `${filtered ? `${shown.length} of ` : ''}${list.vaults.length} public vault${list.vaults.length === 1 ? '' : 's'}` : 'Loading the catalog…'}
          {list && list.hiddenCount > 0 ? ` · ${list.hiddenCount} restricted or hidden not shown` : ''}
        </>
      }
      updatedAtMs={list?.fetchedAt}
      refresh={{ run: () => void load(), busy: loading }}
    >
      <UnlistedPinned version={list?.fetchedAt} />
      <LoadedList error={error} loaded={list !== null} count={list?.vaults.length ?? 0} what="the vaults" none="The service lists no public vaults." />

      {list && list.vaults.length > 0 ? (
        <Toolbar
          className="vault-filters"
          label="Filters"
          clear={{ shown: filtered, onClear: () => setFilter({ category: null, type: null }) }}
          actions={
            keyless ? (
              <span className="cell-sub" data-testid="vaults-keyless">
                Without an API key the service gives no categories, types or chains: a vault's chain is found through your RPCs.
              </span>
            ) : null
          }
        >
          <label className="select-field">
            Category
            <select value={category ?? ''} onChange={(e) => setFilter({ category: e.target.value || null })} aria-label="Category">
              <option value="">All categories</option>
              {list.categories.map((c) => (
                <option key={c.id} value={c.id} disabled={c.count === 0}>
                  {pickText(c.name, c.code ?? c.id)} ({c.count})
                </option>
              ))}
            </select>
          </label>
          <label className="select-field">
            Vault type
            <select value={type ?? ''} onChange={(e) => setFilter({ type: e.target.value || null })} aria-label="Vault type">
              <option value="">All types</option>
              {list.types.map((t) => (
                <option key={t.id} value={t.id} disabled={t.count === 0}>
                  {pickText(t.name, t.code ?? t.id)} ({t.count})
                </option>
              ))}
            </select>
          </label>
        </Toolbar>
      ) : null}

      {list && list.vaults.length > 0 && shown.length === 0 ? <p className="empty">No public vault has this category and type.</p> : null}

      {list && shown.length > 0 ? (
        <div className={`table-wrap${error ? ' stale' : ''}`}>
          <SimpleTable<VaultRow>
            label="Public vaults"
            {...vaultRows(shown, (v) => v.id)}
            columns={[
              vaultColumn(
                (v) => v,
                (v) => (v.description ? <div className="cell-sub">{v.description}</div> : null),
              ),
              {
                key: 'type',
                header: 'Type',
                cell: (v) => (
                  <>
                    <div>{v.type ? pickText(v.type.name) : v.contractType === 'CDO_EPOCH' ? 'Epoch credit vault' : (v.contractType ?? '—')}</div>
                    {v.category ? <div className="cell-sub">{pickText(v.category.name)}</div> : null}
                  </>
                ),
              },
              {
                key: 'status',
                header: 'Status',
                cell: (v) => <VaultStatusCell cycle={cycles.get(v.id)} status={v.status} />,
              },
              {
                key: 'underlying',
                header: 'Underlying',
                cell: (v) =>
                  v.token ? (
                    <>
                      <span className="cell-title">{v.token.symbol}</span>
                      <span className="cell-sub"> · {v.token.decimals} decimals</span>
                    </>
                  ) : (
                    <span className="cell-sub">unknown token</span>
                  ),
              },
              {
                key: 'chain',
                header: 'Chain',
                cell: (v) =>
                  v.chain ? (
                    <>
                      {v.chain.name}
                      {v.chain.chainId !== null && !v.chain.name.includes(String(v.chain.chainId)) ? <span className="cell-sub"> · {v.chain.chainId}</span> : null}
                    </>
                  ) : (
                    <span className="cell-sub">unknown chain</span>
                  ),
              },
              { key: 'fee', header: 'Fee', numeric: true, className: 'nowrap', cell: (v) => (v.feePercentage !== null ? formatFeePercent(v.feePercentage) : '—') },
              {
                key: 'tranche',
                header: 'Tranche token',
                cell: (v) => (
                  <>
                    <code title={v.address}>{shortAddress(v.address)}</code>
                    {v.symbol ? <span className="cell-sub"> {v.symbol}</span> : null}
                  </>
                ),
              },
              {
                key: 'contracts',
                header: 'Contracts',
                cell: (v) =>
                  v.contractType === 'CDO_EPOCH' ? <GenerationLabel generations={chainGenerations.get(v.id)} abiCode={v.abiCode} /> : <span className="cell-sub">—</span>,
              },
            ]}
          />
        </div>
      ) : null}
    </Screen>
  );
}
