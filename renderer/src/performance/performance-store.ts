import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/errors';
import type { PerformanceOverview } from '../../../shared/insights/schemas';
import { call, errorData, getBridge } from '../bridge';

interface PerformanceState {
  overview: PerformanceOverview | null;
  loading: boolean;
  /** The last failure; the previous figures stay, marked as not current. */
  error: AppErrorData | null;
  load(force?: boolean): Promise<void>;
}

export const usePerformanceStore = create<PerformanceState>((set) => ({
  overview: null,
  loading: false,
  error: null,
  async load(force) {
    set({ loading: true });
    try {
      set({ overview: await call(getBridge().performance.overview(force ? { force } : {})), error: null });
    } catch (err) {
      set({ error: errorData(err) });
    } finally {
      set({ loading: false });
    }
  },
}));
