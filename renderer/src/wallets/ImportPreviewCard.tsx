import { CSV_COLUMNS, type ImportPreview } from '../batch';

/**
 * A CSV file before it is imported, when it needs a look: the columns expected beside the ones it
 * has (a file without "address" cannot be imported), and the labels of the book it would change.
 */
export function ImportPreviewCard({
  fileName,
  preview,
  onImport,
  onCancel,
}: {
  fileName: string;
  preview: ImportPreview;
  onImport: () => void;
  onCancel: () => void;
}) {
  return (
    <section
      className={`notice ${preview.missingAddress ? 'notice-error' : 'notice-warn'}`}
      aria-label="CSV import preview"
      data-testid="import-preview"
    >
      <strong className="notice-title">
        {preview.missingAddress
          ? `${fileName} cannot be imported: it has no "address" column.`
          : `${fileName}: ${preview.rows} row${preview.rows === 1 ? '' : 's'}, ${preview.renames.length} of which rename${preview.renames.length === 1 ? 's' : ''} a wallet of the book.`}
      </strong>
      <p>
        Columns expected (first line):{' '}
        {CSV_COLUMNS.map((c, i) => (
          <span key={c.name}>
            {i > 0 ? ', ' : ''}
            <code>{c.name}</code>
            {c.required ? ' (required)' : ''} — {c.what}
          </span>
        ))}
        . Found: {preview.columns.length ? preview.columns.map((c) => `"${c}"`).join(', ') : 'none'}.
      </p>
      {preview.renames.length > 0 ? (
        <table className="table compact" aria-label="Wallets renamed by the import">
          <thead>
            <tr>
              <th scope="col">Address</th>
              <th scope="col">Label now</th>
              <th scope="col">Label after the import</th>
            </tr>
          </thead>
          <tbody>
            {preview.renames.map((r) => (
              <tr key={r.address}>
                <td>
                  <code>{r.address}</code>
                </td>
                <td>{r.from || <span className="cell-sub">no label</span>}</td>
                <td>{r.to}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className="form-actions">
        {preview.missingAddress ? null : (
          <button type="button" className="button button-primary" onClick={onImport}>
            Import and rename
          </button>
        )}
        <button type="button" className="button" onClick={onCancel}>
          {preview.missingAddress ? 'Close' : 'Cancel'}
        </button>
      </div>
    </section>
  );
}
