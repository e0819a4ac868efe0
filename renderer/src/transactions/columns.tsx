import { createColumnHelper } from '@tanstack/react-table';
import type { TransactionRow } from '../../../shared/transactions/schemas';
import { transactionTypeWords } from '../../../shared/transactions/type-words';
import { Amount } from '../components/Amount';
import { walletAndVaultColumns } from '../components/wallet-vault-columns';
import { KnownValue } from '../components/KnownValue';
import { shortAddress } from '../components/format';
import { openLink } from '../components/links';
import { DateTime } from '../components/time';
import type { ColumnMeta } from '../components/VirtualTable';

const col = createColumnHelper<TransactionRow>();
/** A service word in a sentence's case: "INSTANT_WITHDRAW" → "Instant withdraw". */
export const words = (s: string) => s.charAt(0) + s.slice(1).toLowerCase().replace(/_/g, ' ');
const STATUS_CLASS: Record<string, string> = { CONFIRMED: 'pill-ok', PENDING: 'pill-info', FAILED: 'pill-bad', REVERTED: 'pill-bad' };

/**
 * The Transactions table's columns. Every column has a floor and a share of the rest, so the whole
 * table fits a 1024-pixel window (no sideways scrolling, no amount cut) and a wide one spreads out.
 */
export function transactionColumns(labelOf: (address: string) => string) {
  return [
    col.accessor((r) => r.timestamp ?? null, {
      id: 'date',
      header: 'Date',
      meta: { width: 'minmax(112px, 1.1fr)' } satisfies ColumnMeta,
      cell: (c) =>
        c.row.original.timestamp !== null ? <DateTime seconds={c.row.original.timestamp} /> : <span className="cell-sub">—</span>,
    }),
    ...walletAndVaultColumns<TransactionRow>({
      width: 'minmax(110px, 1fr)',
      label: labelOf,
      vaultName: (r) => r.vaultName,
      chainName: (r) => r.chainName ?? 'unknown chain',
    }),
    col.accessor('type', {
      header: 'Type',
      meta: { width: 'minmax(120px, 1.3fr)' } satisfies ColumnMeta,
      cell: (c) => (
        <KnownValue kind="transactionType" value={c.getValue()}>
          {transactionTypeWords(c.getValue()).words}
        </KnownValue>
      ),
    }),
    col.accessor('status', {
      header: 'Status',
      meta: { width: 'minmax(48px, 0.6fr)' } satisfies ColumnMeta,
      cell: (c) => {
        const status = c.getValue();
        // The protocol's records carry no status: a record is a transaction that was mined.
        if (status === null)
          return (
            <span className="cell-sub" title="The service gives no status for this transaction: it records mined transactions.">
              —
            </span>
          );
        return (
          <KnownValue kind="transactionStatus" value={status}>
            <span className={`pill ${STATUS_CLASS[status] ?? 'pill-muted'}`}>{words(status)}</span>
          </KnownValue>
        );
      },
    }),
    col.accessor((r) => (r.amount !== null && r.token ? Number(r.amount) / 10 ** r.token.decimals : null), {
      id: 'amount',
      header: 'Amount',
      meta: { width: 'minmax(132px, 1.1fr)', align: 'right' } satisfies ColumnMeta,
      cell: (c) => {
        const r = c.row.original;
        if (r.amount === null) return <span className="cell-sub">—</span>;
        if (!r.token)
          return (
            <span className="cell-sub" title="The service names a token the catalog does not list.">
              {r.amount} base units
            </span>
          );
        return <Amount value={r.amount} token={r.token} />;
      },
    }),
    col.accessor((r) => r.hash ?? '', {
      id: 'hash',
      header: 'Transaction',
      enableSorting: false,
      meta: { width: 'minmax(110px, 1.1fr)' } satisfies ColumnMeta,
      cell: (c) => {
        const r = c.row.original;
        const link = r.explorer;
        // The hash opens the explorer's page when there is one; otherwise the cell says why not.
        return link.url !== null ? (
          <div className="stack">
            <button
              type="button"
              className="link-button explorer-link"
              onClick={() => void openLink(link.url)}
              title={`View ${r.hash} on ${link.host}`}
              aria-label={`View on ${link.host}`}
            >
              <code>{shortAddress(r.hash ?? '')}</code> ↗
            </button>
            <span className="cell-sub no-explorer">{link.host}</span>
          </div>
        ) : (
          <div className="stack" title={link.reason}>
            <code className="cell-sub">{r.hash ? shortAddress(r.hash) : '—'}</code>
            <span className="cell-sub no-explorer">{link.short}</span>
          </div>
        );
      },
    }),
  ];
}
