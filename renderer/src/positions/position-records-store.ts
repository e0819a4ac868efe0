import { useEffect } from 'react';
import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/errors';
import type { PositionRecords } from '../../../shared/positions/schemas';
import { call, errorData, getBridge } from '../bridge';
import { loadQueue } from '../bridge/load-queue';
import { usePortfolioStore } from '../portfolio';

interface PositionRecordsState {
  data: PositionRecords | null;
  loading: boolean;
  /** The call itself failed (offline, no service): the records shown, if any, are from before. */
  error: AppErrorData | null;
  /** Which portfolio view the records were last asked for (`groupId@generatedAtMs`). */
  loadedFor: string | null;
  load(groupId: string | null, portfolioAt: number, force: boolean): Promise<void>;
}

const loads = loadQueue<string>();

/**
 * The service's position records of the batch, asked for once per portfolio refresh (the main side
 * decides which pairs need a request; most come from its cache).
 */
export const usePositionRecordsStore = create<PositionRecordsState>((set, get) => ({
  data: null,
  loading: false,
  error: null,
  loadedFor: null,
  load(groupId, portfolioAt, force) {
    const key = `${groupId ?? '*'}@${portfolioAt}`;
    if (get().loadedFor === key) return loads.last()?.done ?? Promise.resolve();
    return loads.run(key, async (isLast) => {
      set({ loading: true, loadedFor: key, ...(get().data?.groupId !== groupId ? { data: null } : {}) });
      try {
        const data = await call(getBridge().positions.records({ groupId, ...(force ? { force: true } : {}) }));
        if (usePortfolioStore.getState().groupId === groupId) set({ data, error: null });
      } catch (err) {
        set({ error: errorData(err) });
      } finally {
        if (isLast()) set({ loading: false });
      }
    });
  },
}));

/**
 * The records for the portfolio on screen: asked for after each refresh, forced when the operator
 * pressed Refresh. Null until they are in, and never the records of another batch.
 */
export function usePositionRecords(): { records: PositionRecords | null; loading: boolean; error: AppErrorData | null } {
  const generatedAt = usePortfolioStore((s) => s.data?.generatedAtMs ?? null);
  const groupId = usePortfolioStore((s) => s.groupId);
  const { data, loading, error, load } = usePositionRecordsStore();
  useEffect(() => {
    if (generatedAt !== null) void load(groupId, generatedAt, usePortfolioStore.getState().forced);
  }, [generatedAt, groupId, load]);
  return { records: data && data.groupId === groupId ? data : null, loading, error };
}
