import { DayInput } from '../components/DayInput';
import { useEffect, useMemo } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { byDate, transactionFilter, transactionTotals } from '../../../shared/transactions/filter';
import { transactionsCsv, transactionsFileName } from '../../../shared/transactions/csv';
import type { TransactionRow } from '../../../shared/transactions/schemas';
import { transactionTypeWords } from '../../../shared/transactions/type-words';
import { useNavigationStore } from '../navigation/navigation-store';
import { Amount } from '../components/Amount';
import { Screen } from '../components/ScreenHeader';
import { walletAndVaultColumns } from '../components/wallet-vault-columns';
import { downloadFile } from '../components/download';
import { ErrorNotice } from '../components/ErrorNotice';
import { KnownValue } from '../components/KnownValue';
import { shortAddress, timeLabels } from '../components/format';
import { openLink } from '../components/links';
import { DateTime } from '../components/time';
import { VirtualTable, type ColumnMeta } from '../components/VirtualTable';
import { GroupPicker, usePortfolioStore, useWalletsStore } from '../batch';
import { useTransactionsStore } from './transactions-store';
import './transactions.css';

const col = createColumnHelper<TransactionRow>();
const words = (s: string) => s.charAt(0) + s.slice(1).toLowerCase().replace(/_/g, ' ');
const STATUS_CLASS: Record<string, string> = { CONFIRMED: 'pill-ok', PENDING: 'pill-info', FAILED: 'pill-bad', REVERTED: 'pill-bad' };

/**
 * The batch's protocol transactions from the service: filter by wallet, vault, type, status and
 * dates (UTC days, as in the CSV), sort, open each on its chain's block explorer, and export what
 * is shown as CSV for accounting.
 */
