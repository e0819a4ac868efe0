import { useState } from 'react';

/*
 * The data side of VirtualTable: rows sorted, filtered and searched as plain arrays of positions,
 * so that a TanStack row is created only for a row on screen.
 */

type SortKey = string | number | boolean | null;

/** The value a column sorts by: numbers and booleans as they are, anything else as lowercase text (TanStack's `text`). */
export function sortKey(value: unknown): SortKey {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.getTime();
  return String(value).toLowerCase();
}

/** Ascending, missing values last whatever the direction. */
export function compareKeys(a: SortKey, b: SortKey): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/**
 * The lowercase text of every searchable cell, per row (TanStack's global filter: columns whose
 * values are text or numbers). Built in idle time once the data is shown, so that the first search
 * does not pay for it; a search that comes earlier finishes it at once.
 */
export function searchIndex<T>(data: readonly T[], searchable: readonly ((row: T, index: number) => unknown)[]) {
  const texts = new Array<string>(data.length);
  let built = 0;
  const buildTo = (end: number) => {
    for (; built < end; built++) {
      const row = data[built]!;
      let text = '';
      for (const accessor of searchable) {
        const value = accessor(row, built);
        if (typeof value === 'string' || typeof value === 'number') text += `${String(value).toLowerCase()}\u0000`;
      }
      texts[built] = text;
    }
  };
  return {
    all(): string[] {
      buildTo(data.length);
      return texts;
    },
    /** Builds the index in slices of idle time; returns a cancel function. */
    buildWhenIdle(): () => void {
      if (typeof requestIdleCallback !== 'function') return () => undefined;
      let handle = 0;
      const work = (deadline: IdleDeadline) => {
        const stop = performance.now() + Math.max(4, Math.min(deadline.timeRemaining(), 12));
        while (built < data.length && performance.now() < stop) buildTo(Math.min(data.length, built + 250));
        if (built < data.length) handle = requestIdleCallback(work, { timeout: 2000 });
      };
      handle = requestIdleCallback(work, { timeout: 2000 });
      return () => cancelIdleCallback(handle);
    },
  };
}

/** The same array as the last render's while its items are the same, so that what depends on it is kept. */
export function useSameItems<U>(items: U[]): U[] {
  const [kept, setKept] = useState(items);
  const same = kept.length === items.length && kept.every((item, i) => item === items[i]);
  // Adjusting state while rendering, as React documents for values derived from the last render.
  if (!same) setKept(items);
  return same ? kept : items;
}
