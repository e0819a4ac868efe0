import { SimpleTable } from '../components/SimpleTable';

/** At most this many rows are drawn; the rest are counted (the report file lists them all). */
const SHOWN = 200;

/**
 * The CSV rows an import skips, with the line, the address and why: the preview says which will be
 * skipped before the import, the report which were. One table for both, worded by the caller.
 */
export function SkippedRows({
  rows,
  label,
  whyHeader,
  more,
}: {
  rows: readonly { line: number; address: string; reason: string | null }[];
  label: string;
  whyHeader: string;
  /** The line under the table when rows were left out, given how many. */
  more: (count: number) => string;
}) {
  if (rows.length === 0) return null;
  return (
    <>
      <SimpleTable
        compact
        label={label}
        rows={rows.slice(0, SHOWN)}
        rowKey={(r) => r.line}
        columns={[
          { key: 'line', header: 'Line', numeric: true, cell: (r) => r.line },
          { key: 'address', header: 'Address', cell: (r) => <code>{r.address || '(empty)'}</code> },
          { key: 'why', header: whyHeader, cell: (r) => r.reason },
        ]}
      />
      {rows.length > SHOWN ? <p>{more(rows.length - SHOWN)}</p> : null}
    </>
  );
}
