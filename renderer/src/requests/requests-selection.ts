import { create } from 'zustand';
import type { RowSelectionState } from '@tanstack/react-table';
import type { RequestRow } from '../../../shared/portfolio/schemas';

/** The requests the operator picked for a batch action (cancel or claim); kept across refreshes by request id. */
interface RequestSelection {
  selected: RowSelectionState;
  /** What each selected request allowed when it was picked (claim, cancel, or nothing). */
  picked: Record<string, PickedKind>;
  /** `rows` gives what a newly selected request allows now, to remember it. */
  set(next: RowSelectionState, rows?: readonly RequestRow[]): void;
  clear(): void;
  /** Unselects these requests (the ones the filters hide, when the operator asks for it). */
  drop(ids: readonly string[]): void;
}

export type PickedKind = 'claim' | 'cancel' | null;

export const useRequestSelection = create<RequestSelection>((set) => ({
  selected: {},
  picked: {},
  set: (next, rows) =>
    set((s) => {
      const picked: Record<string, PickedKind> = {};
      const byId = rows ? new Map(rows.map((r) => [r.id, r])) : null;
      for (const id of Object.keys(next)) {
        if (!next[id]) continue;
        picked[id] = id in s.picked ? s.picked[id]! : (byId?.get(id)?.action?.kind ?? null);
      }
      return { selected: next, picked };
    }),
  clear: () => set({ selected: {}, picked: {} }),
  drop: (ids) =>
    set((s) => {
      const next = { ...s.selected };
      const picked = { ...s.picked };
      for (const id of ids) {
        delete next[id];
        delete picked[id];
      }
      return { selected: next, picked };
    }),
}));

/**
 * Selected requests that no longer allow what they allowed when picked (a cancel whose epoch was
 * processed can now only be claimed): never acted on as something the operator did not pick.
 */
export function changedSincePicked(selectedRows: readonly RequestRow[], picked: Readonly<Record<string, PickedKind>>): RequestRow[] {
  return selectedRows.filter((r) => r.id in picked && picked[r.id] !== null && picked[r.id] !== (r.action?.kind ?? null));
}

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
