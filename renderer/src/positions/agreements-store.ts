import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/errors';
import type { PositionsAnswer } from '../../../shared/positions/schemas';
import { pairKey } from '../../../shared/positions/totals';

interface AgreementsState {
  /** By pair (`pairKey`: vault and lower-cased wallet) → signed / required. */
  byPair: Map<string, { signed: number; required: number }>;
  /** The checks that follow a portfolio load are under way. */
  loading: boolean;
  /** The last checks failed: what `byPair` holds, if anything, is from before. */
  error: AppErrorData | null;
  /** A new push began: its checks are under way (a batch switched to shows none of the last one's). */
  started(sameBatch: boolean): void;
  /** The push's answer: the checks, or what went wrong with them. */
  answered(answer: Pick<PositionsAnswer, 'agreements' | 'agreementsError'>): void;
}

/**
 * Lender agreements per wallet × vault, checked by the main side after each portfolio load (one
 * service check per pair, cached there) and pushed with the position records.
 */
export const useAgreementsStore = create<AgreementsState>((set) => ({
  byPair: new Map(),
  loading: false,
  error: null,
  started(sameBatch) {
    set(sameBatch ? { loading: true } : { loading: true, byPair: new Map(), error: null });
  },
  answered({ agreements, agreementsError }) {
    if (!agreements) {
      set({ loading: false, error: agreementsError });
      return;
    }
    const byPair = new Map(agreements.rows.map((r) => [pairKey(r.vaultId, r.wallet), { signed: r.signed.length, required: r.required.length }]));
    set({ byPair, loading: false, error: null });
  },
}));
