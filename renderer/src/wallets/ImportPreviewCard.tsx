import type { ImportPreview } from '../batch';
import { SimpleTable } from '../components/SimpleTable';
import { WALLET_CSV_COLUMNS } from '../../../shared/wallets/wallet-csv';
import { SkippedRows } from './SkippedRows';

/**
 * A CSV file before it is imported, when it needs a look: the columns expected beside the ones it
 * has (a file without "address" cannot be imported), the rows the import will skip and why, and
 * the labels of the book it would change, which the operator may keep.
 */
export function ImportPreviewCard({
  fileName,
  preview,
  onImport,
  onCancel,
}: {
  fileName: string;
  preview: ImportPreview;
  onImport: (options: { keepLabels: boolean }) => void;
  onCancel: () => void;
}) {
  const blocked = preview.missingAddress || preview.refused !== null;
  const good = preview.rows - preview.bad.length;
  return (
    <section className={`notice ${blocked ? 'notice-error' : 'notice-warn'}`} aria-label="CSV import preview" data-testid="import-preview">
      <strong className="notice-title">{title(fileName, preview, good)}</strong>
      {preview.refused ? <p>{preview.refused}</p> : null}
      <p>
        Columns expected (first line):{' '}
        {WALLET_CSV_COLUMNS.map((c, i) => (
          <span key={c.name}>
            {i > 0 ? ', ' : ''}
            <code>{c.name}</code>
            {c.required ? ' (required)' : ''} — {c.what}
          </span>
        ))}
        . Found: {preview.columns.length ? preview.columns.map((c) => `"${c}"`).join(', ') : 'none'}.
      </p>
      {preview.bad.length > 0 ? (
        <>
          <p>
            {preview.bad.length === 1 ? 'This row will be skipped' : `These ${preview.bad.length} rows will be skipped`}; correct the file and
            choose it again to import {preview.bad.length === 1 ? 'it' : 'them'} too.
          </p>
          <SkippedRows
            rows={preview.bad}
            label="Rows the import will skip"
            whyHeader="Why it will be skipped"
            more={(n) => `…and ${n} more: the import report lists them all.`}
          />
        </>
      ) : null}
      {preview.renames.length > 0 ? (
        <p>
          The file gives {preview.renames.length === 1 ? 'a wallet' : `${preview.renames.length} wallets`} of the book another label: import
          and rename {preview.renames.length === 1 ? 'it' : 'them'}, or keep the labels the book has.
        </p>
      ) : null}
      <SimpleTable
        compact
        label="Wallets renamed by the import"
        rows={preview.renames}
        rowKey={(r) => r.address}
        columns={[
          { key: 'address', header: 'Address', cell: (r) => <code>{r.address}</code> },
          { key: 'from', header: 'Label now', cell: (r) => r.from || <span className="cell-sub">no label</span> },
          { key: 'to', header: 'Label after the import', cell: (r) => r.to },
        ]}
      />
      <div className="form-actions">
        {blocked || good === 0 ? null : preview.renames.length > 0 ? (
          <>
            <button type="button" className="button button-primary" onClick={() => onImport({ keepLabels: false })}>
              Import and rename
            </button>
            <button type="button" className="button" onClick={() => onImport({ keepLabels: true })}>
              Import and keep the current labels
            </button>
          </>
        ) : (
          <button type="button" className="button button-primary" onClick={() => onImport({ keepLabels: false })}>
            Import {good} row{good === 1 ? '' : 's'}
          </button>
        )}
        <button type="button" className="button" onClick={onCancel}>
          {blocked || good === 0 ? 'Close' : 'Cancel'}
        </button>
      </div>
    </section>
  );
}

function title(fileName: string, preview: ImportPreview, good: number): string {
  if (preview.missingAddress) return `${fileName} cannot be imported: it has no "address" column.`;
  if (preview.refused) return `${fileName} cannot be imported.`;
  const rows = `${preview.rows} row${preview.rows === 1 ? '' : 's'}`;
  const parts = [`${good} to import`];
  if (preview.bad.length) parts.push(`${preview.bad.length} to skip`);
  if (preview.renames.length) parts.push(`${preview.renames.length} of which rename${preview.renames.length === 1 ? 's' : ''} a wallet of the book`);
  return `${fileName}: ${rows}, ${parts.join(', ')}.`;
}
