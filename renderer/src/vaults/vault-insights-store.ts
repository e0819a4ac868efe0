import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/errors';
import type { VaultPerformanceView, VaultProfile } from '../../../shared/insights/schemas';
import { call, errorData, getBridge } from '../bridge';

interface VaultInsightsState {
  vaultId: string | null;
  profile: VaultProfile | null;
  profileError: AppErrorData | null;
  performance: VaultPerformanceView | null;
  performanceError: AppErrorData | null;
  loading: boolean;
  /** Profile and performance of a vault, each on its own: one failing leaves the other on screen. */
  load(vaultId: string, force?: boolean): Promise<void>;
}

export const useVaultInsightsStore = create<VaultInsightsState>((set, get) => ({
  vaultId: null,
  profile: null,
  profileError: null,
  performance: null,
  performanceError: null,
  loading: false,
  async load(vaultId, force) {
    if (get().vaultId !== vaultId) set({ vaultId, profile: null, profileError: null, performance: null, performanceError: null });
    set({ loading: true });
    const input = { vaultId, ...(force ? { force } : {}) };
    await Promise.all([
      call(getBridge().vaults.profile(input)).then(
        (profile) => get().vaultId === vaultId && set({ profile, profileError: null }),
        (err: unknown) => get().vaultId === vaultId && set({ profileError: errorData(err) }),
      ),
      call(getBridge().performance.vault(input)).then(
        (performance) => get().vaultId === vaultId && set({ performance, performanceError: null }),
        (err: unknown) => get().vaultId === vaultId && set({ performanceError: errorData(err) }),
      ),
    ]);
    if (get().vaultId === vaultId) set({ loading: false });
  },
}));
