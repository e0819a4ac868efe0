import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/errors';
import type { TransactionFilter } from '../../../shared/transactions/filter';
import type { TransactionsView } from '../../../shared/transactions/schemas';
import { call, errorData, getBridge } from '../bridge';
import { loadQueue } from '../bridge/load-queue';

interface TransactionsState {
  data: TransactionsView | null;
  loading: boolean;
  /** The call itself failed (offline, no service): the history shown, if any, is from before. */
  error: AppErrorData | null;
  /** Kept while the operator visits other screens. */
  filter: TransactionFilter;
  setFilter(patch: Partial<TransactionFilter>): void;
  clearFilter(): void;
  load(groupId: string | null, force?: boolean): Promise<void>;
}

const loads = loadQueue<string | null>();

/** The batch's transaction history; filters apply on this side, so changing one costs no request. */
export const useTransactionsStore = create<TransactionsState>((set, get) => ({
  data: null,
  loading: false,
  error: null,
  filter: {},
  setFilter(patch) {
    set({ filter: { ...get().filter, ...patch } });
  },
  clearFilter() {
    set({ filter: {} });
  },
  load(groupId, force) {
    return loads.run(groupId, async (isLast) => {
      set({ loading: true, ...(get().data && get().data!.groupId !== groupId ? { data: null } : {}) });
      try {
        const data = await call(getBridge().transactions.list({ groupId, ...(force ? { force: true } : {}) }));
        set({ data, error: null });
      } catch (err) {
        set({ error: errorData(err) });
      } finally {
        if (isLast()) set({ loading: false });
      }
    });
  },
}));
