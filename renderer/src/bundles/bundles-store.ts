import { create } from 'zustand';
import type { BundleFile, BundleView, ExportedBundle, PlannerPreview, SendCheck } from '../../../shared/bundles/ipc';
import { BUNDLE_MAX_CHARS, type BundleSummary } from '../../../shared/bundles/schemas';
import { formatFileSize } from '../../../shared/wallets/csv-size';
import type { AppErrorData } from '../../../shared/errors';
import { call, errorData, getBridge } from '../bridge';
import { downloadFile } from '../components/download';
import { useSigningStore } from '../signing';

/** A bundle file the operator opened: its text stays here until it is imported or put away. */
interface OpenedFile {
  fileName: string;
  content: string;
  view: BundleView;
}

interface BundlesState {
  /** The file checked last (nothing imported yet). */
  opened: OpenedFile | null;
  /** A refusal or failure of the last file action, with what to do. */
  error: AppErrorData | null;
  busy: boolean;
  /** The snapshot on the snapshot screen, and where it came from. */
  snapshot: (BundleView & { from: string }) | null;
  /** The last bundle saved from here, to say where it went: of a plan (unsigned) or a batch (signed). */
  saved: { summary: BundleSummary; planId: string | null; batchId: string | null } | null;
  /** (online) The unsigned bundles exported from here and what became of each; null until read. */
  exportedList: ExportedBundle[] | null;
  loadExported(): Promise<void>;
  /** (online) The operator no longer awaits this exported bundle. */
  abandonExported(checksum: string): Promise<void>;
  /** (online) The operator awaits an abandoned bundle again, so its signed bundle can be imported. */
  resumeExported(checksum: string): Promise<void>;
  /** Per plan exported from here as an unsigned bundle: its file's name (its nonces are signed offline, never here). */
  exported: Record<string, string>;
  /** Per plan imported from an unsigned bundle: the bundle it came from, to show its snapshot. */
  planViews: Record<string, BundleView & { from: string }>;
  /** Per batch sent from a signed bundle: what the chain says about each transaction still to send. */
  checks: Record<string, SendCheck[]>;
  /** Per batch sent from a signed bundle: who planned it and who reviewed and signed it offline. */
  signers: Record<string, { planner: string; reviewer: string | null }>;
  /** Reads a chosen file and checks it without importing it. */
  openFile(file: File): Promise<void>;
  closeFile(): void;
  /** Offline: the opened unsigned bundle becomes the plan on the Signing screen (or reopens its batch). */
  importUnsigned(): Promise<boolean>;
  /** Online: the opened signed bundle becomes a batch to send on the Signing screen. */
  importSigned(options?: { acceptForeign?: boolean }): Promise<boolean>;
  /**
   * Online: what the planner's Ledger will be asked to sign for the plan's bundle (plan hash,
   * domain hash, message hash), shown before the device asks; null until the export is prepared.
   */
  plannerPreview: PlannerPreview | null;
  /** Online: drafts the plan's unsigned bundle and shows what its planner will sign. */
  prepareExport(planId: string): Promise<void>;
  /** Online: the prepared bundle, signed on the planner's Ledger, saved as an unsigned bundle. */
  exportUnsigned(planId: string): Promise<void>;
  /** Puts the prepared export away; nothing was signed. */
  cancelExport(): void;
  /** Offline: saves the signatures of a batch signed here as a signed bundle. */
  exportSigned(batchId: string): Promise<void>;
  loadChecks(batchId: string): Promise<void>;
  showSnapshotOfFile(): void;
  showSnapshotOfBatch(batchId: string): Promise<boolean>;
  showSnapshotOfPlan(planId: string): boolean;
  closeSnapshot(): void;
  clearError(): void;
}

