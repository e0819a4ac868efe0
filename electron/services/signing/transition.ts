import type { AppErrorData } from '../../../shared/errors';
import type { BatchItem, ItemState } from '../../../shared/signing/schemas';

/**
 * A change of an item's state, as the delivery modules and the runner strategies answer it. They
 * only say what should happen; the runner applies it (journal first, then the event), so an item's
 * state changes in one place.
 */
export interface Transition {
  state: ItemState;
  patch?: Partial<BatchItem>;
  /** A line of the item's history; a change of state is always written, with or without one. */
  note?: string | null;
}

/** What one step of delivery did: the item's new state, and the reason to pause the batch, if any. */
export interface Outcome {
  transition: Transition | null;
  pause: AppErrorData | null;
}

export const to = (state: ItemState, patch: Partial<BatchItem> = {}, note: string | null = null): Transition => ({ state, patch, note });
