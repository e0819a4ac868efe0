import { useMemo, useState } from 'react';
import type { RequestRow } from '../../../shared/portfolio/schemas';
import { VirtualTable } from '../components/VirtualTable';
import { shortAddress } from '../components/format';
import { actionLabel, portfolioIndex, PortfolioHeader, usePortfolioStore } from '../batch';
import { changedSincePicked, matchesSearch, splitSelection, useRequestSelection } from './requests-selection';
import { useRequestFilters } from './use-request-filters';
import { requestColumns } from './columns';
import { RequestsToolbar } from './RequestsToolbar';
import { SelectionBar } from './SelectionBar';

/** Every request of the batch: filter, sort, search, and select for a batch cancel or claim. */
export function RequestsScreen() {
  const data = usePortfolioStore((s) => s.data);
  const { selected, picked, set: pick, clear, drop } = useRequestSelection();
  const [search, setSearch] = useState('');
  const index = useMemo(() => portfolioIndex(data), [data]);

  const all = useMemo(() => data?.requests ?? [], [data]);
  const filtering = useRequestFilters(all);
  const { filtered, accept } = filtering;
  const rows = useMemo(() => (filtered ? all.filter(accept) : all), [all, accept, filtered]);
  // Not a pass over every request on each render: with nothing selected (the usual case) there is none at all.
  const selectedRows = useMemo(() => (Object.values(selected).some(Boolean) ? all.filter((r) => selected[r.id]) : []), [all, selected]);
  // What the filters and the search hide of the selection is said, never acted on unseen.
  const { hidden } = useMemo(() => {
    const v = (r: RequestRow) => {
      const vault = index.vault(r.vaultId);
      const texts = {
        label: index.label(r.wallet),
        vaultName: vault?.name ?? '',
        chainName: vault?.chain.name ?? '',
        action: r.action ? actionLabel(r.action.functionName, r.action.contract) : '',
      };
      return (!filtered || accept(r)) && matchesSearch(r, search, texts);
    };
    return splitSelection(selectedRows, v);
  }, [selectedRows, filtered, accept, search, index]);
  const changed = useMemo(() => changedSincePicked(selectedRows, picked), [selectedRows, picked]);
  const toSign = useMemo(() => (changed.length ? selectedRows.filter((r) => !changed.includes(r)) : selectedRows), [selectedRows, changed]);

  const readAtMs = data?.generatedAtMs ?? 0;
  const columns = useMemo(() => requestColumns(index, readAtMs), [index, readAtMs]);

  return (
    <section className="screen" aria-labelledby="requests-title">
      <PortfolioHeader title="Requests" subtitle={data ? `${rows.length} of ${all.length} requests` : undefined} />
      <RequestsToolbar search={search} onSearch={setSearch} filtering={filtering} vaults={data?.vaults ?? []} />
      {data ? (
        <VirtualTable
          // The whole list with a filter: the table re-filters its sorted rows instead of sorting them again.
          data={all}
          filter={filtered ? accept : undefined}
          columns={columns}
          placeholder={(r) => `${index.label(r.wallet) || shortAddress(r.wallet)} · ${index.vault(r.vaultId)?.name ?? ''}`}
          ariaLabel="Requests"
          search={search}
          selection={{
            selected,
            onChange: (next) => pick(next, all),
            rowLabel: (r) =>
              `${index.label(r.wallet) || r.wallet}: ${r.type.toLowerCase()} in ${index.vault(r.vaultId)?.name ?? 'an unknown vault'}${r.epochNumber !== null ? `, epoch ${r.epochNumber}` : ''}`,
          }}
          rowHeight={56}
          maxHeight="calc(100vh - 330px)"
          minWidth={790}
          initialSorting={[{ id: 'expected', desc: false }]}
          empty={all.length ? 'No request matches these filters.' : 'This batch has no open requests.'}
        />
      ) : null}
      {/* What is selected and its Sign button act on the table: after it in reading order, in the
          action bar at the foot of the screen (content → actions → device panel). */}
      {selectedRows.length ? (
        <div className="screen-action-bar" data-testid="screen-action-bar">
          <SelectionBar
            selected={selectedRows}
            toSign={toSign}
            hidden={hidden}
            changed={changed}
            picked={picked}
            drop={drop}
            clear={clear}
          />
        </div>
      ) : null}
    </section>
  );
}
