import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/errors';
import type { WalletBookView } from '../../../shared/ipc/schemas';
import { checkCsvSize } from '../../../shared/wallets/csv-size';
import type { CsvImportReport } from '../../../shared/wallets/schemas';
import { call, errorData, getBridge } from '../bridge';
import { downloadFile } from '../components/download';
import { usePortfolioStore } from './portfolio-store';
import { needsLook, previewImport, type ImportPreview } from './import-preview';

/** `null` means every wallet; otherwise a group id. */
type GroupFilter = string | null;

interface WalletsState {
  book: WalletBookView | null;
  group: GroupFilter;
  busy: boolean;
  error: AppErrorData | null;
  notice: string | null;
  importReport: CsvImportReport | null;
  /** A file read but not sent yet: it cannot be imported, has rows the import will skip, or would rename wallets of the book. */
  pendingImport: { fileName: string; csv: string; preview: ImportPreview } | null;
  load(): Promise<void>;
  selectGroup(group: GroupFilter): void;
  /** Runs a change, reloads the book, and reports success as a notice; returns whether it worked. */
  run(change: () => Promise<unknown>, notice?: string | ((result: unknown) => string)): Promise<boolean>;
  /** `keepLabels`: wallets already in the book keep their labels. */
  importCsv(csv: string, options?: { keepLabels?: boolean }): Promise<void>;
  /**
   * Refuses a file over the import limit before reading it; otherwise reads it and imports it, unless
   * it needs a look first (no address column, rows to skip, or labels of the book it would change): then it waits
   * in `pendingImport` for `confirmImport` or `cancelImport`.
   */
  importCsvFile(file: Pick<File, 'name' | 'size' | 'text'>): Promise<void>;
  confirmImport(options?: { keepLabels?: boolean }): Promise<void>;
  cancelImport(): void;
  exportBook(format: 'csv' | 'json'): Promise<void>;
  dismissReport(): void;
}

export const useWalletsStore = create<WalletsState>((set, get) => ({
  book: null,
  group: null,
  busy: false,
  error: null,
  notice: null,
  importReport: null,
  pendingImport: null,
  async load() {
    try {
      const book = await call(getBridge().wallets.list({}));
      // A group deleted elsewhere falls back to "all wallets".
      const group = get().group;
      set({ book, error: null, group: group && book.groups.some((g) => g.id === group) ? group : null });
    } catch (err) {
      set({ error: errorData(err) });
    }
  },
  selectGroup(group) {
    set({ group, notice: null });
  },
  async run(change, notice) {
    set({ busy: true, error: null, notice: null });
    try {
      const result = await change();
      await get().load();
      // The batch on the portfolio screens and the Signing form follow the book at once.
      void usePortfolioStore.getState().bookChanged();
      set({ notice: typeof notice === 'function' ? notice(result) : (notice ?? null) });
      return true;
    } catch (err) {
      set({ error: errorData(err) });
      return false;
    } finally {
      set({ busy: false });
    }
  },
  async importCsv(csv, options = {}) {
    set({ busy: true, error: null, notice: null, importReport: null });
    try {
      const groupId = get().group ?? undefined;
      const report = await call(getBridge().wallets.importCsv({ csv, ...(groupId ? { groupId } : {}), ...(options.keepLabels ? { keepLabels: true } : {}) }));
      set({ importReport: report });
      await get().load();
      void usePortfolioStore.getState().bookChanged();
    } catch (err) {
      set({ error: errorData(err) });
    } finally {
      set({ busy: false });
    }
  },
  async importCsvFile(file) {
    const size = checkCsvSize(file.size, file.name);
    if (!size.ok) {
      set({ importReport: null, notice: null, error: { code: 'CSV_TOO_LARGE', message: size.message, action: size.action } });
      return;
    }
    const csv = await file.text();
    const preview = previewImport(csv, get().book?.wallets ?? []);
    if (needsLook(preview)) {
      set({ pendingImport: { fileName: file.name, csv, preview }, importReport: null, error: null, notice: null });
      return;
    }
    await get().importCsv(csv);
  },
  async confirmImport(options = {}) {
    const pending = get().pendingImport;
    set({ pendingImport: null });
    if (pending) await get().importCsv(pending.csv, options);
  },
  cancelImport() {
    set({ pendingImport: null });
  },
  async exportBook(format) {
    try {
      const groupId = get().group ?? undefined;
      downloadFile(await call(getBridge().wallets.export({ format, ...(groupId ? { groupId } : {}) })));
    } catch (err) {
      set({ error: errorData(err) });
    }
  },
  dismissReport() {
    set({ importReport: null });
  },
}));
