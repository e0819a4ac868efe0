import type { Batch, BatchSummary } from '../../../shared/signing/schemas';

/** A batch this process has read from its journal (or created), with what runs on it now. */
export interface OpenBatch {
  batch: Batch;
  running: Promise<BatchSummary> | null;
  pauseRequested: boolean;
  /** Receipt (or agreement) watchers of items already sent, by item id. */
  watchers: Map<string, Promise<void>>;
  /** Journal writes, one after the other. */
  writing: Promise<void>;
}

export const openBatch = (batch: Batch): OpenBatch => ({
  batch,
  running: null,
  pauseRequested: false,
  watchers: new Map(),
  writing: Promise.resolve(),
});
