import { useMemo, useState, type ChangeEvent } from 'react';
import { createColumnHelper, type RowSelectionState } from '@tanstack/react-table';
import type { Wallet } from '../../../shared/wallets/schemas';
import { useSourceLoad } from '../navigation/use-source-load';
import { call, getBridge } from '../bridge';
import { ErrorNotice } from '../components/ErrorNotice';
import { FileButton } from '../components/FileButton';
import { Screen } from '../components/ScreenHeader';
import { VirtualTable, type ColumnMeta } from '../components/VirtualTable';
import { AddWalletForm } from './AddWalletForm';
import { GroupsPanel } from './GroupsPanel';
import { EditWallet } from './EditWallet';
import { ImportReport } from './ImportReport';
import { ImportPreviewCard } from './ImportPreviewCard';
import { LedgerImport } from './LedgerImport';
import { useWalletsStore } from '../batch';
import { Toolbar } from '../components/Toolbar';
import './wallets.css';

const col = createColumnHelper<Wallet>();

export function WalletsScreen() {
  const { book, group, busy, error, notice, importReport, load, run, importCsvFile, exportBook, dismissReport, pendingImport, confirmImport, cancelImport } =
    useWalletsStore();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [targetGroup, setTargetGroup] = useState('');
  const [ledgerOpen, setLedgerOpen] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);

  useSourceLoad(load);

  const groupName = useMemo(() => new Map((book?.groups ?? []).map((g) => [g.id, g.name])), [book]);
  const wallets = useMemo(() => (book?.wallets ?? []).filter((w) => group === null || w.groupIds.includes(group)), [book, group]);
  const selectedAddresses = Object.keys(selected).filter((k) => selected[k] && wallets.some((w) => w.address === k));

  const columns = useMemo(
    () => [
      col.accessor('label', { header: 'Label', meta: { width: 'minmax(110px, 1fr)' } satisfies ColumnMeta, cell: (c) => c.getValue() || <span className="cell-sub">no label</span> }),
      col.accessor('address', { header: 'Address', meta: { width: '345px' } satisfies ColumnMeta, cell: (c) => <code>{c.getValue()}</code> }),
      col.accessor((w) => (w.source === 'ledger' ? `Ledger ${w.ledger?.path ?? ''}` : 'Watch-only'), {
        id: 'source',
        header: 'Signs with',
        meta: { width: '150px' } satisfies ColumnMeta,
        cell: (c) =>
          c.row.original.source === 'ledger' ? (
            <div className="stack">
              <span>Ledger</span>
              <code className="cell-sub">{c.row.original.ledger?.path}</code>
            </div>
          ) : (
            'Watch-only'
          ),
      }),
      col.accessor((w) => w.groupIds.map((id) => groupName.get(id) ?? '?').join(', '), {
        id: 'groups',
        header: 'Groups',
        meta: { width: 'minmax(100px, 1fr)' } satisfies ColumnMeta,
      }),
      col.accessor('notes', { header: 'Notes', meta: { width: 'minmax(100px, 1fr)' } satisfies ColumnMeta, cell: (c) => <span className="cell-sub">{c.getValue()}</span> }),
    ],
    [groupName],
  );

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) await importCsvFile(file);
  };

  const currentGroup = group ? book?.groups.find((g) => g.id === group) : null;

  return (
    <Screen
      name="wallets"
      title="Wallets"
      subtitle={book ? `${wallets.length} wallet${wallets.length === 1 ? '' : 's'}${currentGroup ? ` in ${currentGroup.name}` : ' in the book'}` : 'Loading…'}
      tools={
        <>
          <button type="button" className="button" disabled={busy} onClick={() => setLedgerOpen(true)}>
            Import from Ledger
          </button>
          <FileButton accept=".csv,text/csv" testId="csv-input" className="button" disabled={busy} onFile={(e) => void onFile(e)}>
            Import CSV{currentGroup ? ` into ${currentGroup.name}` : ''}
          </FileButton>
          <button type="button" className="button" disabled={!wallets.length} onClick={() => void exportBook('csv')}>
            Export CSV
          </button>
          <button type="button" className="button" disabled={!wallets.length} onClick={() => void exportBook('json')}>
            Export JSON
          </button>
        </>
      }
    >

      {book?.recoveredFrom ? (
        <ErrorNotice
          error={{
            code: 'WALLET_BOOK_RECOVERED',
            message: `The wallet book could not be read and was kept aside as ${book.recoveredFrom}.`,
            action: 'Nothing was deleted: restore it from that file, or import a CSV export.',
          }}
        />
      ) : null}
      {error ? <ErrorNotice error={error} focus /> : null}
      {notice ? (
        <div className="notice notice-ok" role="status">
          <p>{notice}</p>
        </div>
      ) : null}
      {pendingImport ? (
        <ImportPreviewCard fileName={pendingImport.fileName} preview={pendingImport.preview} onImport={(options) => void confirmImport(options)} onCancel={cancelImport} />
      ) : null}
      {importReport ? <ImportReport report={importReport} onClose={dismissReport} /> : null}
      {ledgerOpen ? <LedgerImport onClose={() => setLedgerOpen(false)} /> : null}

      <div className="wallets-layout">
        <GroupsPanel />
        <div className="wallets-main">
          {editing && book?.wallets.some((w) => w.address === editing) ? (
            <EditWallet key={editing} wallet={book.wallets.find((w) => w.address === editing)!} onDone={() => setEditing(null)} />
          ) : (
            <AddWalletForm />
          )}
          <Toolbar
            search={{ value: search, onChange: setSearch, placeholder: 'Search label, address, group, notes', label: 'Search wallets' }}
            actions={
              selectedAddresses.length > 0 ? (
              <div className="selection-bar" role="toolbar" aria-label="Selected wallets">
                <span>{selectedAddresses.length} selected</span>
                {selectedAddresses.length === 1 ? (
                  <button type="button" className="button button-small" onClick={() => setEditing(selectedAddresses[0]!)}>
                    Edit label and notes
                  </button>
                ) : null}
                <select aria-label="Group to change" value={targetGroup} onChange={(e) => setTargetGroup(e.target.value)}>
                  <option value="">Choose a group…</option>
                  {book?.groups.map((g) => (
                    <option key={g.id} value={g.id}>
                      {g.name}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="button button-small"
                  disabled={!targetGroup || busy}
                  onClick={() => void run(() => call(getBridge().wallets.setGroupMembers({ groupId: targetGroup, addresses: selectedAddresses, member: true })), `Added to ${groupName.get(targetGroup)}.`)}
                >
                  Add to group
                </button>
                <button
                  type="button"
                  className="button button-small"
                  disabled={!targetGroup || busy}
                  onClick={() => void run(() => call(getBridge().wallets.setGroupMembers({ groupId: targetGroup, addresses: selectedAddresses, member: false })), `Removed from ${groupName.get(targetGroup)}.`)}
                >
                  Remove from group
                </button>
                <button
                  type="button"
                  className="button button-small button-danger"
                  disabled={busy}
                  onClick={() => {
                    if (window.confirm(`Remove ${selectedAddresses.length} wallet(s) from the book? Export first if you may need them again.`)) {
                      void run(() => call(getBridge().wallets.remove({ addresses: selectedAddresses })), `${selectedAddresses.length} wallet(s) removed.`).then(() => setSelected({}));
                    }
                  }}
                >
                  Remove from book
                </button>
              </div>
              ) : null
            }
          />
          <VirtualTable
            data={wallets}
            columns={columns}
            getRowId={(w) => w.address}
            placeholder={(w) => (w.label ? `${w.label} · ${w.address}` : w.address)}
            ariaLabel="Wallets"
            search={search}
            selection={{ selected, onChange: setSelected, rowLabel: (w) => w.label || w.address }}
            maxHeight="calc(100vh - 380px)"
            minWidth={840}
            empty={book?.wallets.length ? 'No wallet matches.' : 'No wallets yet: add an address above, or import a CSV with an "address" column.'}
          />
        </div>
      </div>
    </Screen>
  );
}
