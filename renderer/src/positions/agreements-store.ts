import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/errors';
import { pairKey } from '../../../shared/positions/totals';
import { call, errorData, getBridge } from '../bridge';

interface AgreementsState {
  /** By pair (`pairKey`: vault and lower-cased wallet) → signed / required. */
  byPair: Map<string, { signed: number; required: number }>;
  loading: boolean;
  error: AppErrorData | null;
  load(groupId: string | null, force?: boolean): Promise<void>;
}

/** Lender agreements per wallet × vault, loaded apart from the portfolio (one service check per pair, cached on the main side). */
export const useAgreementsStore = create<AgreementsState>((set) => ({
  byPair: new Map(),
  loading: false,
  error: null,
  async load(groupId, force) {
    set({ loading: true });
    try {
      const { rows } = await call(getBridge().portfolio.agreements({ groupId, ...(force ? { force: true } : {}) }));
      set({ byPair: new Map(rows.map((r) => [pairKey(r.vaultId, r.wallet), { signed: r.signed.length, required: r.required.length }])), error: null });
    } catch (err) {
      set({ error: errorData(err) });
    } finally {
      set({ loading: false });
    }
  },
}));
