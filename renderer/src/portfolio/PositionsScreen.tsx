import { useCallback, useEffect, useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import type { Claimable, PortfolioVault, PositionRow, RequestRow, SourceStatus, TokenRef } from '../../../shared/portfolio/schemas';
import { formatTokenAmount } from '../../../shared/domain/units';
import { failedSources, sourceIdOf } from '../../../shared/portfolio/freshness';
import { DateTime } from '../components/time';
import { openLink } from '../components/links';
import { Amount } from '../components/Amount';
import { fixed } from '../components/figures';
import { VirtualTable, type ColumnMeta } from '../components/VirtualTable';
import { shortAddress } from '../components/format';
import { actionLabel, portfolioIndex } from './labels';
import { PortfolioHeader } from './PortfolioHeader';
import { usePortfolioStore } from './portfolio-store';
import { StaleMark } from './StaleMark';
import { useAgreementsStore } from './agreements-store';
import { pairKey, recordsByPair } from '../../../shared/positions/totals';
import { usePositionRecords, EarningsCell, RecordsProgressNote } from '../positions';

const col = createColumnHelper<PositionRow>();
const hasAnything = (p: PositionRow) =>
  [p.trancheBalance, p.pendingDeposit, p.pendingWithdraw, p.pendingRedeem, p.pendingInstantRedeem].some((v) => v !== null && v !== '0') ||
  p.claimable.length > 0;

/** Every wallet of the batch in every vault: access, balance and value, what is pending, what is claimable. */
export function PositionsScreen() {
  const data = usePortfolioStore((s) => s.data);
  const groupId = usePortfolioStore((s) => s.groupId);
  const agreements = useAgreementsStore();
  const loadAgreements = agreements.load;
  // Agreements are checked once the portfolio (and so the vaults' signature lists) is in.
  const generatedAt = data?.generatedAtMs;
  useEffect(() => {
    if (generatedAt) void loadAgreements(groupId);
  }, [generatedAt, groupId, loadAgreements]);
  const [search, setSearch] = useState('');
  const [onlyActive, setOnlyActive] = useState(true);
  const index = useMemo(() => portfolioIndex(data), [data]);
  const failed = useMemo(() => (data ? failedSources(data) : new Map<string, SourceStatus>()), [data]);
  const agreementsError = agreements.error
    ? `The agreement checks failed: ${agreements.error.message.replace(/\.$/, '')}. ${agreements.error.action ?? 'Refresh to check again.'}`
    : undefined;
  // The service's position record of each pair (deposits, earnings, APY, pool share), loaded after each refresh.
  // While they load, each vault's rows replace the last answer's as soon as that vault is in.
  const { records, progress } = usePositionRecords();
  const recordOf = useMemo(() => {
    const byPair = recordsByPair(records);
    for (const rows of Object.values(progress?.arrived ?? {})) for (const r of rows) byPair.set(pairKey(r.vaultId, r.wallet), r);
    return byPair;
  }, [records, progress]);
  // A vault still out shows the last answer's records if that answer had some for it, else "loading…".
  const recordsReady = useMemo(() => {
    const arrived = new Set(Object.keys(progress?.arrived ?? {}));
    const loadingNow = progress !== null && (progress.vaultsTotal === null || progress.vaultsDone < progress.vaultsTotal);
    const before = new Set((records?.rows ?? []).map((r) => r.vaultId));
    return (vaultId: string) => arrived.has(vaultId) || (records !== null && (!loadingNow || before.has(vaultId)));
  }, [records, progress]);

  // Every pair, in one array that stays the same while the filter and the search change: the table
  // keeps its order and search index across them and only re-filters.
  const positions = useMemo(() => data?.positions ?? [], [data]);
  // The pairs "only wallets with a balance, request or KYC to do" keeps, worked out once per refresh.
  const active = useMemo(() => new Set(positions.filter((p) => hasAnything(p) || p.allowed === false)), [positions]);
  const onlyActiveFilter = useCallback((p: PositionRow) => active.has(p), [active]);
  const shownCount = onlyActive ? active.size : positions.length;
  // Requests still on their way (not claimable yet), per wallet × vault.
  const pendingByPair = useMemo(() => {
    const map = new Map<string, RequestRow[]>();
    for (const r of data?.requests ?? []) {
      if (r.action?.kind === 'claim') continue;
      const key = `${r.vaultId}:${r.wallet.toLowerCase()}`;
      const list = map.get(key);
      if (list) list.push(r);
      else map.set(key, [r]);
    }
    return map;
  }, [data]);
  const staleClaims = useMemo(
    () =>
      new Set(
        (data?.requests ?? []).filter((r) => r.stale && r.action?.kind === 'claim').map((r) => `${r.vaultId}:${r.wallet.toLowerCase()}`),
      ),
    [data],
  );

  // The values the table sorts and searches by, kept while only the cells change (an agreement
  // check landing), so that it keeps its order and search index of 100,000 pairs.
  const pairText = useCallback((p: PositionRow) => `${index.label(p.wallet)} ${p.wallet} ${index.vault(p.vaultId)?.name ?? ''}`, [index]);
  const earned = useCallback(
    (p: PositionRow) => {
      const token = recordOf.get(pairKey(p.vaultId, p.wallet))?.record?.earnings.token;
      return token === undefined || token === null ? null : Number(token);
    },
    [recordOf],
  );

  const columns = useMemo(
    () => [
      // Wallet and vault in one column, so that the service's figures fit beside the chain's in a 1360-pixel window.
      col.accessor(pairText, {
        id: 'pair',
        header: 'Wallet · vault',
        meta: { width: 'minmax(200px, 2fr)' } satisfies ColumnMeta,
        cell: (c) => {
          const p = c.row.original;
          const v = index.vault(p.vaultId);
          return (
            <div className="stack">
              <span className="cell-title wallet-label">{index.label(p.wallet) || 'no label'}</span>
              <span className="compact-keep">{v?.name ?? p.vaultId}</span>
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
        meta: { width: 'minmax(144px, 1.2fr)' } satisfies ColumnMeta,
        cell: (c) => {
          const p = c.row.original;
          const link = index.vault(p.vaultId)?.kyc.link;
          const a = agreements.byPair.get(`${p.vaultId}:${p.wallet.toLowerCase()}`);
          return (
            <div className="stack pills">
              {p.allowed === null ? (
                <span className="cell-sub">access unknown</span>
              ) : p.allowed ? (
                <span className="pill pill-ok">Allowed</span>
              ) : link ? (
                <button type="button" className="pill pill-warn as-link" onClick={() => void openLink(link)} title={link}>
                  Needs KYC ↗
                </button>
              ) : (
                <span className="pill pill-warn">Needs KYC</span>
              )}
              {!a ? (
                <span className="cell-sub" title={agreementsError}>
                  {agreements.loading ? 'checking agreements…' : agreements.error ? 'agreements unknown' : ''}
                </span>
              ) : a.required === 0 ? null : a.signed === a.required ? (
                <span className="pill pill-ok">Agreements signed</span>
              ) : (
                <span className="pill pill-warn" title="The wallet has not signed every lender agreement this vault asks for.">
                  {a.signed}/{a.required} agreements
                </span>
              )}
              {/* The last check failed: what is shown is from the check before. */}
              {a && a.required > 0 && agreements.error ? <StaleMark title={`Not current: ${agreementsError}`} /> : null}
            </div>
          );
        },
      }),
      col.accessor(balanceNumber, {
        id: 'balance',
        header: 'Balance · value',
        meta: { width: 'minmax(134px, 1.2fr)', align: 'right' } satisfies ColumnMeta,
        cell: (c) => {
          const v = index.vault(c.row.original.vaultId);
          if (!v) return null;
          const share = recordOf.get(pairKey(c.row.original.vaultId, c.row.original.wallet))?.record?.poolSharePercent;
          return (
            <div className="stack right">
              <Amount value={c.row.original.trancheBalance} token={v.tranche} />
              <span className="cell-sub">
                <Amount value={c.row.original.value} token={v.underlying} />
              </span>
              {share !== undefined && share !== null ? (
                <span className="cell-sub" title="Share of the vault's tranche supply, from the service's record">
                  {fixed(share, 2)} % of the pool
                </span>
              ) : null}
            </div>
          );
        },
      }),
      col.accessor(earned, {
        id: 'earnings',
        header: 'Earnings',
        meta: { width: 'minmax(112px, 1.3fr)', align: 'right' } satisfies ColumnMeta,
        cell: (c) => {
          const v = index.vault(c.row.original.vaultId);
          if (!v) return null;
          return (
            <EarningsCell
              row={recordOf.get(pairKey(c.row.original.vaultId, c.row.original.wallet))}
              vault={v}
              ready={recordsReady(c.row.original.vaultId)}
            />
          );
        },
      }),
      col.display({
        id: 'pending',
        header: 'Pending requests',
        meta: { width: 'minmax(100px, 1fr)' } satisfies ColumnMeta,
        cell: (c) => {
          const p = c.row.original;
          const v = index.vault(p.vaultId);
          const open = pendingByPair.get(`${p.vaultId}:${p.wallet.toLowerCase()}`) ?? [];
          if (!v || open.length === 0) return <span className="cell-sub">—</span>;
          const r = open[0]!;
          // Kept from a source that did not answer (the service's records): dimmed and marked, unless the whole row already is.
          const stale = !p.stale && open.some((o) => o.stale);
          return (
            <div className={`stack${stale ? ' stale-cell' : ''}`}>
              <span className="request-line">
                {r.type.charAt(0) + r.type.slice(1).toLowerCase()}{' '}
                <Amount value={r.amount} token={r.amountToken === 'tranche' ? v.tranche : v.underlying} />
              </span>
              <span className="cell-sub request-line">
                {r.status.toLowerCase()}
                {r.isInstant ? ' instant' : ''}
                {r.epochNumber !== null ? ` · epoch ${r.epochNumber}` : ''}
                {r.expectedAt ? (
                  <>
                    {' '}
                    · by <DateTime seconds={r.expectedAt} withTime={false} />
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
                        .map((o) => requestLine(o, v))
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
        meta: { width: 'minmax(112px, 1fr)' } satisfies ColumnMeta,
        cell: (c) => {
          const p = c.row.original;
          const v = index.vault(p.vaultId);
          // The claims follow the requests' records: kept from a service that did not answer, they may be gone or new.
          const stale = !p.stale && staleClaims.has(`${p.vaultId}:${p.wallet.toLowerCase()}`);
          return p.claimable.length ? (
            <div className={`stack${stale ? ' stale-cell' : ''}`}>
              {p.claimable.slice(0, 1).map((k, i) => (
                <span key={i} className="claim" title={claimLine(k, v)}>
                  {actionLabel(k.functionName, k.contract)}
                  <span className="claim-amount">
                    {k.amount !== null && v ? <Amount value={k.amount} token={claimToken(k, v)} /> : null}
                    {k.epochNumber !== null ? ` · epoch ${k.epochNumber}` : ''}
                  </span>
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
    [
      pairText,
      earned,
      index,
      failed,
      pendingByPair,
      staleClaims,
      agreements.byPair,
      agreements.loading,
      agreements.error,
      agreementsError,
      recordOf,
      recordsReady,
    ],
  );

  return (
    <section className="screen" aria-labelledby="positions-title">
      <PortfolioHeader
        title="Positions"
        subtitle={
          data ? (
            <>
              {shownCount} of {positions.length} wallet × vault pairs
              {progress && progress.vaultsTotal !== 0 ? ' · ' : null}
              <RecordsProgressNote progress={progress} />
            </>
          ) : undefined
        }
        extraSources={records ? [records.source] : []}
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
          <input type="checkbox" checked={onlyActive} onChange={(e) => setOnlyActive(e.target.checked)} /> only wallets with a balance,
          request or KYC to do
        </label>
      </div>
      {data ? (
        <VirtualTable
          data={positions}
          filter={onlyActive ? onlyActiveFilter : undefined}
          columns={columns}
          getRowId={positionId}
          placeholder={(p) => `${index.label(p.wallet) || shortAddress(p.wallet)} · ${index.vault(p.vaultId)?.name ?? ''}`}
          ariaLabel="Positions"
          search={search}
          rowHeight={76}
          maxHeight="calc(100vh - 330px)"
          minWidth={800}
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

/** The token the claimed request was made in: tranche tokens for a queue withdrawal, the underlying otherwise. */
function claimToken(k: Claimable, v: PortfolioVault): TokenRef {
  return k.kind === 'withdraw' ? v.tranche : v.underlying;
}

/** A claim in one line of text, for a tooltip: the call, its epoch and the request it claims. */
function claimLine(k: Claimable, v: PortfolioVault | undefined): string {
  return [
    actionLabel(k.functionName, k.contract),
    k.epochNumber !== null ? `epoch ${k.epochNumber}` : null,
    k.amount !== null && v ? `requested ${formatTokenAmount(k.amount, claimToken(k, v))}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A pending request in one line of text, for a tooltip: type, amount, status, epoch and expected date. */
function requestLine(r: RequestRow, v: PortfolioVault): string {
  return [
    `${r.type.charAt(0)}${r.type.slice(1).toLowerCase()} ${formatTokenAmount(r.amount, r.amountToken === 'tranche' ? v.tranche : v.underlying)}`,
    `${r.status.toLowerCase()}${r.isInstant ? ' instant' : ''}`,
    r.epochNumber !== null ? `epoch ${r.epochNumber}` : null,
    r.expectedAt ? `by ${new Date(r.expectedAt * 1000).toLocaleDateString()}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
