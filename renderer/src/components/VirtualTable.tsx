import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import {
  createRow,
  flexRender,
  getCoreRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type Row,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDisplayStore } from './display-store';
import { compareKeys, searchIndex, sortKey, useSameItems } from './virtual-table-data';
import { COMPACT_ROW, LIGHT_ROWS, OVERSCAN, RECYCLE_SLOTS, RowView, titleWhenCut, type ColumnMeta } from './VirtualTableRow';

export type { ColumnMeta } from './VirtualTableRow';

/** How a row is known across renders (its selection, its slot): by its `id` unless the rows have none. */
type RowIdentity<T> = [T] extends [{ id: string }] ? { getRowId?: (row: T) => string } : { getRowId: (row: T) => string };
const idOf = (row: unknown) => (row as { id: string }).id;

type VirtualTableProps<T> = RowIdentity<T> & {
  data: T[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's column values are heterogeneous by design
  columns: ColumnDef<T, any>[];
  ariaLabel: string;
  /** Free-text filter over the columns' values. */
  search?: string;
  /**
   * Keeps only the rows it accepts. Prefer it to passing a filtered `data`: changing it re-filters
   * the sorted rows without sorting them again.
   */
  filter?: (row: T) => boolean;
  /** `rowLabel` names a row's checkbox for a screen reader, in the operator's words (a wallet's label, never an id). */
  selection?: { selected: RowSelectionState; onChange: (next: RowSelectionState) => void; rowLabel: (row: T) => string };
  /** The row height in the comfortable density; compact rows are one line of 32 px. */
  rowHeight?: number;
  /** The body grows with its rows up to this height, then scrolls. */
  maxHeight?: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  empty?: ReactNode;
  initialSorting?: SortingState;
  /**
   * What a row shows while the table is flung faster than it can be read (see `LIGHT_ROWS`): one
   * line of text, e.g. the wallet's label. Without it such rows are drawn empty.
   */
  placeholder?: (row: T) => string;
};

/**
 * The console's data table: TanStack Table for the columns, headers, cells and the sorting and
 * selection state, TanStack Virtual so that only the visible rows are in the DOM.
 *
 * Tables of tens of thousands of rows stay fluid because the rows themselves are not TanStack row
 * models: sorting, filtering and searching work on plain arrays of row positions (a column's sort
 * keys and the search text are computed once per data), and a TanStack row is created only for a
 * row that is on screen. The behaviour is TanStack's: a header click sorts ascending first for text
 * and descending first for numbers, then the other way, then not at all; the search matches any
 * text or number column, case-insensitively.
 */
export function VirtualTable<T>(props: VirtualTableProps<T>) {
  const {
    data,
    columns,
    getRowId = idOf,
    ariaLabel,
    search = '',
    filter,
    selection,
    rowHeight: comfortableHeight = 44,
    maxHeight = '60vh',
    minWidth = 0,
    empty,
    initialSorting = [],
    placeholder,
  } = props;
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const density = useDisplayStore((s) => s.density);
  const rowHeight = density === 'compact' ? COMPACT_ROW : comfortableHeight;

  // Depends on whether rows are selectable, not on the selection: the columns (and with them the
  // sorted order and the search index) stay the same while rows are picked or filters change.
  const selectable = Boolean(selection);
  const allColumns = useMemo(() => {
    if (!selectable) return columns;
    const select: ColumnDef<T> = {
      id: '__select',
      meta: { width: '44px', select: true } satisfies ColumnMeta,
      enableSorting: false,
      header: '',
    };
    return [select, ...columns];
  }, [columns, selectable]);

  // Row models are built only when asked for, and nothing here asks: the table gives columns,
  // headers and cells.
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns fresh functions by design
  const table = useReactTable({
    data,
    columns: allColumns,
    getRowId,
    state: { sorting, ...(selection ? { rowSelection: selection.selected } : {}) },
    onSortingChange: setSorting,
    enableRowSelection: Boolean(selection),
    getCoreRowModel: getCoreRowModel(),
  });
  const leafColumns = table.getAllLeafColumns();

  // The order of every row under the current sorting, as positions in `data`. It depends on the
  // sorted column's values only: columns rebuilt for their cells (an agreement check landing, a
  // vault's records arriving) leave it as it is as long as the screen keeps that column's accessor.
  const rule = sorting[0];
  const sortAccessor = rule ? leafColumns.find((c) => c.id === rule.id)?.accessorFn : undefined;
  const sortDesc = rule?.desc ?? false;
  const order = useMemo(() => {
    const order = new Array<number>(data.length);
    for (let i = 0; i < order.length; i++) order[i] = i;
    if (!sortAccessor) return order;
    const accessor = sortAccessor;
    const keys = data.map((row, i) => sortKey(accessor(row, i)));
    const sign = sortDesc ? -1 : 1;
    if (keys.every((k) => typeof k === 'number' && !Number.isNaN(k))) {
      const numbers = Float64Array.from(keys as number[]);
      // Rows that arrive in this order already need no sort: one pass tells.
      if (numbers.every((k, i) => i === 0 || sign * (k - numbers[i - 1]!) >= 0)) return order;
      return order.sort((a, b) => sign * (numbers[a]! - numbers[b]!) || a - b);
    }
    order.sort((a, b) => {
      const ka = keys[a]!;
      const kb = keys[b]!;
      if (ka === null || kb === null) return compareKeys(ka, kb) || a - b;
      return sign * compareKeys(ka, kb) || a - b;
    });
    return order;
  }, [data, sortAccessor, sortDesc]);

  // Likewise the search index depends on the searchable columns' accessors only.
  const searchable = useSameItems(
    leafColumns.filter((c) => c.accessorFn && c.columnDef.enableGlobalFilter !== false).map((c) => c.accessorFn!),
  );
  const index = useMemo(() => searchIndex(data, searchable), [data, searchable]);
  useEffect(() => index.buildWhenIdle(), [index]);

  const query = search.trim().toLowerCase();
  const shown = useMemo(() => {
    if (!filter && !query) return order;
    const texts = query ? index.all() : null;
    return order.filter((i) => (!filter || filter(data[i]!)) && (!texts || texts[i]!.includes(query)));
  }, [order, filter, query, index, data]);

  // TanStack rows for the rows on screen only, kept while the data and columns stay the same.
  const rowCache = useMemo(() => new Map<number, Row<T>>(), [data, table, allColumns]); // eslint-disable-line react-hooks/exhaustive-deps
  const rowAt = (position: number): Row<T> => {
    let row = rowCache.get(position);
    if (!row) {
      row = createRow(table, getRowId(data[position]!), data[position]!, position, 0);
      rowCache.set(position, row);
    }
    return row;
  };

  const selected = selection?.selected;
  const selectedShown = useMemo(() => {
    if (!selected || !Object.values(selected).some(Boolean)) return 0;
    return shown.reduce((n, i) => (selected[getRowId(data[i]!)] ? n + 1 : n), 0);
  }, [selected, shown, data, getRowId]);
  const toggleRow = useCallback(
    (id: string) => {
      if (!selection) return;
      const next = { ...selection.selected };
      if (next[id]) delete next[id];
      else next[id] = true;
      selection.onChange(next);
    },
    [selection],
  );
  const toggleAllShown = () => {
    if (!selection) return;
    const next = { ...selection.selected };
    const select = selectedShown < shown.length;
    for (const i of shown) {
      const id = getRowId(data[i]!);
      if (select) next[id] = true;
      else delete next[id];
    }
    selection.onChange(next);
  };

  const toggleSort = useCallback(
    (column: Column<T, unknown>) => {
      const first = data[0];
      const firstDesc = column.columnDef.sortDescFirst ?? (first === undefined || typeof column.accessorFn?.(first, 0) !== 'string');
      setSorting((current) => {
        const now = current.find((s) => s.id === column.id);
        if (!now) return [{ id: column.id, desc: firstDesc }];
        if (now.desc === firstDesc) return [{ id: column.id, desc: !firstDesc }];
        return [];
      });
    },
    [data],
  );

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    // Until the body is measured (after the first commit), rows for a window's height: the first
    // render draws the rows at once instead of an empty body and then the rows.
    initialRect: { width: 0, height: window.innerHeight },
  });
  // A density switched while the table is shown changes every row's height: the sizes the
  // virtualizer kept are forgotten, or rows of the new height would be laid at the old pitch.
  useEffect(() => {
    virtualizer.measure();
  }, [rowHeight, virtualizer]);
  const items = virtualizer.getVirtualItems();
  // Rows on screen form one run of positions, so position modulo their count gives each a
  // different slot, and a row scrolling in takes the slot (and the elements) of the row that
  // scrolled out on the other side; rows that stay keep theirs.
  const slots = items.length;
  const recycle = slots <= RECYCLE_SLOTS;
  // Whether this render is the second big move in a row while scrolling (see LIGHT_ROWS). What the
  // last render showed is kept in a ref, updated once the render is committed.
  const firstIndex = items[0]?.index ?? 0;
  const lastShown = useRef({ first: firstIndex, bigMove: false, flinging: false, shown, light: 0 });
  const last = lastShown.current;
  const moved = firstIndex !== last.first || last.shown !== shown;
  const bigMove = moved
    ? virtualizer.isScrolling && last.shown === shown && Math.abs(firstIndex - last.first) >= Math.max(3, slots * LIGHT_ROWS.newShare)
    : last.bigMove && virtualizer.isScrolling;
  // A render between two scroll steps (rows made whole, see below) leaves a fling a fling.
  const flinging = virtualizer.isScrolling && (moved ? bigMove && last.bigMove : last.flinging);
  // Rows already drawn whole stay whole; new ones are whole within this frame's budget, on-screen
  // rows first. Outside a scroll (the first rows, a filter, a sort) every row is whole at once.
  const wholeBefore = useRef(new Set<number>());
  const whole = new Set<number>();
  const limited = virtualizer.isScrolling || last.light > 0;
  let budget = flinging ? 0 : limited ? LIGHT_ROWS.wholePerFrame : Infinity;
  const range = virtualizer.range;
  const onScreen = (i: number) => !range || (i >= range.startIndex && i <= range.endIndex);
  for (const first of [true, false])
    for (const item of items) {
      if (onScreen(item.index) !== first) continue;
      const position = shown[item.index]!;
      if (wholeBefore.current.has(position)) whole.add(position);
      else if (budget > 0) {
        budget--;
        whole.add(position);
      }
    }
  const light = items.length - whole.size;
  useLayoutEffect(() => {
    lastShown.current = { first: firstIndex, bigMove, flinging, shown, light };
    wholeBefore.current = whole;
  });
  // Rows still drawn as one line once the fling is over: more of them made whole after the next
  // frame is painted, in a task of their own (not in that frame's, which holds the scroll's).
  const [, wholeMore] = useReducer((n: number) => n + 1, 0);
  const catchUp = light > 0 && !flinging;
  useEffect(() => {
    if (!catchUp) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(wholeMore, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  });
  // Keep only the rows around the screen, so that scrolling through the table does not pile up
  // row objects.
  if (rowCache.size > 4 * items.length + 64) {
    const keep = new Set(items.map((item) => shown[item.index]));
    for (const index of [...rowCache.keys()]) if (!keep.has(index)) rowCache.delete(index);
  }
  const template = table
    .getVisibleLeafColumns()
    .map((c) => (c.columnDef.meta as ColumnMeta | undefined)?.width ?? '1fr')
    .join(' ');

  return (
    <div className="vt" role="table" aria-label={ariaLabel} aria-rowcount={shown.length + 1}>
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
                >
                  {meta?.select ? (
                    <input
                      type="checkbox"
                      aria-label="Select all rows shown"
                      checked={shown.length > 0 && selectedShown === shown.length}
                      ref={(el) => {
                        if (el) el.indeterminate = selectedShown > 0 && selectedShown < shown.length;
                      }}
                      onChange={toggleAllShown}
                    />
                  ) : header.isPlaceholder ? null : canSort ? (
                    // A button, so that sorting is reached with Tab and done with Enter or Space like a click.
                    <button type="button" className="vt-sort" onClick={() => toggleSort(header.column)}>
                      {flexRender(header.column.columnDef.header, header.getContext())}
                      {sorted ? <span className="sort-mark">{sorted === 'asc' ? ' ▲' : ' ▼'}</span> : null}
                    </button>
                  ) : (
                    flexRender(header.column.columnDef.header, header.getContext())
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {/* Focusable, so that a table taller than its box scrolls with the keyboard too. */}
      <div ref={scrollRef} className="vt-body" role="rowgroup" tabIndex={0} style={{ maxHeight, minWidth }} onMouseOver={titleWhenCut}>
        {shown.length === 0 ? <div className="vt-empty">{empty ?? 'Nothing to show.'}</div> : null}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const position = shown[item.index]!;
            const row = rowAt(position);
            const light = !whole.has(position);
            return (
              <RowView
                // Keyed by slot, not by row: a row that scrolls out hands its elements to the one
                // that scrolls in, which updates them in place instead of creating new ones.
                key={recycle ? item.index % slots : row.id}
                row={row}
                light={light}
                placeholder={light && placeholder ? placeholder(row.original) : ''}
                index={item.index}
                start={item.start}
                height={rowHeight}
                template={template}
                selectable={Boolean(selection)}
                isSelected={Boolean(selected?.[row.id])}
                onToggle={toggleRow}
                selectLabel={selection ? `Select ${selection.rowLabel(row.original)}` : ''}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