export function TransactionsScreen() {
  const groupId = usePortfolioStore((s) => s.groupId);
  const sourceVersion = useNavigationStore((s) => s.sourceVersion);
  const book = useWalletsStore((s) => s.book);
  const { data, loading, error, filter, setFilter, clearFilter, load } = useTransactionsStore();

  useEffect(() => {
    void load(groupId);
  }, [load, groupId, sourceVersion]);

  const labels = useMemo(() => new Map((data?.wallets ?? []).map((w) => [w.address.toLowerCase(), w.label])), [data]);
  const labelOf = useMemo(() => (address: string) => labels.get(address.toLowerCase()) ?? '', [labels]);
  const all = useMemo(() => data?.rows ?? [], [data]);
  // A wallet picked in another batch is not one of this batch's: the filter falls back to all.
  const wallet = filter.wallet && labels.has(filter.wallet.toLowerCase()) ? filter.wallet : undefined;
  const { vaultId, type, status, from, to } = filter;
  const accept = useMemo(() => transactionFilter({ wallet, vaultId, type, status, from, to }), [wallet, vaultId, type, status, from, to]);
  const filtered = Boolean(wallet || vaultId || type || status || from || to);
  const shown = useMemo(() => (filtered ? all.filter(accept) : all), [all, accept, filtered]);
  // Totals per type, each in its own tokens (a type's amounts in two tokens are never added).
  const byType = useMemo(() => {
    const groups = new Map<string, ReturnType<typeof transactionTotals>>();
    for (const t of transactionTotals(shown)) groups.set(t.type, [...(groups.get(t.type) ?? []), t]);
    return [...groups.entries()];
  }, [shown]);

  const options = useMemo(() => {
    const vaults = new Map<string, string>();
    for (const r of all) if (r.vaultId) vaults.set(r.vaultId, r.vaultName);
    return {
      vaults: [...vaults.entries()].sort((a, b) => a[1].localeCompare(b[1])),
      types: [...new Set(all.map((r) => r.type))].sort(),
      statuses: [...new Set(all.flatMap((r) => (r.status === null ? [] : [r.status])))].sort(),
    };
  }, [all]);

  // Every column has a floor and a share of the rest, so the whole table fits a 1024-pixel window
  // (no sideways scrolling, no amount cut) and a wide one spreads out.
  const columns = useMemo(
    () => [
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
          if (status === null) return <span className="cell-sub" title="The service gives no status for this transaction: it records mined transactions.">—</span>;
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
    ],
    [labelOf],
  );

  const batchName = groupId ? (book?.groups.find((g) => g.id === groupId)?.name ?? 'batch') : 'all wallets';
  const exportCsv = () =>
    downloadFile({
      fileName: transactionsFileName(batchName),
      mimeType: 'text/csv',
      content: transactionsCsv([...shown].sort(byDate), labelOf),
    });
  const updated = data?.fetchedAtMs ? timeLabels(data.fetchedAtMs) : null;
  const problem = error ?? data?.error ?? null;

  return (
    <Screen
      name="transactions"
      serviceSource
      title="Transactions"
      subtitle={
        data
          ? `${shown.length} of ${all.length} transactions of ${data.wallets.length} wallet${data.wallets.length === 1 ? '' : 's'}, from the service`
          : 'History of the batch from the service'
      }
      batch={<GroupPicker />}
      updated={
        updated && {
          label: `${data?.stale ? 'Not current: from ' : 'Updated '}${updated.local}`,
          title: `${updated.utc}${data ? ` · ${data.cost.http} service requests, ${data.cost.ms} ms` : ''}`,
        }
      }
      bar={
        <button
          type="button"
          className="button"
          onClick={exportCsv}
          disabled={shown.length === 0}
          title="The transactions shown, oldest first, amounts with their token's decimals"
        >
          Export CSV
        </button>
      }
      refresh={{ run: () => void load(groupId, true), busy: loading }}
      progress={{ busy: loading, label: 'Loading transactions' }}
    >
      {problem ? (
        <ErrorNotice
          error={problem}
          title={
            data && data.rows.length > 0
              ? `The last refresh failed: the transactions below are from ${updated?.local ?? 'before'} and may be incomplete.`
              : 'Could not load the transactions.'
          }
        />
      ) : null}

      <div className="table-toolbar tx-filters">
        <select aria-label="Wallet" value={wallet ?? ''} onChange={(e) => setFilter({ wallet: e.target.value || undefined })}>
          <option value="">All wallets</option>
          {(data?.wallets ?? []).map((w) => (
            <option key={w.address} value={w.address}>
              {w.label ? `${w.label} · ${shortAddress(w.address)}` : w.address}
            </option>
          ))}
        </select>
        <select aria-label="Vault" value={filter.vaultId ?? ''} onChange={(e) => setFilter({ vaultId: e.target.value || undefined })}>
          <option value="">All vaults</option>
          {options.vaults.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
        <select aria-label="Type" value={filter.type ?? ''} onChange={(e) => setFilter({ type: e.target.value || undefined })}>
          <option value="">All types</option>
          {options.types.map((t) => (
            <option key={t} value={t}>
              {transactionTypeWords(t).words}
            </option>
          ))}
        </select>
        <select aria-label="Status" value={filter.status ?? ''} onChange={(e) => setFilter({ status: e.target.value || undefined })}>
          <option value="">All statuses</option>
          {options.statuses.map((s) => (
            <option key={s} value={s}>
              {words(s)}
            </option>
          ))}
        </select>
        <label className="date-field">
          From
          <DayInput label="From (UTC day)" value={filter.from} onChange={(from) => setFilter({ from })} />
        </label>
        <label className="date-field">
          to
          <DayInput label="To (UTC day)" value={filter.to} onChange={(to) => setFilter({ to })} />
          <span className="cell-sub">UTC</span>
        </label>
        {filtered ? (
          <button type="button" className="link-button" onClick={clearFilter}>
            Clear filters
          </button>
        ) : null}
      </div>

      {data && shown.length > 0 ? (
        <section className="tx-totals" aria-label="Totals of the transactions shown">
          <h2 className="tx-totals-title">
            Totals of the {shown.length} transaction{shown.length === 1 ? '' : 's'} shown, per type and token
          </h2>
          <dl>
            {byType.map(([txType, list]) => (
              <div key={txType} className="tx-totals-line">
                <dt>
                  {transactionTypeWords(txType).words} <span className="cell-sub">× {list.reduce((n, t) => n + t.count, 0)}</span>
                </dt>
                <dd>
                  {list.map((t) => (
                    <span
                      key={t.token?.symbol ?? '?'}
                      className="tx-total"
                      data-total-type={t.type}
                      data-total-symbol={t.token?.symbol ?? ''}
                      data-total-count={t.count}
                    >
                      {t.token ? <Amount value={t.amount.toString()} token={t.token} /> : `${t.amount} base units`}
                    </span>
                  ))}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      {data ? (
        <VirtualTable
          data={all}
          filter={filtered ? accept : undefined}
          columns={columns}
          getRowId={(r) => r.id}
          placeholder={(r) => `${labelOf(r.wallet) || shortAddress(r.wallet)} · ${r.type.toLowerCase()} · ${r.vaultName}`}
          ariaLabel="Transactions"
          rowHeight={52}
          maxHeight="calc(100vh - 360px)"
          minWidth={760}
          initialSorting={[{ id: 'date', desc: true }]}
          empty={
            all.length === 0
              ? data.wallets.length === 0
                ? 'This batch has no wallets yet: add some on the Wallets screen.'
                : 'The service has no transaction of these wallets.'
              : 'No transaction matches these filters.'
          }
        />
      ) : null}
    </Screen>
  );
}
