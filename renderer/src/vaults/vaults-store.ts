import { create } from 'zustand';
import type { VaultList } from '../../../shared/ipc/schemas';
import type { AppErrorData } from '../../../shared/errors';
import { call, errorData, getBridge } from '../bridge';

interface VaultsState {
  list: VaultList | null;
  loading: boolean;
  /** The last failure; the previous list stays on screen, marked as not refreshed. */
  error: AppErrorData | null;
  /** Filters of the Vaults screen: a category id and a type id, or null for all. */
  category: string | null;
  type: string | null;
  load(): Promise<void>;
  setFilter(filter: { category?: string | null; type?: string | null }): void;
}

export const useVaultsStore = create<VaultsState>((set) => ({
  list: null,
  loading: false,
  error: null,
  category: null,
  type: null,
  async load() {
    set({ loading: true });
    try {
      set({ list: await call(getBridge().vaults.list({})), error: null, loading: false });
    } catch (err) {
      set({ error: errorData(err), loading: false });
    }
  },
  setFilter(filter) {
    set(filter);
  },
}));
