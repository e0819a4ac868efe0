import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/errors';
import type { OperatorDetail, OperatorList } from '../../../shared/insights/schemas';
import { useNavigationStore } from '../navigation/navigation-store';
import { call, errorData, getBridge } from '../bridge';

interface OperatorsState {
  list: OperatorList | null;
  listLoading: boolean;
  listError: AppErrorData | null;
  /** The operator the operator page shows. */
  operatorId: string | null;
  detail: OperatorDetail | null;
  detailLoading: boolean;
  detailError: AppErrorData | null;
  loadList(force?: boolean): Promise<void>;
  open(operatorId: string): void;
  loadDetail(force?: boolean): Promise<void>;
}

export const useOperatorsStore = create<OperatorsState>((set, get) => ({
  list: null,
  listLoading: false,
  listError: null,
  operatorId: null,
  detail: null,
  detailLoading: false,
  detailError: null,
  async loadList(force) {
    set({ listLoading: true });
    try {
      set({ list: await call(getBridge().operators.list(force ? { force } : {})), listError: null });
    } catch (err) {
      set({ listError: errorData(err) });
    } finally {
      set({ listLoading: false });
    }
  },
  open(operatorId) {
    if (operatorId !== get().operatorId) set({ operatorId, detail: null, detailError: null });
    useNavigationStore.getState().go('operator');
  },
  async loadDetail(force) {
    const operatorId = get().operatorId;
    if (!operatorId) return;
    set({ detailLoading: true });
    try {
      const detail = await call(getBridge().operators.get({ operatorId, ...(force ? { force } : {}) }));
      if (get().operatorId === operatorId) set({ detail, detailError: null });
    } catch (err) {
      if (get().operatorId === operatorId) set({ detailError: errorData(err) });
    } finally {
      set({ detailLoading: false });
    }
  },
}));
