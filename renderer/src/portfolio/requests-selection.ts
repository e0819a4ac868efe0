import { create } from 'zustand';
import type { RowSelectionState } from '@tanstack/react-table';
import type { RequestRow } from '../../../shared/portfolio/schemas';

/** The requests the operator picked for a batch action (cancel or claim); kept across refreshes by request id. */
interface RequestSelection {
  selected: RowSelectionState;
  set(next: RowSelectionState): void;
  clear(): void;
  /** Unselects these requests (the ones the filters hide, when the operator asks for it). */
  drop(ids: readonly string[]): void;
}

export const useRequestSelection = create<RequestSelection>((set) => ({
  selected: {},
  set: (next) => set({ selected: next }),
  clear: () => set({ selected: {} }),
  drop: (ids) =>
    set((s) => {
      const next = { ...s.selected };
      for (const id of ids) delete next[id];
      return { selected: next };
    }),
}));

/**
 * The selected requests split by what the screen shows now: a selection made under other filters
 * (or another search) is never acted on unseen, the screen says how many are hidden.
 */
export function splitSelection(
  selectedRows: readonly RequestRow[],
  visible: (r: RequestRow) => boolean,
): { shown: RequestRow[]; hidden: RequestRow[] } {
  const shown: RequestRow[] = [];
  const hidden: RequestRow[] = [];
  for (const r of selectedRows) (visible(r) ? shown : hidden).push(r);
  return { shown, hidden };
}

/**
 * Whether a request matches the search box, over the texts its row shows (wallet, label, vault,
 * chain, type, status, what can be done).
 */
export function matchesSearch(
  r: RequestRow,
  query: string,
  texts: { label: string; vaultName: string; chainName: string; action: string },
): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [
    r.wallet,
    texts.label,
    texts.vaultName,
    texts.chainName,
    r.type,
    r.status,
    r.status.replace('_', ' '),
    texts.action,
    r.reason ?? '',
  ]
    .join('\n')
    .toLowerCase()
    .includes(q);
}
