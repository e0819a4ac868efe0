import { useEffect } from 'react';
import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/errors';
import type { PositionRecordRow, PositionRecords } from '../../../shared/positions/schemas';
import { call, errorData, getBridge } from '../bridge';
import { loadQueue } from '../bridge/load-queue';
import { usePortfolioStore } from '../batch';
import { pairKey, recordsByPair } from '../../../shared/positions/totals';
import { withRowsSentAhead } from '../../../shared/positions/rows-sent-ahead';

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

type RecordsView = Pick<PositionRecordsState, 'data' | 'progress'>;
const ofGroup = (s: RecordsView, groupId: string | null) => ({
  records: s.data && s.data.groupId === groupId ? s.data : null,
  progress: s.progress && s.progress.groupId === groupId ? s.progress : null,
});

let lastIndex: {
  records: PositionRecords | null;
  arrived: RecordsProgress['arrived'] | undefined;
  byPair: Map<string, PositionRecordRow>;
} | null = null;

/**
 * The record of each wallet × vault pair of the batch: the last answer's, with the rows of the
 * vaults already in while a load is under way. The same map as long as neither changes (a load
 * starting, its count moving on), so that a table's cells reading it through a selector render
 * again only when a record does.
 */
export function recordIndexOf(s: RecordsView, groupId: string | null): Map<string, PositionRecordRow> {
  const { records, progress } = ofGroup(s, groupId);
  // No vault in yet (a load just started, or ended) reads as none at all: the index stays the same.
  const arrived = progress && Object.keys(progress.arrived).length > 0 ? progress.arrived : undefined;
  if (lastIndex && lastIndex.records === records && lastIndex.arrived === arrived) return lastIndex.byPair;
  const byPair = recordsByPair(records);
  for (const rows of Object.values(arrived ?? {})) for (const r of rows) byPair.set(pairKey(r.vaultId, r.wallet), r);
  lastIndex = { records, arrived, byPair };
  return byPair;
}

/**
 * Whether a vault's cell can show its record (or that it has none): its rows are in, or no load is
 * under way, or the last answer had rows for it (shown until the new ones arrive). Otherwise the
 * cell says "loading…".
 */
export function recordsReadyFor(s: RecordsView, groupId: string | null, vaultId: string): boolean {
  const { records, progress } = ofGroup(s, groupId);
  if (progress && Object.hasOwn(progress.arrived, vaultId)) return true;
  if (records === null) return false;
  const loadingNow = progress !== null && (progress.vaultsTotal === null || progress.vaultsDone < progress.vaultsTotal);
  return !loadingNow || vaultsOf(records).has(vaultId);
}

const vaultsByAnswer = new WeakMap<PositionRecords, Set<string>>();
/** The vaults an answer has rows for, worked out once per answer (every cell on screen asks on every change of the store). */
function vaultsOf(records: PositionRecords): Set<string> {
  let vaults = vaultsByAnswer.get(records);
  if (!vaults) vaultsByAnswer.set(records, (vaults = new Set(records.rows.map((r) => r.vaultId))));
  return vaults;
}

/** The source line of the batch's records (shown beside the portfolio's), once an answer is in. */
export function useRecordsSource(): PositionRecords['source'] | null {
  const groupId = usePortfolioStore((s) => s.groupId);
  return usePositionRecordsStore((s) => ofGroup(s, groupId).records?.source ?? null);
}

/** The load's progress for the batch on screen (null when none was asked for). */
export function useRecordsProgress(): RecordsProgress | null {
  const groupId = usePortfolioStore((s) => s.groupId);
  return usePositionRecordsStore((s) => ofGroup(s, groupId).progress);
}

/** Asks for the records of the portfolio on screen after each refresh (forced when the operator pressed Refresh). */
export function useLoadPositionRecords(): void {
  const generatedAt = usePortfolioStore((s) => s.data?.generatedAtMs ?? null);
  const groupId = usePortfolioStore((s) => s.groupId);
  const load = usePositionRecordsStore((s) => s.load);
  useEffect(() => {
    if (generatedAt !== null) void load(groupId, generatedAt, usePortfolioStore.getState().forced);
  }, [generatedAt, groupId, load]);
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
  useLoadPositionRecords();
  const groupId = usePortfolioStore((s) => s.groupId);
  const state = usePositionRecordsStore();
  return { ...ofGroup(state, groupId), loading: state.loading, error: state.error };
}
