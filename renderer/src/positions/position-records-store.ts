import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/errors';
import type { PositionRecordRow, PositionRecords, PositionsPush } from '../../../shared/positions/schemas';
import { errorData, getBridge } from '../bridge';
import { useAgreementsStore } from './agreements-store';
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
  /** A push for the batch on screen is under way (from its start to its answer). */
  loading: boolean;
  /** The last load failed (offline, the service down): the records shown, if any, are from before. */
  error: AppErrorData | null;
  /** The push under way, vault by vault; once it ends, its last count (all vaults done). */
  progress: RecordsProgress | null;
  /** What the main side pushed after a portfolio load: a start, a vault's records, the answer. */
  pushed(event: PositionsPush): void;
}

/** The rows the progress events of the push under way carried, by vault: its answer leaves them out. */
let sentAhead = new Map<string, PositionRecordRow[]>();
/** Which push's agreements the agreements store holds (its portfolio view's `generatedAtMs`). */
let agreementsOf: number | null = null;

/**
 * The service's position records of the batch on screen, as the main side pushes them after each
 * portfolio load (it decides which pairs need a request; most come from its cache). Kept here until
 * the next push, so a screen opened later shows the last answer without asking; a push of another
 * batch than the one on screen is ignored.
 */
export const usePositionRecordsStore = create<PositionRecordsState>((set, get) => ({
  data: null,
  loading: false,
  error: null,
  progress: null,
  pushed(event) {
    const groupId = event.groupId;
    if (usePortfolioStore.getState().groupId !== groupId) return;
    const sameBatch = get().data?.groupId === groupId;
    if (event.kind === 'started') {
      sentAhead = new Map();
      agreementsOf = null;
      useAgreementsStore.getState().started(sameBatch);
      set({ loading: true, progress: { groupId, vaultsDone: 0, vaultsTotal: null, arrived: {} }, ...(sameBatch ? {} : { data: null, error: null }) });
      return;
    }
    if (event.kind === 'progress') {
      // Each vault's records as soon as they are in: the screens fill in while the rest load.
      if (event.rows) sentAhead.set(event.vaultId, event.rows);
      const arrived = get().progress?.arrived ?? {};
      set({
        progress: {
          groupId,
          vaultsDone: event.vaultsDone,
          vaultsTotal: event.vaultsTotal,
          arrived: event.rows ? { ...arrived, [event.vaultId]: event.rows } : arrived,
        },
      });
      return;
    }
    // The answer repeats the agreements its push already brought (for a window that came late): taken once.
    if (event.kind === 'agreements' || agreementsOf !== event.portfolioAtMs) useAgreementsStore.getState().answered(event);
    if (event.kind === 'agreements') {
      agreementsOf = event.portfolioAtMs;
      return;
    }
    const sent = sentAhead;
    sentAhead = new Map();
    if (!event.records) {
      set({ loading: false, progress: null, error: event.recordsError, ...(sameBatch ? {} : { data: null }) });
      return;
    }
    try {
      const data = withRowsSentAhead(event.records, sent);
      const vaults = new Set(data.rows.map((r) => r.vaultId)).size;
      set({ data, error: null, loading: false, progress: { groupId, vaultsDone: vaults, vaultsTotal: vaults, arrived: {} } });
    } catch (err) {
      set({ error: errorData(err), loading: false, progress: null });
    }
  },
}));

/**
 * Follows the main side's `positions` events for as long as the window is open (subscribed once
 * the bridge is up, before any screen loads the portfolio); returns the unsubscribe.
 */
export function followPositionRecords(): () => void {
  return getBridge().events.positions((event) => usePositionRecordsStore.getState().pushed(event));
}

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

/** Why the last records of the batch on screen did not arrive (what happened, what to do); null when they did. */
export function useRecordsError(): AppErrorData | null {
  return usePositionRecordsStore((s) => s.error);
}

/** The load's progress for the batch on screen (null when none was asked for). */
export function useRecordsProgress(): RecordsProgress | null {
  const groupId = usePortfolioStore((s) => s.groupId);
  return usePositionRecordsStore((s) => ofGroup(s, groupId).progress);
}

/**
 * The records for the portfolio on screen, as pushed after each refresh (forced when the operator
 * pressed Refresh). Null until they are in, and never the records of another batch.
 */
export function usePositionRecords(): {
  records: PositionRecords | null;
  loading: boolean;
  error: AppErrorData | null;
  progress: RecordsProgress | null;
} {
  const groupId = usePortfolioStore((s) => s.groupId);
  const state = usePositionRecordsStore();
  return { ...ofGroup(state, groupId), loading: state.loading, error: state.error };
}
