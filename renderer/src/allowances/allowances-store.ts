import { create } from 'zustand';
import type { AllowanceRow, AllowancesView } from '../../../shared/allowances/schemas';
import type { AppErrorData } from '../../../shared/errors';
import { call, errorData, getBridge } from '../bridge';
import { loadQueue } from '../bridge/load-queue';

/** A row's key: wallet, vault, token and spender. */
export const rowKey = (r: AllowanceRow) => `${r.wallet.toLowerCase()}|${r.vaultId}|${r.token.role}|${r.spender.role}`;

interface AllowancesState {
  data: (AllowancesView & { groupId: string | null }) | null;
  loading: boolean;
  error: AppErrorData | null;
  /** Rows picked for a revoke, by rowKey. */
  picked: ReadonlySet<string>;
  /** Only the allowances that are not 0 (the default: a zero allowance needs nothing). */
  onlyNonZero: boolean;
  setOnlyNonZero(on: boolean): void;
  toggle(key: string): void;
  pickAll(keys: readonly string[], on: boolean): void;
  load(groupId: string | null): Promise<void>;
}

const loads = loadQueue<string | null>();

export const useAllowancesStore = create<AllowancesState>((set, get) => ({
  data: null,
  loading: false,
  error: null,
  picked: new Set(),
  onlyNonZero: true,
  setOnlyNonZero(on) {
    set({ onlyNonZero: on });
  },
  toggle(key) {
    const next = new Set(get().picked);
    if (!next.delete(key)) next.add(key);
    set({ picked: next });
  },
  pickAll(keys, on) {
    const next = new Set(get().picked);
    for (const k of keys) if (on) next.add(k);
    else next.delete(k);
    set({ picked: next });
  },
  load(groupId) {
    return loads.run(groupId, async (isLast) => {
      set({ loading: true, ...(get().data && get().data!.groupId !== groupId ? { data: null, picked: new Set() } : {}) });
      try {
        const view = await call(getBridge().allowances.list({ groupId }));
        // What was picked stays picked only while it is still there and not 0.
        const live = new Set(view.rows.filter((r) => r.allowance !== '0').map(rowKey));
        set({ data: { ...view, groupId }, error: null, picked: new Set([...get().picked].filter((k) => live.has(k))) });
      } catch (err) {
        set({ error: errorData(err) });
      } finally {
        if (isLast()) set({ loading: false });
      }
    });
  },
}));
