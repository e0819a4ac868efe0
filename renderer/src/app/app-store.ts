import { create } from 'zustand';
import type { AppInfo } from '../../../shared/ipc/schemas';
import type { AppErrorData } from '../../../shared/errors';
import { call, errorData, getBridge } from '../bridge';

export type Screen = 'vaults' | 'wallets' | 'settings';

interface AppState {
  info: AppInfo | null;
  screen: Screen;
  /** Bumped whenever the data source changes, so screens reload. */
  sourceVersion: number;
  error: AppErrorData | null;
  loadInfo(): Promise<void>;
  setInfo(info: AppInfo): void;
  go(screen: Screen): void;
}

export const useAppStore = create<AppState>((set) => ({
  info: null,
  screen: 'vaults',
  sourceVersion: 0,
  error: null,
  async loadInfo() {
    try {
      set({ info: await call(getBridge().app.info({})), error: null });
    } catch (err) {
      set({ error: errorData(err) });
    }
  },
  setInfo(info) {
    set((s) => ({ info, sourceVersion: s.sourceVersion + 1 }));
  },
  go(screen) {
    set({ screen });
  },
}));
