import { useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import type { PositionRow } from '../../../shared/portfolio/schemas';
import { openLink } from '../components/links';
import { Amount } from '../components/Amount';
import { shortAddress } from '../components/format';
import { VirtualTable, type ColumnMeta } from '../components/VirtualTable';
import { actionLabel, portfolioIndex } from './labels';
import { PortfolioHeader } from './PortfolioHeader';
import { usePortfolioStore } from './portfolio-store';

const col = createColumnHelper<PositionRow>();
const hasAnything = (p: PositionRow) =>
  [p.trancheBalance, p.pendingDeposit, p.pendingWithdraw, p.pendingRedeem, p.pendingInstantRedeem].some((v) => v !== null && v !== '0') || p.claimable.length > 0;

/** Every wallet of the batch in every vault: access, balance and value, what is pending, what is claimable. */
export function PositionsScreen() {
  const data = usePortfolioStore((s) => s.data);
  const [search, setSearch] = useState('');
  const [onlyActive, setOnlyActive] = useState(true);
  const index = useMemo(() => portfolioIndex(data), [data]);

  const rows = useMemo(() => (data?.positions ?? []).filter((p) => !onlyActive || hasAnything(p) || p.allowed === false), [data, onlyActive]);

  const columns = useMemo(
    () => [
      col.accessor((p) => `${index.label(p.wallet)} ${p.wallet}`, {
        id: 'wallet',
        header: 'Wallet',
        meta: { width: 'minmax(160px, 1fr)' } satisfies ColumnMeta,
        cell: (c) => (
          <div className="stack">
            <span className="cell-title">{index.label(c.row.original.wallet) || 'no label'}</span>
            <code className="cell-sub" title={c.row.original.wallet}>
              {shortAddress(c.row.original.wallet)}
            </code>
          </div>
        ),
      }),
      col.accessor((p) => index.vault(p.vaultId)?.name ?? '', {
        id: 'vault',
        header: 'Vault',
        meta: { width: 'minmax(140px, 1fr)' } satisfies ColumnMeta,
        cell: (c) => (
          <div className="stack">
            <span>{c.getValue()}</span>
            <span className="cell-sub">{index.vault(c.row.original.vaultId)?.chain.name}</span>
          </div>
        ),
      }),
      col.accessor((p) => (p.allowed === null ? 'unknown' : p.allowed ? 'allowed' : 'needs KYC'), {
        id: 'access',
        header: 'Access',
        meta: { width: '110px' } satisfies ColumnMeta,
        cell: (c) => {
          const p = c.row.original;
          const link = index.vault(p.vaultId)?.kyc.link;
          if (p.allowed === null) return <span className="cell-sub">unknown</span>;
          if (p.allowed) return <span className="pill pill-ok">Allowed</span>;
          return link ? (
            <button type="button" className="pill pill-warn as-link" onClick={() => void openLink(link)} title={link}>
              Needs KYC ↗
            </button>
          ) : (
            <span className="pill pill-warn">Needs KYC</span>
          );
        },
      }),
      col.accessor((p) => Number(p.trancheBalance ?? 0), {
        id: 'balance',
        header: 'Balance · value',
        meta: { width: '190px', align: 'right' } satisfies ColumnMeta,
        cell: (c) => {
          const v = index.vault(c.row.original.vaultId);
          if (!v) return null;
          return (
            <div className="stack right">
              <Amount value={c.row.original.trancheBalance} token={v.tranche} />
              <span className="cell-sub">
                <Amount value={c.row.original.value} token={v.underlying} />
              </span>
            </div>
          );
        },
      }),
      col.display({
        id: 'pending',
        header: 'Pending',
        meta: { width: '200px' } satisfies ColumnMeta,
        cell: (c) => {
          const p = c.row.original;
          const v = index.vault(p.vaultId);
          if (!v) return null;
          const parts: React.ReactNode[] = [];
          if (p.pendingDeposit && p.pendingDeposit !== '0') parts.push(<span key="d">Deposit <Amount value={p.pendingDeposit} token={v.underlying} /></span>);
          if (p.pendingWithdraw && p.pendingWithdraw !== '0') parts.push(<span key="w">Withdraw <Amount value={p.pendingWithdraw} token={v.tranche} /></span>);
          if (p.pendingRedeem && p.pendingRedeem !== '0') parts.push(<span key="r">Redeem <Amount value={p.pendingRedeem} token={v.underlying} /></span>);
          if (p.pendingInstantRedeem && p.pendingInstantRedeem !== '0') parts.push(<span key="i">Instant redeem <Amount value={p.pendingInstantRedeem} token={v.underlying} /></span>);
          return parts.length ? <div className="stack">{parts}</div> : <span className="cell-sub">—</span>;
        },
      }),
      col.accessor((p) => p.claimable.length, {
        id: 'claimable',
        header: 'Claimable now',
        meta: { width: '200px' } satisfies ColumnMeta,
        cell: (c) =>
          c.row.original.claimable.length ? (
            <div className="stack">
              {c.row.original.claimable.map((k, i) => (
                <span key={i} className="claim">
                  {actionLabel(k.functionName, k.contract)}
                  {k.epochNumber !== null ? ` · epoch ${k.epochNumber}` : ''}
                </span>
              ))}
            </div>
          ) : (
            <span className="cell-sub">—</span>
          ),
      }),
    ],
    [index],
  );

  return (
    <section className="screen" aria-labelledby="positions-title">
      <PortfolioHeader title="Positions" subtitle={data ? `${rows.length} of ${data.positions.length} wallet × vault pairs` : undefined} />
      <div className="table-toolbar">
        <input className="search" type="search" placeholder="Search wallet, label or vault" value={search} onChange={(e) => setSearch(e.target.value)} aria-label="Search positions" />
        <label className="toggle">
          <input type="checkbox" checked={onlyActive} onChange={(e) => setOnlyActive(e.target.checked)} /> only wallets with a balance, request or KYC to do
        </label>
      </div>
      {data ? (
        <VirtualTable
          data={rows}
          columns={columns}
          getRowId={(p) => `${p.vaultId}:${p.wallet}`}
          ariaLabel="Positions"
          search={search}
          rowHeight={64}
          maxHeight="calc(100vh - 330px)"
          minWidth={940}
          empty="No position in this batch."
        />
      ) : null}
    </section>
  );
}
