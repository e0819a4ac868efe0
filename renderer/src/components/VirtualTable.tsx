import { useMemo, useRef, useState, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type FilterFn,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';

export interface ColumnMeta {
  /** A CSS grid track, e.g. `2fr`, `140px`, `minmax(120px, 1fr)`. */
  width?: string;
  align?: 'left' | 'right';
  /** The selection checkbox column. */
  select?: boolean;
}

export interface VirtualTableProps<T> {
  data: T[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's column values are heterogeneous by design
  columns: ColumnDef<T, any>[];
  getRowId: (row: T) => string;
  ariaLabel: string;
  /** Free-text filter over the columns' values. */
  search?: string;
  selection?: { selected: RowSelectionState; onChange: (next: RowSelectionState) => void };
  rowHeight?: number;
  /** The body grows with its rows up to this height, then scrolls. */
  maxHeight?: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  empty?: ReactNode;
  initialSorting?: SortingState;
}

const includesText: FilterFn<unknown> = (row, columnId, value: string) => {
  const cell = row.getValue(columnId);
  return cell !== null && cell !== undefined && String(cell).toLowerCase().includes(value.toLowerCase());
};

/**
 * The console's data table: TanStack Table for sorting, filtering and selection, TanStack Virtual so
 * that only the visible rows are in the DOM (tables of tens of thousands of rows stay fluid).
 */
export function VirtualTable<T>(props: VirtualTableProps<T>) {
  const { data, columns, getRowId, ariaLabel, search = '', selection, rowHeight = 44, maxHeight = '60vh', minWidth = 0, empty, initialSorting = [] } = props;
  const [sorting, setSorting] = useState<SortingState>(initialSorting);

  const allColumns = useMemo(() => {
    if (!selection) return columns;
    const select: ColumnDef<T> = {
      id: '__select',
      meta: { width: '44px', select: true } satisfies ColumnMeta,
      enableSorting: false,
      header: ({ table }) => (
        <input
          type="checkbox"
          aria-label="Select all rows shown"
          checked={table.getIsAllRowsSelected()}
          ref={(el) => {
            if (el) el.indeterminate = table.getIsSomeRowsSelected();
          }}
          onChange={table.getToggleAllRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => (
        <input type="checkbox" aria-label={`Select row ${row.id}`} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />
      ),
    };
    return [select, ...columns];
  }, [columns, selection]);

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns fresh functions by design
  const table = useReactTable({
    data,
    columns: allColumns,
    getRowId,
    state: { sorting, globalFilter: search, ...(selection ? { rowSelection: selection.selected } : {}) },
    onSortingChange: setSorting,
    enableRowSelection: Boolean(selection),
    onRowSelectionChange: (updater) => {
      if (!selection) return;
      selection.onChange(typeof updater === 'function' ? updater(selection.selected) : updater);
    },
    globalFilterFn: includesText as FilterFn<T>,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
  });

  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const template = table
    .getVisibleLeafColumns()
    .map((c) => (c.columnDef.meta as ColumnMeta | undefined)?.width ?? '1fr')
    .join(' ');

  return (
    <div className="vt" role="table" aria-label={ariaLabel} aria-rowcount={rows.length + 1}>
      <div className="vt-head" role="rowgroup" style={{ minWidth }}>
        {table.getHeaderGroups().map((group) => (
          <div key={group.id} className="vt-row vt-header-row" role="row" style={{ gridTemplateColumns: template }}>
            {group.headers.map((header) => {
              const meta = header.column.columnDef.meta as ColumnMeta | undefined;
              const sorted = header.column.getIsSorted();
              const canSort = header.column.getCanSort();
              return (
                <div
                  key={header.id}
                  role="columnheader"
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  className={`vt-cell vt-th${meta?.align === 'right' ? ' num' : ''}${meta?.select ? ' vt-select' : ''}${canSort ? ' sortable' : ''}`}
                  onClick={canSort ? header.column.getToggleSortingHandler() : undefined}
                >
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                  {sorted ? <span className="sort-mark">{sorted === 'asc' ? ' ▲' : ' ▼'}</span> : null}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <div ref={scrollRef} className="vt-body" role="rowgroup" style={{ maxHeight, minWidth }}>
        {rows.length === 0 ? <div className="vt-empty">{empty ?? 'Nothing to show.'}</div> : null}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            return (
              <div
                key={row.id}
                role="row"
                data-row-id={row.id}
                aria-rowindex={item.index + 2}
                aria-selected={selection ? row.getIsSelected() : undefined}
                className={`vt-row${row.getIsSelected() ? ' selected' : ''}`}
                style={{ gridTemplateColumns: template, height: rowHeight, transform: `translateY(${item.start}px)` }}
              >
                {row.getVisibleCells().map((cell) => {
                  const meta = cell.column.columnDef.meta as ColumnMeta | undefined;
                  return (
                    <div key={cell.id} role="cell" className={`vt-cell${meta?.align === 'right' ? ' num' : ''}${meta?.select ? ' vt-select' : ''}`}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
