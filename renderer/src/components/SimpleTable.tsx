import { Fragment, type HTMLAttributes, type ReactNode, type TdHTMLAttributes } from 'react';

/** `data-*` attributes, which end-to-end tests and styles find rows and cells by. */
type DataAttributes = { [name: `data-${string}`]: string | number | undefined };

/** One column of a SimpleTable: its header and how a row fills its cell. */
export interface SimpleColumn<T> {
  key: string;
  header: ReactNode;
  /** The header's accessible name when it shows no words (a column of buttons, say). */
  headerLabel?: string;
  /** Where the table's owner sorts by this column, the order it sorts in (its header then holds the button that sorts). */
  sort?: 'ascending' | 'descending' | 'none';
  cell(row: T): ReactNode;
  /** A figure: right-aligned in the header and the cells. */
  numeric?: boolean;
  /** A class on the header and the cells (a narrow column of checkboxes, say). */
  className?: string;
  /** The cell names its row (a `<th scope="row">`), as the first column of a list of things usually does. */
  rowHeader?: boolean;
  /** More on a cell: a title with the exact figure, a `data-*` for tests, a class of its own (added to the column's). */
  cellProps?(row: T): TdHTMLAttributes<HTMLTableCellElement> & DataAttributes;
  /** The column's cell in the totals line under the rows; no totals line when no column has one. A `colSpan` in its props covers the next columns' cells. */
  footer?: ReactNode;
  footerProps?: TdHTMLAttributes<HTMLTableCellElement> & DataAttributes;
}

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & DataAttributes;

/** What a row shows when opened: a row of its own under it, across every column. */
interface RowDetail {
  content: ReactNode;
  rowProps?: RowAttributes;
}

const classOf = (c: { numeric?: boolean; className?: string }, own?: string) =>
  [c.numeric ? 'num' : null, c.className, own].filter(Boolean).join(' ') || undefined;

/** The columns that draw a cell of the totals line: one that spans several (`colSpan`) stands for those it covers. */
function footerColumns<T>(shown: readonly SimpleColumn<T>[]): SimpleColumn<T>[] {
  const drawn: SimpleColumn<T>[] = [];
  let covered = 0;
  for (const c of shown) {
    if (covered > 0) covered -= 1;
    else {
      drawn.push(c);
      covered = (c.footerProps?.colSpan ?? 1) - 1;
    }
  }
  return drawn;
}

/**
 * A small table drawn in full (no virtual scrolling; sorted by its owner if at all): columns as data, a header cell of
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
            <th key={c.key} scope="col" className={classOf(c)} aria-label={c.headerLabel} aria-sort={c.sort}>
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
                  const own = c.cellProps?.(row);
                  const props = { ...own, className: classOf(c, own?.className) };
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
            {footerColumns(shown).map((c) => (
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
