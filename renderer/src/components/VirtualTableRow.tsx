import { memo, type MouseEvent, type ReactElement } from 'react';
import { flexRender, type Row } from '@tanstack/react-table';

/** What a column of VirtualTable says of itself beside TanStack's definition (`columnDef.meta`). */
export interface ColumnMeta {
  /** A CSS grid track, e.g. `2fr`, `140px`, `minmax(120px, 1fr)`. */
  width?: string;
  align?: 'left' | 'right';
  /** The selection checkbox column. */
  select?: boolean;
  /**
   * Its text may take two short lines in a compact row (an action's wording, a reason), so that a
   * narrow window gives its room to the columns that must be read whole, such as a wallet's label.
   */
  wrap?: boolean;
}

/** A compact row: one line of text. */
export const COMPACT_ROW = 32;

/**
 * A cell cut by its column's width shows its whole text on hover: the title is set when the
 * pointer reaches it (measuring every cell on every render would cost the scrolling its speed).
 */
export function titleWhenCut(event: MouseEvent<HTMLElement>): void {
  const cell = (event.target as HTMLElement).closest<HTMLElement>('.vt-cell');
  if (!cell) return;
  // Measured again each time: a row's elements are reused for another row while scrolling.
  const cut =
    cell.scrollWidth > cell.clientWidth + 1 ||
    [...cell.querySelectorAll<HTMLElement>('*')].some((el) => el.scrollWidth > el.clientWidth + 1);
  // Lines the compact density hides count as cut: their text is read from the DOM, not from what is drawn.
  const stack = cell.querySelector<HTMLElement>('.stack');
  const hidden = stack ? [...stack.children].some((el) => (el as HTMLElement).offsetParent === null && el.textContent?.trim()) : false;
  const text = stack
    ? [...stack.children]
        .map((el) => el.textContent?.replace(/\s+/g, ' ').trim())
        .filter(Boolean)
        .join(' · ')
    : cell.innerText.replace(/\s*\n\s*/g, ' · ').trim();
  if (cut || hidden) cell.title = text;
  else cell.removeAttribute('title');
}

/** Above this many rows on screen at once, rows are keyed by id instead of reusing elements. */
export const RECYCLE_SLOTS = 256;
/**
 * A table flung faster than anyone reads (a screenful of new rows a frame, two frames running:
 * a fast wheel, a scrollbar drag) draws the rows coming into view as one line of text each, and
 * draws them whole as soon as it slows down or stops. A whole row costs some 30 elements to build,
 * style, lay out and paint; a screenful of them every frame is what made such a scroll stutter.
 * While scrolling, and until every row is whole again, at most `wholePerFrame` rows are made whole
 * per frame (those on screen first), so that neither a jump (Page Down, a click on the scrollbar)
 * nor the end of a fling draws a screenful at once; the others follow over the next frames.
 */
export const LIGHT_ROWS = {
  /** A render is a big move when at least this share of the rows on screen are new. */
  newShare: 0.34,
  wholePerFrame: 8,
};

/**
 * Rows rendered beyond each edge of the box. Few: a fast scroll brings a screenful of new rows
 * every frame whatever the margin, and each row kept beyond it is laid out and painted for nothing.
 */
export const OVERSCAN = 3;

interface RowViewProps<T> {
  row: Row<T>;
  /** Drawn as one line of `placeholder` text instead of its cells (the table is being flung). */
  light: boolean;
  placeholder: string;
  /** Position among the rows shown. */
  index: number;
  start: number;
  height: number;
  template: string;
  selectable: boolean;
  isSelected: boolean;
  onToggle: (id: string) => void;
  /** The checkbox's accessible name. */
  selectLabel: string;
}

/**
 * One row on screen. Memoized: while scrolling, the rows that stay on screen keep their props
 * (a row's offset depends only on its position), so only the rows that come into view render.
 * Each row is laid out on its own (CSS containment: its height is fixed), so adding rows does not
 * lay out the others again.
 */
export const RowView = memo(function RowView<T>({
  row,
  light,
  placeholder,
  index,
  start,
  height,
  template,
  selectable,
  isSelected,
  onToggle,
  selectLabel,
}: RowViewProps<T>) {
  return (
    <div
      role="row"
      data-row-id={row.id}
      aria-rowindex={index + 2}
      aria-selected={selectable ? isSelected : undefined}
      className={`vt-row${isSelected ? ' selected' : ''}`}
      style={{ gridTemplateColumns: template, height, transform: `translateY(${start}px)`, contain: 'strict' }}
    >
      {light ? (
        <div role="cell" className="vt-cell vt-light cell-sub" style={{ gridColumn: '1 / -1' }}>
          {placeholder}
        </div>
      ) : null}
      {light
        ? null
        : row.getVisibleCells().map((cell) => {
            const meta = cell.column.columnDef.meta as ColumnMeta | undefined;
            return (
              <div
                key={cell.column.id}
                role="cell"
                className={`vt-cell${meta?.align === 'right' ? ' num' : ''}${meta?.select ? ' vt-select' : ''}${meta?.wrap ? ' vt-wrap' : ''}`}
              >
                {meta?.select ? (
                  <input type="checkbox" aria-label={selectLabel} checked={isSelected} onChange={() => onToggle(row.id)} />
                ) : (
                  flexRender(cell.column.columnDef.cell, cell.getContext())
                )}
              </div>
            );
          })}
    </div>
  );
}) as <T>(props: RowViewProps<T>) => ReactElement;
