import { create } from 'zustand';
import type { AppInfo } from '../../../shared/ipc/schemas';
import type { AppErrorData } from '../../../shared/errors';
import { call, errorData, getBridge } from '../bridge';

export type Screen = 'overview' | 'positions' | 'requests' | 'transactions' | 'allowances' | 'signing' | 'bundles' | 'snapshot' | 'vaults' | 'vault' | 'campaigns' | 'campaign' | 'performance' | 'operators' | 'operator' | 'wallets' | 'settings';

interface AppState {
  info: AppInfo | null;
  screen: Screen;
  /** The vault the vault page shows. */
  vaultId: string | null;
  /** A part of the screen to bring into view once it opens (e.g. Settings → Chains). */
  section: string | null;
  /** Bumped whenever the data source changes, so screens reload. */
  sourceVersion: number;
  error: AppErrorData | null;
  /** A failure of a one-off action (e.g. opening a link), shown until dismissed. */
  notice: AppErrorData | null;
  showNotice(notice: AppErrorData | null): void;
  loadInfo(): Promise<void>;
  setInfo(info: AppInfo): void;
  go(screen: Screen, section?: string): void;
  openVault(vaultId: string): void;
}

export const useNavigationStore = create<AppState>((set) => ({
  info: null,
  screen: 'overview',
  vaultId: null,
  section: null,
  sourceVersion: 0,
  error: null,
  notice: null,
  showNotice(notice) {
    set({ notice });
  },
  async loadInfo() {
    try {
      const info = await call(getBridge().app.info({}));
      // An offline-review install reads nothing from the service or the chains: it opens on its
      // bundles, the work it is there for.
      set((s) => ({ info, error: null, screen: info.mode === 'offline' && s.info === null && s.screen === 'overview' ? 'bundles' : s.screen }));
    } catch (err) {
      set({ error: errorData(err) });
    }
  },
  setInfo(info) {
    set((s) => ({ info, sourceVersion: s.sourceVersion + 1 }));
  },
  go(screen, section) {
    set({ screen, section: section ?? null });
  },
  openVault(vaultId) {
    set({ screen: 'vault', vaultId });
  },
}));
