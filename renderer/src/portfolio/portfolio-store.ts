import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/errors';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { call, errorData, getBridge } from '../bridge';

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

/** The refresh running now, and the batch it loads. */
let inFlight: { groupId: string | null; done: Promise<void> } | null = null;

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
    // A batch picked while another batch's refresh runs (the first load of a slow start) is loaded
    // once that one ends: joining it would show nothing until the next timer tick.
    if (inFlight && inFlight.groupId !== groupId) return inFlight.done.then(() => get().refresh(options));
    // One refresh at a time: a timer tick during a slow refresh joins it instead of piling up.
    inFlight ??= {
      groupId,
      done: (async () => {
        set({ loading: true });
        try {
          const data = await call(getBridge().portfolio.load({ groupId }));
          if (get().groupId === groupId) set({ data, error: null, forced: options?.force === true });
        } catch (err) {
          set({ error: errorData(err) });
        } finally {
          set({ loading: false });
          inFlight = null;
        }
      })(),
    };
    return inFlight.done;
  },
}));
