import type { BatchSummary } from '../../../shared/signing/schemas';

/**
 * A batch's progress in the batch list, counted over the batch as the operator knows it: a batch
 * whose held items were re-planned counts them where they went ("20/20 confirmed, 19 of them
 * through a re-plan"), not as skipped.
 */
export function batchCountsText(b: Pick<BatchSummary, 'counts' | 'origin' | 'replanned'>): string {
  const c = b.replanned?.counts ?? b.counts;
  const done = b.origin?.kind === 'offline-signing' ? `${c.signed}/${c.planned} signed` : `${c.confirmed}/${c.planned} confirmed`;
  const replanned = b.replanned
    ? `, ${b.replanned.items} of them through ${b.replanned.batchIds.length === 1 ? 'a re-plan' : `${b.replanned.batchIds.length} re-plans`}`
    : '';
  return `${done}${replanned}${c.failed ? `, ${c.failed} failed` : ''}${c.held ? `, ${c.held} held (re-plan)` : ''}`;
}
