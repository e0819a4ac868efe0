import { useEffect } from 'react';
import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/errors';
import type { PositionRecordRow, PositionRecords } from '../../../shared/positions/schemas';
import { call, errorData, getBridge } from '../bridge';
import { loadQueue } from '../bridge/load-queue';
import { usePortfolioStore } from '../portfolio';

/** How far the load of the records has come, and the rows of the vaults already in. */
export interface RecordsProgress {
  groupId: string | null;
  vaultsDone: number;
  /** Null until the first vault is in (the main side decides which pairs to ask for). */
  vaultsTotal: number | null;
  /** The rows of each vault in so far, by vault id (empty once the answer holds them all). */
  arrived: Record<string, PositionRecordRow[]>;
}

interface PositionRecordsState {
  data: PositionRecords | null;
  loading: boolean;
  /** The call itself failed (offline, no service): the records shown, if any, are from before. */
  error: AppErrorData | null;
  /** Which portfolio view the records were last asked for (`groupId@generatedAtMs`). */
  loadedFor: string | null;
  /** The load under way, vault by vault; once it ends, its last count (all vaults done). */
  progress: RecordsProgress | null;
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
  progress: null,
  load(groupId, portfolioAt, force) {
    const key = `${groupId ?? '*'}@${portfolioAt}`;
    if (get().loadedFor === key) return loads.last()?.done ?? Promise.resolve();
    return loads.run(key, async (isLast) => {
      set({
        loading: true,
        loadedFor: key,
        progress: { groupId, vaultsDone: 0, vaultsTotal: null, arrived: {} },
        ...(get().data?.groupId !== groupId ? { data: null } : {}),
      });
      // Each vault's records as soon as they are in: the screens fill in while the rest load.
      // Every vault's rows are kept for the answer, which leaves out the rows the events carried.
      const sent = new Map<string, PositionRecordRow[]>();
      const off = getBridge().events.positionRecordsProgress((event) => {
        if (event.groupId === groupId && event.rows) sent.set(event.vaultId, event.rows);
        const progress = get().progress;
        if (!progress || event.groupId !== groupId || !isLast()) return;
        set({
          progress: {
            groupId,
            vaultsDone: event.vaultsDone,
            vaultsTotal: event.vaultsTotal,
            arrived: event.rows ? { ...progress.arrived, [event.vaultId]: event.rows } : progress.arrived,
          },
        });
      });
      try {
        const data = withRowsSentAhead(await call(getBridge().positions.records({ groupId, ...(force ? { force: true } : {}) })), sent);
        const vaults = new Set(data.rows.map((r) => r.vaultId)).size;
        if (usePortfolioStore.getState().groupId === groupId)
          set({ data, error: null, progress: { groupId, vaultsDone: vaults, vaultsTotal: vaults, arrived: {} } });
      } catch (err) {
        set({ error: errorData(err), progress: null });
      } finally {
        off();
        if (isLast()) set({ loading: false });
      }
    });
  },
}));

/**
 * The answer with the rows its progress events carried put back, vault by vault in the order the
 * events came (the answer leaves them out). A vault whose event did not arrive is reported as a
 * failure of the load rather than shown empty.
 */
function withRowsSentAhead(answer: PositionRecords, sent: ReadonlyMap<string, PositionRecordRow[]>): PositionRecords {
  const ahead = answer.rowsSentAhead ?? [];
  if (ahead.length === 0) return answer;
  const missing = ahead.filter((v) => !sent.has(v));
  if (missing.length > 0)
    throw new Error(`The position records of ${missing.length} vault${missing.length === 1 ? '' : 's'} did not arrive; refresh to load them again.`);
  const { rowsSentAhead: _sent, ...rest } = answer;
  return { ...rest, rows: [...ahead.flatMap((v) => sent.get(v)!), ...answer.rows] };
}

/**
 * The records for the portfolio on screen: asked for after each refresh, forced when the operator
 * pressed Refresh. Null until they are in, and never the records of another batch.
 */
export function usePositionRecords(): {
  records: PositionRecords | null;
  loading: boolean;
  error: AppErrorData | null;
  progress: RecordsProgress | null;
} {
  const generatedAt = usePortfolioStore((s) => s.data?.generatedAtMs ?? null);
  const groupId = usePortfolioStore((s) => s.groupId);
  const { data, loading, error, load, progress } = usePositionRecordsStore();
  useEffect(() => {
    if (generatedAt !== null) void load(groupId, generatedAt, usePortfolioStore.getState().forced);
  }, [generatedAt, groupId, load]);
  return {
    records: data && data.groupId === groupId ? data : null,
    loading,
    error,
    progress: progress && progress.groupId === groupId ? progress : null,
  };
}
