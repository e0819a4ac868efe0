import { create } from 'zustand';
import type { RowSelectionState } from '@tanstack/react-table';

/** The requests the operator picked for a batch action (cancel or claim); kept across refreshes by request id. */
interface RequestSelection {
  selected: RowSelectionState;
  set(next: RowSelectionState): void;
  clear(): void;
}

export const useRequestSelection = create<RequestSelection>((set) => ({
  selected: {},
  set: (next) => set({ selected: next }),
  clear: () => set({ selected: {} }),
}));
