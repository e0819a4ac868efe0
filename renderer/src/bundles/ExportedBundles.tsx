import { useEffect } from 'react';
import type { ExportedBundle } from '../../../shared/bundles/ipc';
import { isoToSeconds } from '../../../shared/domain/time';
import { DateTime } from '../components/time';
import { SimpleTable, type SimpleColumn } from '../components/SimpleTable';
import { useNavigationStore } from '../navigation/navigation-store';
import { useSigningStore } from '../signing';
import { bundleContents, bundleTitle } from './bundle-labels';
import { useBundlesStore } from './bundles-store';

const STATE_LABEL: Record<ExportedBundle['state'], { text: string; pill: string }> = {
  awaiting: { text: 'awaiting return', pill: 'pill-warn' },
  returned: { text: 'returned, to send', pill: 'pill-info' },
  broadcast: { text: 'returned and broadcast', pill: 'pill-ok' },
  abandoned: { text: 'abandoned', pill: 'pill-muted' },
};

/** The turn an awaited bundle can take (abandoned), and back (awaited again). */
const TURN = {
  awaiting: {
    label: 'Abandon',
    title: 'Stop awaiting this bundle: it stays listed as abandoned, and a signed bundle of it is refused until you resume it.',
  },
  abandoned: {
    label: 'Resume',
    title: 'Await this bundle again, so that its signed bundle can be imported and sent. Check first that it was not planned again meanwhile.',
  },
} as const;

/**
 * Online: the unsigned bundles exported from here, newest first, with what became of each: still
 * out for offline signing, back and sent, or abandoned by the operator. Kept in the data folder, so
 * the list survives a restart.
 */
export function ExportedBundlesCard() {
  const list = useBundlesStore((s) => s.exportedList);
  const busy = useBundlesStore((s) => s.busy);
  const load = useBundlesStore((s) => s.loadExported);
  const abandon = useBundlesStore((s) => s.abandonExported);
  const resume = useBundlesStore((s) => s.resumeExported);
  const open = useSigningStore((s) => s.open);
  const go = useNavigationStore((s) => s.go);
  useEffect(() => {
    void load();
  }, [load]);
  const columns: SimpleColumn<ExportedBundle>[] = [
    {
      key: 'bundle',
      header: 'Bundle',
      cell: (b) => b.name ?? bundleTitle(b.action, b.vaults.length > 1 ? `${b.vaults.length} vaults` : (b.vaults[0]?.name ?? '')),
    },
    { key: 'vaults', header: 'Vaults', cell: (b) => b.vaults.map((v) => v.name).join(', ') },
    { key: 'items', header: 'Items', cell: (b) => bundleContents(b) },
    { key: 'exported', header: 'Exported', cell: (b) => <DateTime seconds={isoToSeconds(b.exportedAt)} /> },
    { key: 'file', header: 'File', cell: (b) => <code className="cell-sub">{b.fileName}</code> },
    { key: 'state', header: 'State', className: 'exported-state', cell: (b) => <ExportedState bundle={b} /> },
    {
      key: 'actions',
      header: null,
      headerLabel: 'Actions',
      cell: (b) => (
        <span className="item-actions">
          {b.state === 'awaiting' || b.state === 'abandoned' ? (
            <button
              type="button"
              className="button button-small"
              disabled={busy}
              title={TURN[b.state].title}
              onClick={() => void (b.state === 'awaiting' ? abandon : resume)(b.checksum)}
            >
              {TURN[b.state].label}
            </button>
          ) : null}
          {b.batchId ? (
            <button
              type="button"
              className="button button-small"
              onClick={() => {
                void open(b.batchId!);
                go('signing');
              }}
            >
              Open batch
            </button>
          ) : null}
        </span>
      ),
    },
  ];
  const awaiting = list?.filter((b) => b.state === 'awaiting').length ?? 0;
  return (
    <div className="card wide" aria-label="Exported bundles" data-testid="exported-bundles">
      <h2>
        Exported bundles{list ? <span className="cell-sub"> · {awaiting} awaiting return</span> : null}
      </h2>
      {list === null ? null : list.length === 0 ? (
        <p className="cell-sub">No unsigned bundle exported from here yet: export one from a reviewed plan on the Signing screen.</p>
      ) : (
        <div className="table-wrap">
          <SimpleTable
            label="Exported bundles"
            columns={columns}
            rows={list}
            rowKey={(b) => b.checksum}
            rowProps={(b) => ({ 'data-checksum': b.checksum, 'data-state': b.state })}
          />
        </div>
      )}
    </div>
  );
}

/** What became of an exported bundle: its state, when it was abandoned, how much of it was sent. */
function ExportedState({ bundle: b }: { bundle: ExportedBundle }) {
  return (
    <>
      <span className={`pill ${STATE_LABEL[b.state].pill}`}>{STATE_LABEL[b.state].text}</span>
      {b.state === 'abandoned' && b.abandonedAt ? (
        <span className="cell-sub">
          {' '}
          on <DateTime seconds={isoToSeconds(b.abandonedAt)} />
        </span>
      ) : null}
      {b.sent ? (
        <span className="cell-sub">
          {' '}
          {b.sent.confirmed}/{b.sent.planned} confirmed{b.sent.failed ? `, ${b.sent.failed} failed` : ''}
        </span>
      ) : null}
    </>
  );
}
