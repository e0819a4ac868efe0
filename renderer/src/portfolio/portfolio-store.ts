import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/errors';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { call, errorData, getBridge } from '../bridge';
import { loadQueue } from '../bridge/load-queue';

export const AUTO_REFRESH_MS = 30_000;

interface PortfolioState {
  /** Which batch is shown: a group id, or null for every wallet in the book. */
  groupId: string | null;
  data: Portfolio | null;
  loading: boolean;
  /** The refresh itself failed (not a source): the previous data stays, marked as not current. */
  error: AppErrorData | null;
  autoRefresh: boolean;
  /** The data shown came from a refresh the operator asked for (steps with caches of their own follow it). */
  forced: boolean;
  setGroup(groupId: string | null): void;
  setAutoRefresh(on: boolean): void;
  refresh(options?: { force?: boolean }): Promise<void>;
}

const loads = loadQueue<string | null>();

export const usePortfolioStore = create<PortfolioState>((set, get) => ({
  groupId: null,
  data: null,
  loading: false,
  error: null,
  autoRefresh: true,
  forced: false,
  setGroup(groupId) {
    if (groupId === get().groupId) return;
    set({ groupId, data: null });
    void get().refresh();
  },
  setAutoRefresh(on) {
    set({ autoRefresh: on });
  },
  refresh(options) {
    const groupId = get().groupId;
    // One refresh of a batch at a time: a timer tick during a slow refresh joins it. A batch
    // switched to meanwhile is loaded once that refresh ends (joining it would drop both answers:
    // the old batch's is not shown under the new one's name).
    const queued = loads.last();
    if (queued?.key === groupId) return queued.done;
    return loads.run(groupId, async (isLast) => {
      set({ loading: true });
      try {
        const data = await call(getBridge().portfolio.load({ groupId }));
        if (get().groupId === groupId) set({ data, error: null, forced: options?.force === true });
      } catch (err) {
        if (get().groupId === groupId) set({ error: errorData(err) });
      } finally {
        if (isLast()) set({ loading: false });
      }
    });
  },
}));
