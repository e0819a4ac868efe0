import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/errors';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { call, errorData, getBridge } from '../bridge';
import { loadQueue } from '../bridge/load-queue';
import { useNavigationStore } from '../navigation/navigation-store';

export const AUTO_REFRESH_MS = 30_000;

interface PortfolioState {
  /** Which batch is shown: a group id, or null for every wallet in the book. */
  groupId: string | null;
  data: Portfolio | null;
  loading: boolean;
  /** The refresh itself failed (not a source): the previous data stays, marked as not current. */
  error: AppErrorData | null;
  autoRefresh: boolean;
  /**
   * The wallet book changed (a wallet removed, added, moved between groups) since the data shown
   * was read: its wallet list may be wrong until the reload under way lands. Nothing is planned
   * from it meanwhile.
   */
  outdated: boolean;
  setGroup(groupId: string | null): void;
  /** The wallet book changed: the batch shown is read again (a refresh under way read the old book). */
  bookChanged(): Promise<void>;
  setAutoRefresh(on: boolean): void;
  refresh(options?: { force?: boolean }): Promise<void>;
}

const loads = loadQueue<string>();
/** Bumped on every change of the wallet book: a load keyed with an older version read the old book. */
let bookVersion = 0;
const loadKey = (groupId: string | null) => `${groupId ?? '*'}#${bookVersion}`;

export const usePortfolioStore = create<PortfolioState>((set, get) => ({
  groupId: null,
  data: null,
  loading: false,
  error: null,
  autoRefresh: true,
  outdated: false,
  setGroup(groupId) {
    if (groupId === get().groupId) return;
    set({ groupId, data: null, outdated: false });
    void get().refresh();
  },
  bookChanged() {
    bookVersion += 1;
    if (get().data) set({ outdated: true });
    return get().refresh();
  },
  setAutoRefresh(on) {
    set({ autoRefresh: on });
  },
  refresh(options) {
    // An offline-review install reads no chain and no service: there is nothing to refresh, and
    // the figures of the mode before it are not kept on screen as if they were its own.
    if (useNavigationStore.getState().info?.mode === 'offline') {
      set({ data: null, error: null, loading: false });
      return Promise.resolve();
    }
    const groupId = get().groupId;
    // One refresh of a batch at a time: a timer tick during a slow refresh joins it. A batch
    // switched to meanwhile is loaded once that refresh ends (joining it would drop both answers:
    // the old batch's is not shown under the new one's name). So is a batch whose wallets changed
    // since the refresh under way started: that one read the old wallet list.
    const key = loadKey(groupId);
    const queued = loads.last();
    if (queued?.key === key) return queued.done;
    return loads.run(key, async (isLast) => {
      set({ loading: true });
      try {
        // Forced when the operator asked: the position records and agreements the main side pushes after this load ask the service again.
        const data = await call(getBridge().portfolio.load({ groupId, ...(options?.force ? { force: true } : {}) }));
        if (get().groupId === groupId) set({ data, error: null, outdated: key !== loadKey(groupId) });
      } catch (err) {
        if (get().groupId === groupId) set({ error: errorData(err) });
      } finally {
        if (isLast()) set({ loading: false });
      }
    });
  },
}));
