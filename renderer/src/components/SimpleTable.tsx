import { Fragment, type HTMLAttributes, type ReactNode, type TdHTMLAttributes } from 'react';

/** `data-*` attributes, which end-to-end tests and styles find rows and cells by. */
type DataAttributes = { [name: `data-${string}`]: string | number | undefined };

/** One column of a SimpleTable: its header and how a row fills its cell. */
export interface SimpleColumn<T> {
  key: string;
  header: ReactNode;
  /** The header's accessible name when it shows no words (a column of buttons, say). */
  headerLabel?: string;
  cell(row: T): ReactNode;
  /** A figure: right-aligned in the header and the cells. */
  numeric?: boolean;
  /** A class on the header and the cells (a narrow column of checkboxes, say). */
  className?: string;
  /** The cell names its row (a `<th scope="row">`), as the first column of a list of things usually does. */
  rowHeader?: boolean;
  /** More on a cell: a title with the exact figure, a `data-*` for tests. */
  cellProps?(row: T): TdHTMLAttributes<HTMLTableCellElement> & DataAttributes;
  /** The column's cell in the totals line under the rows; no totals line when no column has one. */
  footer?: ReactNode;
  footerProps?: TdHTMLAttributes<HTMLTableCellElement> & DataAttributes;
}

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & DataAttributes;

/** What a row shows when opened: a row of its own under it, across every column. */
interface RowDetail {
  content: ReactNode;
  rowProps?: RowAttributes;
}

const classOf = (c: { numeric?: boolean; className?: string }) =>
  [c.numeric ? 'num' : null, c.className].filter(Boolean).join(' ') || undefined;

/**
 * A small table drawn in full (no virtual scrolling, no sorting): columns as data, a header cell of
 * scope "col" for each, a caption or a label naming the table, and the `empty` line instead of a
 * table with no rows. A column given as null or false is left out, so a table can drop a column
 * it has nothing for. A row may open a detail row under it, and columns may give a totals line.
 * Lists of thousands of rows take VirtualTable instead.
 */
export function SimpleTable<T>({
  columns,
  rows,
  rowKey,
  label,
  caption,
  empty,
  compact,
  className,
  rowProps,
  rowDetail,
  footerRowProps,
  testId,
}: {
  columns: readonly (SimpleColumn<T> | null | false)[];
  rows: readonly T[];
  rowKey(row: T): string | number;
  /** The table's accessible name, when no caption gives it (or a shorter one). */
  label?: string;
  caption?: ReactNode;
  /** Shown instead of the table when there is no row; nothing at all when not given. */
  empty?: ReactNode;
  compact?: boolean;
  className?: string;
  rowProps?(row: T): RowAttributes;
  /** The row's detail when it is open, null when it is closed. */
  rowDetail?(row: T): RowDetail | null;
  footerRowProps?: RowAttributes;
  testId?: string;
}) {
  if (rows.length === 0) return empty ? <p className="cell-sub">{empty}</p> : null;
  const shown = columns.filter((c): c is SimpleColumn<T> => Boolean(c));
  const classes = ['table', compact ? 'compact' : null, className].filter(Boolean).join(' ');
  return (
    <table className={classes} aria-label={label} data-testid={testId}>
      {caption ? <caption className="cell-sub">{caption}</caption> : null}
      <thead>
        <tr>
          {shown.map((c) => (
            <th key={c.key} scope="col" className={classOf(c)} aria-label={c.headerLabel}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const detail = rowDetail?.(row);
          return (
            <Fragment key={rowKey(row)}>
              <tr {...rowProps?.(row)}>
                {shown.map((c) => {
                  const props = { ...c.cellProps?.(row), className: classOf(c) };
                  return c.rowHeader ? (
                    <th key={c.key} scope="row" {...props}>
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td key={c.key} {...props}>
                      {c.cell(row)}
                    </td>
                  );
                })}
              </tr>
              {detail ? (
                <tr {...detail.rowProps}>
                  <td colSpan={shown.length}>{detail.content}</td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </tbody>
      {shown.some((c) => c.footer !== undefined) ? (
        <tfoot>
          <tr {...footerRowProps}>
            {shown.map((c) => (
              <td key={c.key} {...c.footerProps} className={classOf(c)}>
                {c.footer}
              </td>
            ))}
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}
