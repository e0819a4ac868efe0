import { useMemo, useState, type ReactNode } from 'react';
import type { PerformanceRow } from '../../../shared/insights/schemas';
import { useSourceLoad } from '../navigation/use-source-load';
import { Amount } from '../components/Amount';
import { LoadedList } from '../components/LoadedList';
import { Screen } from '../components/ScreenHeader';
import { count, days, pct } from '../components/figures';
import { pickText } from '../components/text';
import { DateTime } from '../components/time';
import { UsdValue } from '../components/UsdValue';
import '../components/insights.css';
import { ApyComparisonChart } from './ApyComparisonChart';
import { usePerformanceStore } from './performance-store';
import { useVaultCycles } from '../batch';
import { VaultStateFlag, vaultAlert } from '../components/VaultStateFlag';
import { SimpleTable, type SimpleColumn } from '../components/SimpleTable';
import { vaultColumn } from '../components/VaultColumn';

type SortKey = 'apy' | 'holders' | 'age' | 'tvl' | 'earnings' | 'name';

const usd = (f: { usd: string } | null | undefined) => (f ? Number(BigInt(f.usd) / 10_000n) / 100 : -Infinity);
const SORTS: Record<SortKey, (a: PerformanceRow, b: PerformanceRow) => number> = {
  apy: (a, b) => (b.realizedAPY ?? -Infinity) - (a.realizedAPY ?? -Infinity),
  holders: (a, b) => (b.holders ?? -1) - (a.holders ?? -1),
  age: (a, b) => (b.ageDays ?? -1) - (a.ageDays ?? -1),
  tvl: (a, b) => usd(b.tvl?.usd) - usd(a.tvl?.usd),
  earnings: (a, b) => usd(b.earnings?.usd) - usd(a.earnings?.usd),
  name: (a, b) => a.vault.name.localeCompare(b.vault.name),
};

/** A figure of the record in the vault's token, then in USD (priced by the console when marked ≈), and what follows it. */
function RecordFigure({ row, figure, children }: { row: PerformanceRow; figure: PerformanceRow['tvl']; children?: ReactNode }) {
  return (
    <div className="stack right">
      {figure?.token && row.vault.token ? <Amount value={figure.token} token={row.vault.token} /> : <span className="cell-sub">—</span>}
      <span className="cell-sub">
        <UsdValue figure={figure?.usd} />
        {children}
      </span>
    </div>
  );
}

