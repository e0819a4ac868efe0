import { useEffect, useMemo } from 'react';
import { byDate } from '../../../shared/transactions/filter';
import { transactionsCsv } from '../../../shared/transactions/csv';
import { transactionsFileName } from '../../../shared/files/export-names';
import { useNavigationStore } from '../navigation/navigation-store';
import { Screen } from '../components/ScreenHeader';
import { downloadFile } from '../components/download';
import { ErrorNotice } from '../components/ErrorNotice';
import { shortAddress, timeLabels } from '../components/format';
import { VirtualTable } from '../components/VirtualTable';
import { GroupPicker, usePortfolioStore, useWalletsStore } from '../batch';
import { useTransactionsStore } from './transactions-store';
import { useShownTransactions } from './use-shown-transactions';
import { transactionColumns } from './columns';
import { TransactionsToolbar } from './TransactionsToolbar';
import { TransactionTotals } from './TransactionTotals';
import './transactions.css';

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

  const { all, shown, wallet, accept, filtered, byType, options, labelOf } = useShownTransactions(data, filter);
  const columns = useMemo(() => transactionColumns(labelOf), [labelOf]);

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

      <TransactionsToolbar
        filter={filter}
        wallet={wallet}
        wallets={data?.wallets ?? []}
        options={options}
        filtered={filtered}
        setFilter={setFilter}
        clearFilter={clearFilter}
      />

      {data && shown.length > 0 ? <TransactionTotals shownCount={shown.length} byType={byType} /> : null}

      {data ? (
        <VirtualTable
          data={all}
          filter={filtered ? accept : undefined}
          columns={columns}
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
