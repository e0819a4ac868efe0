import { useCallback, useMemo, useState } from 'react';
import type { PositionRow, SourceStatus } from '../../../shared/portfolio/schemas';
import { failedSources } from '../../../shared/portfolio/freshness';
import { pairKey } from '../../../shared/positions/totals';
import { VirtualTable } from '../components/VirtualTable';
import { shortAddress } from '../components/format';
import { portfolioIndex, PortfolioHeader, usePortfolioStore } from '../batch';
import { requestsByPair } from './requests-by-pair';
import { recordIndexOf, usePositionRecordsStore, useRecordsError, useRecordsSource } from './position-records-store';
import { ErrorNotice } from '../components/ErrorNotice';
import { BatchRecordsProgress } from './RecordsProgressNote';
import { pairCounts, SHOW, type Show } from './pair-filters';
import { positionColumns, positionId } from './columns';
import { PositionsToolbar } from './PositionsToolbar';

/** Every wallet of the batch in every vault: access, balance and value, what is pending, what is claimable. */
export function PositionsScreen() {
  const data = usePortfolioStore((s) => s.data);
  const groupId = usePortfolioStore((s) => s.groupId);
  // The agreements and the service's records arrive pushed after each portfolio load (nothing is asked
  // here) and are read by the cells that show them (and the records' progress by the subtitle's note),
  // not here: an agreement check landing, or the records' push starting and counting, renders those,
  // not the table of 100,000 pairs. A vault's records arriving still renders the rows on screen again:
  // the earnings column sorts by them.
  const [search, setSearch] = useState('');
  const [show, setShow] = useState<Show>('holding');
  const index = useMemo(() => portfolioIndex(data), [data]);
  const failed = useMemo(() => (data ? failedSources(data) : new Map<string, SourceStatus>()), [data]);
  // The service's position record of each pair (deposits, earnings, APY, pool share), pushed after each refresh.
  // While they load, each vault's rows replace the last answer's as soon as that vault is in.
  const recordsSource = useRecordsSource();
  const recordsError = useRecordsError();
  // For sorting by earnings only: the same map until a record arrives.
  const recordIndex = usePositionRecordsStore((s) => recordIndexOf(s, groupId));

  // Every pair, in one array that stays the same while the filter and the search change: the table
  // keeps its order and search index across them and only re-filters.
  const positions = useMemo(() => data?.positions ?? [], [data]);
  const counts = useMemo(() => pairCounts(positions), [positions]);
  const requestsOf = useMemo(() => requestsByPair(data?.requests ?? []), [data]);

  // The values the table sorts and searches by, kept while only the cells change (an agreement
  // check landing), so that it keeps its order and search index of 100,000 pairs.
  const pairText = useCallback((p: PositionRow) => `${index.label(p.wallet)} ${p.wallet} ${index.vault(p.vaultId)?.name ?? ''}`, [index]);
  const earned = useCallback(
    (p: PositionRow) => {
      const token = recordIndex.get(pairKey(p.vaultId, p.wallet))?.record?.earnings.token;
      return token === undefined || token === null ? null : Number(token);
    },
    [recordIndex],
  );

  const readAtMs = data?.generatedAtMs ?? 0;
  const columns = useMemo(
    () => positionColumns({ index, failed, requestsOf, readAtMs, pairText, earned }),
    [pairText, earned, index, failed, requestsOf, readAtMs],
  );

  return (
    <section className="screen" aria-labelledby="positions-title">
      <PortfolioHeader
        title="Positions"
        subtitle={
          data ? (
            <>
              {counts[show]} of {positions.length} wallet × vault pairs
              <BatchRecordsProgress separator=" · " />
            </>
          ) : undefined
        }
        extraSources={recordsSource ? [recordsSource] : []}
      />
      {recordsError ? <ErrorNotice error={recordsError} title={`Position records: ${recordsSource ? 'not current' : 'not loaded'}`} /> : null}
      <PositionsToolbar search={search} onSearch={setSearch} show={show} onShow={setShow} counts={counts} />
      {data ? (
        <VirtualTable
          data={positions}
          filter={SHOW[show].filter}
          columns={columns}
          getRowId={positionId}
          placeholder={(p) => `${index.label(p.wallet) || shortAddress(p.wallet)} · ${index.vault(p.vaultId)?.name ?? ''}`}
          ariaLabel="Positions"
          search={search}
          rowHeight={76}
          maxHeight="calc(100vh - 330px)"
          minWidth={790}
          empty="No position in this batch."
        />
      ) : null}
    </section>
  );
}
