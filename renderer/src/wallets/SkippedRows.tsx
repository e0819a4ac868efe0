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
      <table className="table compact" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Address</th>
            <th scope="col">{whyHeader}</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, SHOWN).map((r) => (
            <tr key={r.line}>
              <td className="num">{r.line}</td>
              <td>
                <code>{r.address || '(empty)'}</code>
              </td>
              <td>{r.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > SHOWN ? <p>{more(rows.length - SHOWN)}</p> : null}
    </>
  );
}
