import { create } from 'zustand';
import type { VaultList } from '../../../shared/ipc/schemas';
import type { AppErrorData } from '../../../shared/errors';
import { call, errorData, getBridge } from '../bridge';

interface VaultsState {
  list: VaultList | null;
  loading: boolean;
  /** The last failure; the previous list stays on screen, marked as not refreshed. */
  error: AppErrorData | null;
  load(): Promise<void>;
}

export const useVaultsStore = create<VaultsState>((set) => ({
  list: null,
  loading: false,
  error: null,
  async load() {
    set({ loading: true });
    try {
      set({ list: await call(getBridge().vaults.list({})), error: null, loading: false });
    } catch (err) {
      set({ error: errorData(err), loading: false });
    }
  },
}));
