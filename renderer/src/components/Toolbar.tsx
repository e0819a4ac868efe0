import type { ReactNode } from 'react';
import './toolbar.css';

/**
 * The row above a list, drawn the same on every screen: the search box first, then the filters,
 * "Clear filters" while one is set, then what acts on the list (a selection's actions, a count).
 * It wraps onto a second line in a narrow window rather than scrolling sideways.
 */
export function Toolbar({
  search,
  children,
  clear,
  actions,
  label,
  className,
}: {
  /** The list's search box: what it searches in the placeholder, its accessible name in `label`. */
  search?: { value: string; onChange(value: string): void; placeholder: string; label: string };
  /** The filters (selects, toggles, date fields). */
  children?: ReactNode;
  /** Shown while a filter is set: one click sets every filter back. */
  clear?: { shown: boolean; onClear(): void };
  /** At the row's end: what acts on the list or its selection. */
  actions?: ReactNode;
  /** Names the row for assistive technology when the screen has more than one. */
  label?: string;
  className?: string;
}) {
  return (
    <div className={className ? `table-toolbar ${className}` : 'table-toolbar'} role={label ? 'group' : undefined} aria-label={label}>
      {search ? (
        <input
          className="search"
          type="search"
          placeholder={search.placeholder}
          value={search.value}
          onChange={(e) => search.onChange(e.target.value)}
          aria-label={search.label}
        />
      ) : null}
      {children}
      {clear?.shown ? (
        <button type="button" className="link-button" onClick={clear.onClear}>
          Clear filters
        </button>
      ) : null}
      {actions}
    </div>
  );
}
