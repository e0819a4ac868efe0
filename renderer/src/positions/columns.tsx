import type { ReactNode } from 'react';
import { createColumnHelper, type CellContext } from '@tanstack/react-table';
import type { PortfolioVault, PositionRow, SourceStatus } from '../../../shared/portfolio/schemas';
import { requestEpochWords } from '../../../shared/portfolio/request-epoch';
import { sourceIdOf } from '../../../shared/portfolio/freshness';
import { Amount } from '../components/Amount';
import type { ColumnMeta } from '../components/VirtualTable';
import { VaultStateFlag } from '../components/VaultStateFlag';
import { shortAddress } from '../components/format';
import { actionLabel, ExpectedDate, StaleMark, type portfolioIndex } from '../batch';
import { PairAccessCell } from './PairAccessCell';
import { PairEarningsCell, PairPoolShare } from './PairRecordCells';
import type { requestsByPair } from './requests-by-pair';
import { claimLine, claimToken, phaseText, requestLine } from './pair-lines';
import './positions.css';

const col = createColumnHelper<PositionRow>();

/** What the Positions columns read besides the row: kept by the screen, so the columns change only when these do. */
interface PositionColumnsInput {
  index: ReturnType<typeof portfolioIndex>;
  failed: Map<string, SourceStatus>;
  requestsOf: ReturnType<typeof requestsByPair>;
  readAtMs: number;
  /** The text a pair is searched and sorted by. */
  pairText(p: PositionRow): string;
  /** The pair's earnings in tokens from the service's record, for sorting; null until it arrives. */
  earned(p: PositionRow): number | null;
}

export const positionId = (p: PositionRow) => `${p.vaultId}:${p.wallet}`;
const accessText = (p: PositionRow) => (p.allowed === null ? 'unknown' : p.allowed ? 'allowed' : 'needs KYC');
const balanceNumber = (p: PositionRow) => Number(p.trancheBalance ?? 0);
const claimableCount = (p: PositionRow) => p.claimable.length;

/**
 * The line under a cell's first request or claim: the stale mark when they are kept from a service
 * that did not answer, then how many more there are, each whole on hover.
 */
function MoreLine({ stale, source, others }: { stale: boolean; source: SourceStatus | undefined; others: readonly string[] }) {
  if (!stale && others.length === 0) return null;
  return (
    <span className="cell-sub">
      {stale ? <StaleMark source={source} /> : null}
      {stale && others.length ? ' · ' : ''}
      {others.length ? (
        <span className="more" title={others.join('\n')}>
          + {others.length} more
        </span>
      ) : null}
    </span>
  );
}

/** The Positions table's columns: the pair, access, balance, earnings, pending requests, what is claimable. */
export function positionColumns({ index, failed, requestsOf, readAtMs, pairText, earned }: PositionColumnsInput) {
  // Every cell reads its pair and the pair's vault (undefined while the portfolio does not list it).
  const pairCell =
    (draw: (p: PositionRow, v: PortfolioVault | undefined) => ReactNode) =>
    (c: CellContext<PositionRow, unknown>): ReactNode =>
      draw(c.row.original, index.vault(c.row.original.vaultId));
  return [
    // Wallet and vault in one column, so that the service's figures fit beside the chain's in a 1360-pixel window.
    col.accessor(pairText, {
      id: 'pair',
      header: 'Wallet · vault',
      meta: { width: 'minmax(170px, 2fr)' } satisfies ColumnMeta,
      cell: pairCell((p, v) => (
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
      )),
    }),
    col.accessor(accessText, {
      id: 'access',
      header: 'Access',
      meta: { width: 'minmax(136px, 1.2fr)' } satisfies ColumnMeta,
      cell: pairCell((p, v) => <PairAccessCell pair={p} kycLink={v?.kyc.link ?? undefined} />),
    }),
    col.accessor(balanceNumber, {
      id: 'balance',
      header: 'Balance · value',
      meta: { width: 'minmax(128px, 1.2fr)', align: 'right' } satisfies ColumnMeta,
      cell: pairCell((p, v) =>
        v ? (
          <div className="stack right">
            <Amount value={p.trancheBalance} token={v.tranche} />
            <span className="cell-sub">
              <Amount value={p.value} token={v.underlying} />
            </span>
            <PairPoolShare pair={p} />
          </div>
        ) : null,
      ),
    }),
    col.accessor(earned, {
      id: 'earnings',
      header: 'Earnings',
      // Sorted by, not searched: a figure that changes as each vault's records arrive would rebuild
      // the search index of every pair each time.
      enableGlobalFilter: false,
      meta: { width: 'minmax(108px, 1.3fr)', align: 'right' } satisfies ColumnMeta,
      cell: pairCell((p, v) => (v ? <PairEarningsCell pair={p} vault={v} /> : null)),
    }),
    col.display({
      id: 'pending',
      header: 'Pending requests',
      meta: { width: 'minmax(120px, 1fr)' } satisfies ColumnMeta,
      cell: pairCell((p, v) => {
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
            {/* Every other request of the pair, whole, on hover; the Requests screen lists them too. */}
            <MoreLine stale={stale} source={failed.get('service')} others={open.slice(1).map((o) => requestLine(o, v, readAtMs))} />
          </div>
        );
      }),
    }),
    col.accessor(claimableCount, {
      id: 'claimable',
      header: 'Claimable now',
      meta: { width: 'minmax(128px, 1.1fr)' } satisfies ColumnMeta,
      cell: pairCell((p, v) => {
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
            <MoreLine stale={stale} source={failed.get('service')} others={p.claimable.slice(1).map((k) => claimLine(k, v))} />
          </div>
        ) : (
          <span className="cell-sub">—</span>
        );
      }),
    }),
  ];
}
