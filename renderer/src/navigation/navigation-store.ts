import { create } from 'zustand';
import type { AppInfo } from '../../../shared/ipc/schemas';
import type { AppErrorData } from '../../../shared/errors';
import { call, errorData, getBridge } from '../bridge';

export type Screen = 'overview' | 'positions' | 'requests' | 'transactions' | 'allowances' | 'signing' | 'bundles' | 'snapshot' | 'vaults' | 'vault' | 'campaigns' | 'campaign' | 'performance' | 'operators' | 'operator' | 'wallets' | 'settings' | 'alerts';

interface AppState {
  info: AppInfo | null;
  screen: Screen;
  /** The vault the vault page shows. */
  vaultId: string | null;
  /** The screen the vault page was opened from: its back button returns there and the menu keeps that entry lit. */
  vaultOrigin: Screen | null;
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
  vaultOrigin: null,
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
    // From one vault page to another the way back stays where the first was opened from.
    set((s) => ({ screen: 'vault', vaultId, vaultOrigin: s.screen === 'vault' ? s.vaultOrigin : s.screen }));
  },
}));

/** A screen's name as the menu and the back buttons say it. */
export const screenLabel = (screen: Screen): string => screen.charAt(0).toUpperCase() + screen.slice(1);

/** Pages opened from a list keep their list's entry lit (a vault page: the screen it was opened from). */
const PARENT_SCREEN: Partial<Record<Screen, Screen>> = { vault: 'vaults', campaign: 'campaigns', operator: 'operators', snapshot: 'bundles' };

/** The menu entry lit while `screen` shows. */
export function menuEntryOf(screen: Screen, vaultOrigin: Screen | null): Screen {
  if (screen === 'vault' && vaultOrigin && vaultOrigin !== 'vault') return menuEntryOf(vaultOrigin, null);
  return PARENT_SCREEN[screen] ?? screen;
}

/** Where the vault page's back button goes: the screen it was opened from, else the vault list. */
export const vaultBack = (vaultOrigin: Screen | null): Screen => vaultOrigin ?? 'vaults';