/** The latest performance record of every public vault, side by side: a chart of realized APY and a sortable table. */
export function PerformanceScreen() {
  const { overview, loading, error, load } = usePerformanceStore();
  const [sort, setSort] = useState<SortKey>('apy');
  useSourceLoad(load);
  // The cycle of the vaults the console reads on chain, to flag a defaulted or paused one.
  const cycleOf = useVaultCycles();
  const alertOf = (r: PerformanceRow) => vaultAlert(cycleOf.get(r.vault.id), r.vault.status);
  const sorted = useMemo(
    () => (overview ? [...overview.rows].sort((a, b) => SORTS[sort](a, b) || a.vault.name.localeCompare(b.vault.name)) : []),
    [overview, sort],
  );
  // A defaulted or paused vault's figures are not a running vault's: ranked apart, after the others.
  const ranked = sorted.filter((r) => !alertOf(r));
  const apart = sorted.flatMap((r) => {
    const alert = alertOf(r);
    return alert ? [{ row: r, flag: alert.label }] : [];
  });
  const rows = [...ranked, ...apart.map((a) => a.row)];
  const priced = rows.some((r) => r.tvl?.usd?.priced || r.earnings?.usd?.priced);

  // A column the table sorts by: its header is the button that sorts, and says the order it sorts in.
  const sortedBy = (key: SortKey, label: string): Pick<SimpleColumn<PerformanceRow>, 'header' | 'sort'> => ({
    header: (
      <button
        type="button"
        className="th-button"
        aria-pressed={sort === key}
        onClick={() => setSort(key)}
        title={`Sort by ${label.toLowerCase()}`}
      >
        {label}
        {sort === key ? (key === 'name' ? ' ↑' : ' ↓') : ''}
      </button>
    ),
    sort: sort === key ? (key === 'name' ? 'ascending' : 'descending') : 'none',
  });
  const firstApart = apart[0]?.row;

  return (
    <Screen
      name="performance"
      serviceSource
      title="Performance"
      subtitle={
        overview
          ? `${overview.rows.length} public vaults compared on their latest performance record${overview.withoutRecord > 0 ? ` · ${overview.withoutRecord} without a record yet` : ''}`
          : 'Loading the performance records…'
      }
      updatedAtMs={overview?.fetchedAtMs}
      refresh={{ run: () => void load(true), busy: loading }}
    >
      <LoadedList
        error={error}
        loaded={overview !== null}
        count={overview?.rows.length ?? 0}
        what="the performance records"
        none="No public vault has a performance record yet."
        stale="the figures below are"
      />
      {overview && overview.rows.length > 0 ? (
        <>
          <div className="card wide">
            <h2>Realized APY</h2>
            <ApyComparisonChart rows={ranked} apart={apart} />
          </div>
          <div className={`table-wrap${error ? ' stale' : ''}`}>
            <SimpleTable<PerformanceRow>
              label="Performance comparison"
              rows={rows}
              rowKey={(r) => r.vault.id}
              rowProps={(r) => ({
                'data-vault-id': r.vault.id,
                'data-set-apart': alertOf(r)?.label,
                className: r === firstApart ? 'set-apart-first' : undefined,
              })}
              columns={[
                {
                  ...vaultColumn(
                    (r: PerformanceRow) => r.vault,
                    (r: PerformanceRow) => (
                      <>
                        {' '}
                        <VaultStateFlag cycle={cycleOf.get(r.vault.id)} serviceStatus={r.vault.status} />
                        <div className="cell-sub">
                          {[r.vault.chain, r.vault.category ? pickText(r.vault.category.name) : null].filter(Boolean).join(' · ')}
                        </div>
                      </>
                    ),
                  ),
                  ...sortedBy('name', 'Vault'),
                },
                {
                  key: 'apy',
                  ...sortedBy('apy', 'Realized APY'),
                  numeric: true,
                  cellProps: (r) => ({ 'data-apy': r.realizedAPY ?? '' }),
                  cell: (r) => (
                    <>
                      <strong>{pct(r.realizedAPY)}</strong>
                      {alertOf(r) ? <div className="cell-sub warn-text">not a running vault’s rate · not ranked</div> : null}
                    </>
                  ),
                },
                { key: 'holders', ...sortedBy('holders', 'Holders'), numeric: true, cell: (r) => count(r.holders) },
                { key: 'age', ...sortedBy('age', 'Age'), numeric: true, className: 'nowrap', cell: (r) => days(r.ageDays) },
                {
                  key: 'tvl',
                  ...sortedBy('tvl', 'TVL'),
                  numeric: true,
                  cell: (r) => <RecordFigure row={r} figure={r.tvl} />,
                },
                {
                  key: 'earnings',
                  ...sortedBy('earnings', 'Earnings'),
                  numeric: true,
                  cell: (r) => (
                    <RecordFigure row={r} figure={r.earnings}>
                      {r.earnings?.percentage !== null && r.earnings?.percentage !== undefined ? ` · ${pct(r.earnings.percentage)}` : ''}
                    </RecordFigure>
                  ),
                },
                {
                  key: 'asOf',
                  header: 'As of',
                  className: 'nowrap',
                  cell: (r) => (r.asOf !== null ? <DateTime seconds={r.asOf} withTime={false} /> : '—'),
                },
              ]}
            />
          </div>
          {apart.length > 0 ? (
            <p className="chart-caption" data-set-apart-count={apart.length}>
              {apart.length} defaulted, paused or disabled {apart.length === 1 ? 'vault is' : 'vaults are'} set apart below the others
              whatever the sort, never ranked among them: their figures are not those of a vault running as usual.
            </p>
          ) : null}
          {priced ? (
            <p className="chart-caption">
              ≈ USD values the service left out, priced by the console at the token's latest price from the token blocks.
            </p>
          ) : null}
        </>
      ) : null}
    </Screen>
  );
}