export const useBundlesStore = create<BundlesState>((set, get) => {
  /** Runs one file action: one at a time, its failure kept with what to do. */
  const act = async <T>(work: () => Promise<T>): Promise<T | null> => {
    set({ busy: true, error: null });
    try {
      return await work();
    } catch (err) {
      set({ error: errorData(err) });
      return null;
    } finally {
      set({ busy: false });
    }
  };

  return {
    opened: null,
    error: null,
    busy: false,
    snapshot: null,
    saved: null,
    plannerPreview: null,
    planViews: {},
    exported: {},
    exportedList: null,
    async loadExported() {
      try {
        set({ exportedList: await call(getBridge().bundles.exported({})) });
      } catch (err) {
        set({ error: errorData(err) });
      }
    },
    async abandonExported(checksum) {
      const list = await act(() => call(getBridge().bundles.abandonExported({ checksum })));
      if (list) set({ exportedList: list });
    },
    async resumeExported(checksum) {
      const list = await act(() => call(getBridge().bundles.resumeExported({ checksum })));
      if (list) set({ exportedList: list });
    },
    signers: {},
    checks: {},
    async openFile(file) {
      set({ opened: null, saved: null });
      // Refused before it is read, so it never crosses the bridge (a bundle's text is ASCII: its
      // size in bytes is its length).
      if (file.size > BUNDLE_MAX_CHARS) {
        set({
          error: {
            code: 'BUNDLE_TOO_LARGE',
            message: `${file.name} is ${formatFileSize(file.size)}: a bundle is at most ${formatFileSize(BUNDLE_MAX_CHARS)}.`,
            action: 'Choose the bundle file the console saved; nothing was read from this one.',
          },
        });
        return;
      }
      await act(async () => {
        const content = await file.text();
        const view = await call(getBridge().bundles.inspect({ content, fileName: file.name }));
        set({ opened: { fileName: file.name, content, view } });
      });
    },
    closeFile() {
      set({ opened: null, error: null });
    },
    async importUnsigned() {
      const opened = get().opened;
      if (!opened) return false;
      const imported = await act(() => call(getBridge().bundles.importUnsigned({ content: opened.content, fileName: opened.fileName })));
      // Refused against this install's registry or policy: the file is put away, only the refusal stays.
      if (!imported) {
        set({ opened: null });
        return false;
      }
      set((s) => ({ opened: null, planViews: { ...s.planViews, [imported.plan.id]: { ...opened.view, from: opened.fileName } } }));
      const signing = useSigningStore.getState();
      // A bundle imported before reopens its batch: what was signed there is never signed again.
      if (imported.batchId) await signing.open(imported.batchId);
      else signing.showPlan(imported.plan);
      return true;
    },
    async importSigned(options = {}) {
      const opened = get().opened;
      if (!opened) return false;
      const imported = await act(() =>
        call(
          getBridge().bundles.importSigned({
            content: opened.content,
            fileName: opened.fileName,
            ...(options.acceptForeign ? { acceptForeign: true } : {}),
          }),
        ),
      );
      if (!imported) return false;
      set((s) => ({
        opened: null,
        checks: { ...s.checks, [imported.batch.id]: imported.checks },
        signers: { ...s.signers, [imported.batch.id]: { planner: imported.bundle.planner, reviewer: imported.bundle.reviewer } },
      }));
      await useSigningStore.getState().open(imported.batch.id);
      void useSigningStore.getState().loadBatches();
      void get().loadExported();
      return true;
    },
    async prepareExport(planId) {
      set({ plannerPreview: null, saved: null });
      const preview = await act(() => call(getBridge().bundles.prepareExport({ planId })));
      if (preview) set({ plannerPreview: preview });
    },
    async exportUnsigned(planId) {
      const file = await act(() => call(getBridge().bundles.exportUnsigned({ planId })));
      if (file) {
        set((s) => ({ plannerPreview: null, exported: { ...s.exported, [planId]: file.fileName } }));
        save(file, { planId, batchId: null });
        void get().loadExported();
      }
    },
    cancelExport() {
      set({ plannerPreview: null, error: null });
    },
    async exportSigned(batchId) {
      const file = await act(() => call(getBridge().bundles.exportSigned({ batchId })));
      if (file) save(file, { planId: null, batchId });
    },
    async loadChecks(batchId) {
      try {
        const checks = await call(getBridge().bundles.sendChecks({ batchId }));
        set((s) => ({ checks: { ...s.checks, [batchId]: checks } }));
      } catch (err) {
        set({ error: errorData(err) });
      }
    },
    showSnapshotOfFile() {
      const opened = get().opened;
      if (opened) set({ snapshot: { ...opened.view, from: opened.fileName } });
    },
    async showSnapshotOfBatch(batchId) {
      const view = await act(() => call(getBridge().bundles.snapshot({ batchId })));
      if (!view) return false;
      set({ snapshot: { ...view, from: view.bundle.fileName } });
      return true;
    },
    showSnapshotOfPlan(planId) {
      const view = get().planViews[planId];
      if (view) set({ snapshot: view });
      return Boolean(view);
    },
    closeSnapshot() {
      set({ snapshot: null });
    },
    clearError() {
      set({ error: null });
    },
  };

  function save(file: BundleFile, of: { planId: string | null; batchId: string | null }): void {
    downloadFile(file);
    set({ saved: { summary: file.summary, ...of } });
  }
});
