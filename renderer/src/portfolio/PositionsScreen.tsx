import { useCallback, useEffect, useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { PHASE_WORDS } from '../../../shared/portfolio/request-phase';
import { VaultStateFlag } from '../components/VaultStateFlag';
import { requestEpochWords } from '../../../shared/portfolio/request-epoch';
import { ExpectedDate, overdueOf } from './ExpectedDate';
import type { Claimable, PortfolioVault, PositionRow, RequestRow, SourceStatus, TokenRef } from '../../../shared/portfolio/schemas';
import { formatTokenAmount } from '../../../shared/domain/units';
import { failedSources, sourceIdOf } from '../../../shared/portfolio/freshness';
import { Amount } from '../components/Amount';
import { VirtualTable, type ColumnMeta } from '../components/VirtualTable';
import { shortAddress } from '../components/format';
import { actionLabel, portfolioIndex, PortfolioHeader, usePortfolioStore, StaleMark } from '../batch';
import { useAgreementsStore } from './agreements-store';
import { PairAccessCell } from './PairAccessCell';
import { requestsByPair } from './requests-by-pair';
import { pairKey } from '../../../shared/positions/totals';
import { formatDate } from '../components/locale';
import {
  BatchRecordsProgress,
  PairEarningsCell,
  PairPoolShare,
  recordIndexOf,
  useLoadPositionRecords,
  usePositionRecordsStore,
  useRecordsSource,
} from '../positions';

const col = createColumnHelper<PositionRow>();
const holds = (v: string | null) => v !== null && v !== '0';
/** A pair the wallet has money in or on its way: a balance, a pending request, something to claim. */
const isHolding = (p: PositionRow) =>
  holds(p.trancheBalance) ||
  holds(p.pendingDeposit) ||
  holds(p.pendingWithdraw) ||
  holds(p.pendingRedeem) ||
  holds(p.pendingInstantRedeem) ||
  p.claimable.length > 0;
/** An empty pair whose wallet still has the vault's KYC to do (new wallets have it in every vault). */
const isKycToDo = (p: PositionRow) => !isHolding(p) && p.allowed === false;

/**
 * What the table shows: each choice keeps exactly what it names. One function per choice for the
 * table's whole life, so changing it only re-filters.
 */
const SHOW = {
  holding: { label: 'Pairs with a balance, request or claim', filter: isHolding },
  kyc: { label: 'Empty pairs with KYC to do', filter: isKycToDo },
  all: { label: 'All pairs', filter: undefined },
} as const;
type Show = keyof typeof SHOW;

/** Every wallet of the batch in every vault: access, balance and value, what is pending, what is claimable. */
export function PositionsScreen() {
  const data = usePortfolioStore((s) => s.data);
  const groupId = usePortfolioStore((s) => s.groupId);
  // The agreements and the service's records are read by the cells that show them (and the records'
  // progress by the subtitle's note), not here: an agreement check starting or landing, or the
  // records' load starting and counting, renders those, not the table of 100,000 pairs. A vault's
  // records arriving still renders the rows on screen again: the earnings column sorts by them.
  const loadAgreements = useAgreementsStore((s) => s.load);
  // Agreements are checked once the portfolio (and so the vaults' signature lists) is in.
  const generatedAt = data?.generatedAtMs;
  useEffect(() => {
    if (generatedAt) void loadAgreements(groupId);
  }, [generatedAt, groupId, loadAgreements]);
  const [search, setSearch] = useState('');
  const [show, setShow] = useState<Show>('holding');
  const index = useMemo(() => portfolioIndex(data), [data]);
  const failed = useMemo(() => (data ? failedSources(data) : new Map<string, SourceStatus>()), [data]);
  // The service's position record of each pair (deposits, earnings, APY, pool share), loaded after each refresh.
  // While they load, each vault's rows replace the last answer's as soon as that vault is in.
  useLoadPositionRecords();
  const recordsSource = useRecordsSource();
  // For sorting by earnings only: the same map until a record arrives.
  const recordIndex = usePositionRecordsStore((s) => recordIndexOf(s, groupId));

  // Every pair, in one array that stays the same while the filter and the search change: the table
  // keeps its order and search index across them and only re-filters.
  const positions = useMemo(() => data?.positions ?? [], [data]);
  const counts = useMemo(() => {
    const holding = positions.reduce((n, p) => (isHolding(p) ? n + 1 : n), 0);
    const kyc = positions.reduce((n, p) => (isKycToDo(p) ? n + 1 : n), 0);
    return { holding, kyc, all: positions.length } satisfies Record<Show, number>;
  }, [positions]);
  const shownCount = counts[show];
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
    () => [
      // Wallet and vault in one column, so that the service's figures fit beside the chain's in a 1360-pixel window.
      col.accessor(pairText, {
        id: 'pair',
        header: 'Wallet · vault',
        meta: { width: 'minmax(170px, 2fr)' } satisfies ColumnMeta,
        cell: (c) => {
          const p = c.row.original;
          const v = index.vault(p.vaultId);
          return (
            <div className="stack">
              <span className="cell-title wallet-label">{index.label(p.wallet) || 'no label'}</span>
              <span className="compact-keep">
                {v?.name ?? p.vaultId} <VaultStateFlag cycle={v?.cycle} serviceStatus={v?.status} />
              </span>
              <span className="cell-sub pair-sub" title={`${p.wallet} · ${v?.chain.name ?? ''}`}>
                {/* The chain of this vault did not answer: balances, queues and claims are from its last answer. First on the line, so a narrow column never cuts it off. */}
                {p.stale ? (
                  <>
                    <StaleMark row source={v ? failed.get(sourceIdOf(v, 'chain')) : null} />
                    {' · '}
                  </>
                ) : null}
                <code>{shortAddress(p.wallet)}</code> · {v?.chain.name}
              </span>
            </div>
          );
        },
      }),
      col.accessor(accessText, {
        id: 'access',
        header: 'Access',
        meta: { width: 'minmax(136px, 1.2fr)' } satisfies ColumnMeta,
        cell: (c) => <PairAccessCell pair={c.row.original} kycLink={index.vault(c.row.original.vaultId)?.kyc.link ?? undefined} />,
      }),
      col.accessor(balanceNumber, {
        id: 'balance',
        header: 'Balance · value',
        meta: { width: 'minmax(128px, 1.2fr)', align: 'right' } satisfies ColumnMeta,
        cell: (c) => {
          const v = index.vault(c.row.original.vaultId);
          if (!v) return null;
          return (
            <div className="stack right">
              <Amount value={c.row.original.trancheBalance} token={v.tranche} />
              <span className="cell-sub">
                <Amount value={c.row.original.value} token={v.underlying} />
              </span>
              <PairPoolShare pair={c.row.original} />
            </div>
          );
        },
      }),
      col.accessor(earned, {
        id: 'earnings',
        header: 'Earnings',
        // Sorted by, not searched: a figure that changes as each vault's records arrive would rebuild
        // the search index of every pair each time.
        enableGlobalFilter: false,
        meta: { width: 'minmax(108px, 1.3fr)', align: 'right' } satisfies ColumnMeta,
        cell: (c) => {
          const v = index.vault(c.row.original.vaultId);
          return v ? <PairEarningsCell pair={c.row.original} vault={v} /> : null;
        },
      }),
      col.display({
        id: 'pending',
        header: 'Pending requests',
        meta: { width: 'minmax(120px, 1fr)' } satisfies ColumnMeta,
        cell: (c) => {
          const p = c.row.original;
          const v = index.vault(p.vaultId);
          const open = requestsOf.pendingOf(p);
          if (!v || open.length === 0) return <span className="cell-sub">—</span>;
          const r = open[0]!;
          // Kept from a source that did not answer (the service's records): dimmed and marked, unless the whole row already is.
          const stale = !p.stale && open.some((o) => o.stale);
          return (
            <div className={`stack${stale ? ' stale-cell' : ''}`}>
              <span className="request-line pending-line" title={requestLine(r, v, readAtMs)}>
                <span className="pending-type">{r.type.charAt(0) + r.type.slice(1).toLowerCase()}</span>{' '}
                <Amount value={r.amount} token={r.amountToken === 'tranche' ? v.tranche : v.underlying} />
              </span>
              <span className="cell-sub request-line">
                {phaseText(r)}
                {r.isInstant ? ' instant' : ''}
                {requestEpochWords(r) ? <span title={requestEpochWords(r)!.long}> · {requestEpochWords(r)!.short}</span> : null}
                {r.expectedAt ? (
                  <>
                    {' · '}
                    <ExpectedDate row={r} cycle={v.cycle} readAtMs={readAtMs} prefix="by " />
                  </>
                ) : null}
              </span>
              {open.length > 1 || stale ? (
                <span className="cell-sub">
                  {stale ? <StaleMark source={failed.get('service')} /> : null}
                  {stale && open.length > 1 ? ' · ' : ''}
                  {open.length > 1 ? (
                    // Every other request of the pair, whole, on hover; the Requests screen lists them too.
                    <span
                      className="more"
                      title={open
                        .slice(1)
                        .map((o) => requestLine(o, v, readAtMs))
                        .join('\n')}
                    >
                      + {open.length - 1} more
                    </span>
                  ) : null}
                </span>
              ) : null}
            </div>
          );
        },
      }),
      col.accessor(claimableCount, {
        id: 'claimable',
        header: 'Claimable now',
        meta: { width: 'minmax(128px, 1.1fr)' } satisfies ColumnMeta,
        cell: (c) => {
          const p = c.row.original;
          const v = index.vault(p.vaultId);
          // The claims follow the requests' records: kept from a service that did not answer, they may be gone or new.
          const stale = !p.stale && requestsOf.hasStaleClaims(p);
          return p.claimable.length ? (
            <div className={`stack${stale ? ' stale-cell' : ''}`}>
              {p.claimable.slice(0, 1).map((k, i) => (
                <span key={i} className="claim" title={claimLine(k, v)}>
                  <span className="claim-label">
                    {actionLabel(k.functionName, k.contract)}
                    {k.epochNumber !== null ? ` · epoch ${k.epochNumber}` : ''}
                  </span>
                  {k.receive && v ? (
                    <span className="claim-amount">
                      {k.receive.estimate ? '≈ ' : ''}
                      <Amount value={k.receive.amount} token={claimToken(k.receive.token, v)} />
                    </span>
                  ) : null}
                </span>
              ))}
              {p.claimable.length > 1 || stale ? (
                <span className="cell-sub">
                  {stale ? <StaleMark source={failed.get('service')} /> : null}
                  {stale && p.claimable.length > 1 ? ' · ' : ''}
                  {p.claimable.length > 1 ? (
                    <span
                      className="more"
                      title={p.claimable
                        .slice(1)
                        .map((k) => claimLine(k, v))
                        .join('\n')}
                    >
                      + {p.claimable.length - 1} more
                    </span>
                  ) : null}
                </span>
              ) : null}
            </div>
          ) : (
            <span className="cell-sub">—</span>
          );
        },
      }),
    ],
    [pairText, earned, index, failed, requestsOf, readAtMs],
  );

  return (
    <section className="screen" aria-labelledby="positions-title">
      <PortfolioHeader
        title="Positions"
        subtitle={
          data ? (
            <>
              {shownCount} of {positions.length} wallet × vault pairs
              <BatchRecordsProgress separator=" · " />
            </>
          ) : undefined
        }
        extraSources={recordsSource ? [recordsSource] : []}
      />
      <div className="table-toolbar">
        <input
          className="search"
          type="search"
          placeholder="Search wallet, label or vault"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          aria-label="Search positions"
        />
        <label className="toggle">
          Show{' '}
          <select value={show} onChange={(e) => setShow(e.target.value as Show)} aria-label="Show pairs">
            {(Object.keys(SHOW) as Show[]).map((key) => (
              <option key={key} value={key}>
                {SHOW[key].label} ({counts[key].toLocaleString()})
              </option>
            ))}
          </select>
        </label>
      </div>
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

const positionId = (p: PositionRow) => `${p.vaultId}:${p.wallet}`;
const accessText = (p: PositionRow) => (p.allowed === null ? 'unknown' : p.allowed ? 'allowed' : 'needs KYC');
const balanceNumber = (p: PositionRow) => Number(p.trancheBalance ?? 0);
const claimableCount = (p: PositionRow) => p.claimable.length;

function claimToken(token: 'underlying' | 'tranche', v: PortfolioVault): TokenRef {
  return token === 'tranche' ? v.tranche : v.underlying;
}

/** A claim in one line of text, for a tooltip: the call, its epoch and the request it claims. */
function claimLine(k: Claimable, v: PortfolioVault | undefined): string {
  return [
    actionLabel(k.functionName, k.contract),
    k.epochNumber !== null ? `epoch ${k.epochNumber}` : null,
    k.amount !== null && v ? `requested ${formatTokenAmount(k.amount, claimToken(k.amountToken, v))}` : null,
    k.receive && v ? `pays ${k.receive.estimate ? '≈ ' : ''}${formatTokenAmount(k.receive.amount, claimToken(k.receive.token, v))}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A request's phase in words; a type the console does not act on keeps the service's status word. */
const phaseText = (r: Pick<RequestRow, 'phase' | 'status'>) => (r.phase === 'other' ? r.status.toLowerCase() : PHASE_WORDS[r.phase].toLowerCase());

/** A pending request in one line of text, for a tooltip: type, amount, status, epoch and expected date. */
function requestLine(r: RequestRow, v: PortfolioVault, readAtMs: number): string {
  const overdue = overdueOf(r, v.cycle, readAtMs);
  return [
    `${r.type.charAt(0)}${r.type.slice(1).toLowerCase()} ${formatTokenAmount(r.amount, r.amountToken === 'tranche' ? v.tranche : v.underlying)}`,
    `${phaseText(r)}${r.isInstant ? ' instant' : ''}`,
    requestEpochWords(r)?.long ?? null,
    r.expectedAt ? `${overdue ? 'overdue since' : 'by'} ${formatDate(r.expectedAt * 1000)}${overdue ? `: ${overdue}` : ''}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
