import { useMemo } from 'react';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { Plan } from '../../../shared/signing/schemas';
import { formatTokenAmount, formatUsd } from '../../../shared/domain/units';
import { VirtualTable, type ColumnMeta } from '../components/VirtualTable';
import { Amount } from '../components/Amount';
import { usePortfolioStore } from '../batch';
import { amountKey, planRows, planTotals, type PlanRow } from './plan-rows';
import './plan-review.css';

/**
 * The plan as a compact table first, one row per item to sign, sortable; a row's details (the
 * decoded call, what the Ledger will display, the simulation) open on demand below it.
 */
export function PlanTable({ plan, open, onToggle }: { plan: Plan; open: ReadonlySet<string>; onToggle: (id: string) => void }) {
  const rows = useMemo(() => planRows(plan), [plan]);
  const vaults = usePortfolioStore((s) => s.data?.vaults);
  const totals = useMemo(() => planTotals(rows, (id) => vaults?.find((v) => v.id === id)), [rows, vaults]);
  const columns = useMemo(() => {
    const col = createColumnHelper<PlanRow>();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's column values are heterogeneous by design
    const list: ColumnDef<PlanRow, any>[] = [
      col.accessor((r) => r.order, {
        id: 'order',
        header: '#',
        sortDescFirst: false,
        meta: { width: '36px', align: 'right' } satisfies ColumnMeta,
      }),
      col.accessor((r) => r.wallet, { id: 'wallet', header: 'Wallet', meta: { width: 'minmax(90px, 1fr)' } satisfies ColumnMeta }),
      col.accessor((r) => r.vaultName, {
        id: 'vault',
        header: 'Vault',
        meta: { width: 'minmax(90px, 1fr)', wrap: true } satisfies ColumnMeta,
      }),
      col.accessor((r) => r.call, { id: 'call', header: 'Call', meta: { width: 'minmax(140px, 1.4fr)', wrap: true } satisfies ColumnMeta }),
      col.accessor(amountKey, {
        id: 'amount',
        header: 'Amount',
        meta: { width: 'minmax(110px, 0.9fr)', align: 'right' } satisfies ColumnMeta,
        cell: (c) =>
          c.row.original.amount ? (
            <Amount value={c.row.original.amount.baseUnits} token={c.row.original.amount} />
          ) : (
            <span className="cell-sub">—</span>
          ),
      }),
      col.accessor((r) => r.nonce, { id: 'nonce', header: 'Nonce', meta: { width: '72px', align: 'right' } satisfies ColumnMeta }),
      col.display({
        id: 'details',
        header: '',
        meta: { width: '84px' } satisfies ColumnMeta,
        cell: (c) => {
          const r = c.row.original;
          const shown = open.has(r.id);
          return (
            <button
              type="button"
              className="link-button"
              aria-expanded={shown}
              aria-label={`${shown ? 'Hide' : 'Details'}: item ${r.order}, ${r.wallet}, ${r.call}`}
              onClick={() => onToggle(r.id)}
            >
              {shown ? 'Hide' : 'Details'}
            </button>
          );
        },
      }),
    ];
    return list;
  }, [open, onToggle]);
  return (
    <div className="plan-table" data-testid="plan-table">
      {totals.counted > 0 ? (
        <p className="plan-totals" data-testid="plan-totals">
          <strong>Total</strong> of {totals.counted} call{totals.counted === 1 ? '' : 's'} (approvals left out):{' '}
          {totals.tokens.map((t) => formatTokenAmount(t.amount, t)).join(' + ')}
          {totals.priced > 0 ? ` ≈ ${formatUsd(totals.usd)}` : ''}
          {totals.unpriced.length ? <span className="cell-sub"> · no USD price for {totals.unpriced.join(', ')}</span> : null}
        </p>
      ) : null}
      <VirtualTable
        data={rows}
        columns={columns}
        ariaLabel="Items to sign"
        placeholder={(r) => `${r.order} · ${r.wallet} · ${r.call}`}
        maxHeight="min(44vh, 420px)"
        minWidth={640}
        empty="Nothing to sign."
      />
    </div>
  );
}
