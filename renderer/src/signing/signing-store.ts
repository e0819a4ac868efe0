import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/errors';
import type { Batch, BatchSummary, Plan } from '../../../shared/signing/schemas';
import { call, errorData, getBridge } from '../bridge';
import { downloadFile } from '../components/download';

type PlanRequest = Parameters<ReturnType<typeof getBridge>['signing']['plan']>[0];

/** A vault added to a deposit or withdrawal beside the first, with its own amount per wallet. */
export interface OtherVault {
  vaultId: string;
  amount: string;
}

/** What the operator is putting together on the New operation form. */
export interface OperationDraft {
  vaultId: string;
  action: 'deposit' | 'withdraw' | 'agreements';
  amount: string;
  everything: boolean;
  /** A deposit while the epoch runs goes directly into a vault that takes it, rather than its queue. */
  direct?: boolean;
  /** Further vaults of the same deposit or withdrawal (none by default: one vault). */
  more: OtherVault[];
  /** A deposit's amounts: the same for every wallet (default), or per wallet from a CSV. */
  amountsFrom?: 'same' | 'csv';
  /** The CSV of wallet, vault, amount as read (a file or pasted text), and the file's name. */
  csv?: string;
  csvFileName?: string | null;
  /** Wallets of the batch left out of the operation (lower-case addresses): every wallet takes part by default. */
  excluded?: string[];
  /** The batch's name as typed; empty takes the default the form shows. */
  name?: string;
}

interface SigningState {
  operation: OperationDraft;
  setOperation(patch: Partial<OperationDraft>): void;
  plan: Plan | null;
  planning: boolean;
  batch: Batch | null;
  batches: BatchSummary[];
  error: AppErrorData | null;
  /** Builds a plan (preflight, drafts, reviews); nothing is signed. */
  makePlan(request: PlanRequest): Promise<boolean>;
  /** Shows a plan made elsewhere (an unsigned bundle imported on an offline install) for review. */
  showPlan(plan: Plan): void;
  discardPlan(): void;
  /** Forgets the error shown (the vault was pinned: the operator plans again). */
  clearError(): void;
  /** Journals the reviewed plan and starts signing. */
  start(acknowledgeBlindSigning: boolean): Promise<void>;
  open(batchId: string): Promise<void>;
  loadBatches(): Promise<void>;
  act(kind: 'run' | 'pause' | 'retry' | 'skip' | 'resign', itemId?: string): Promise<void>;
  /** A fresh plan for the batch's held items, shown for review (the batch stays in the list below). */
  replan(): Promise<void>;
  report(): Promise<void>;
  init(): () => void;
}

export const useSigningStore = create<SigningState>((set, get) => ({
  // No amount by default: the operator types one, or chooses everything each wallet can withdraw.
  operation: { vaultId: '', action: 'deposit', amount: '', everything: false, more: [] },
  setOperation(patch) {
    // An amount typed for one action is never carried to another (a deposit's USDC is not a withdrawal's tranche tokens).
    set((s) => {
      const changed = patch.action && patch.action !== s.operation.action;
      const cleared = changed ? { amount: '', everything: false, more: s.operation.more.map((m) => ({ ...m, amount: '' })) } : {};
      return { operation: { ...s.operation, ...cleared, ...patch } };
    });
  },
  plan: null,
  planning: false,
  batch: null,
  batches: [],
  error: null,
  clearError() {
    set({ error: null });
  },
  async makePlan(request) {
    // A new plan replaces the batch on screen (it stays in the list below).
    set({ planning: true, error: null, plan: null, batch: null });
    try {
      set({ plan: await call(getBridge().signing.plan(request)) });
      return true;
    } catch (err) {
      set({ error: errorData(err) });
      return false;
    } finally {
      set({ planning: false });
    }
  },
  showPlan(plan) {
    set({ plan, batch: null, error: null });
  },
  discardPlan() {
    set({ plan: null });
  },
  async start(acknowledgeBlindSigning) {
    const plan = get().plan;
    if (!plan) return;
    try {
      const batch = await call(getBridge().signing.createBatch({ planId: plan.id, acknowledgeBlindSigning }));
      set({ batch, plan: null, error: null });
      // A name typed for this batch is its own: the next operation starts from the default again.
      if (batch.selection.name && batch.selection.name === get().operation.name) get().setOperation({ name: '' });
      await call(getBridge().signing.run({ batchId: batch.id }));
      void get().loadBatches();
    } catch (err) {
      set({ error: errorData(err) });
    }
  },
  async open(batchId) {
    try {
      set({ batch: await call(getBridge().signing.openBatch({ batchId })), error: null });
    } catch (err) {
      set({ error: errorData(err) });
    }
  },
  async loadBatches() {
    try {
      set({ batches: await call(getBridge().signing.listBatches({})) });
    } catch (err) {
      set({ error: errorData(err) });
    }
  },
  async act(kind, itemId) {
    const batch = get().batch;
    if (!batch) return;
    const bridge = getBridge().signing;
    try {
      set({ error: null });
      if (kind === 'run') await call(bridge.run({ batchId: batch.id }));
      else if (kind === 'pause') await call(bridge.pause({ batchId: batch.id }));
      else if (kind === 'retry') await call(bridge.retry({ batchId: batch.id, itemId: itemId! }));
      else set({ batch: await call(bridge[kind]({ batchId: batch.id, itemId: itemId! })) });
    } catch (err) {
      set({ error: errorData(err) });
    }
  },
  async replan() {
    const batch = get().batch;
    if (!batch) return;
    set({ planning: true, error: null });
    try {
      set({ plan: await call(getBridge().signing.replan({ batchId: batch.id })), batch: null });
    } catch (err) {
      set({ error: errorData(err) });
    } finally {
      set({ planning: false });
    }
  },
  async report() {
    const batch = get().batch;
    if (!batch) return;
    try {
      downloadFile(await call(getBridge().signing.report({ batchId: batch.id })));
    } catch (err) {
      set({ error: errorData(err) });
    }
  },
  init() {
    void get().loadBatches();
    // Items and batch states arrive as events while the device works.
    return getBridge().events.signing((event) => {
      const batch = get().batch;
      if (!batch || event.batchId !== batch.id) {
        if (event.type === 'batch') void get().loadBatches();
        return;
      }
      if (event.type === 'item') {
        set({ batch: { ...batch, items: batch.items.map((i) => (i.id === event.item.id ? event.item : i)) } });
      } else {
        set({ batch: { ...batch, status: event.status, pause: event.pause } });
        void get().loadBatches();
      }
    });
  },
}));

/** The action as a heading says it. */
export const ACTION_TITLE: Record<string, string> = {
  deposit: 'Deposits',
  withdraw: 'Withdrawals',
  redeem: 'Redeems',
  claim: 'Claims',
  cancel: 'Cancels',
  agreements: 'Lender agreements',
  revoke: 'Revokes',
};
