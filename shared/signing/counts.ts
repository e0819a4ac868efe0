import type { BatchCounts, BatchItem } from './schemas';

/** What a batch has done so far, item by item: the figures of the report and the runner's last line. */
export function countItems(items: readonly BatchItem[]): BatchCounts {
  const counts: BatchCounts = { planned: 0, signed: 0, broadcast: 0, confirmed: 0, failed: 0, skipped: 0, held: 0 };
  for (const item of items) {
    if (item.step !== 'none') counts.planned++;
    const signed = item.signed !== null || item.signature !== null;
    const sent = item.state === 'broadcast' || item.state === 'confirmed' || item.hash !== null || item.receipt !== null;
    if (signed || sent) counts.signed++;
    if (sent) counts.broadcast++;
    if (item.state === 'confirmed') counts.confirmed++;
    if (item.state === 'failed') counts.failed++;
    if (item.state === 'skipped') counts.skipped++;
    if (item.state === 'held') counts.held++;
  }
  return counts;
}

/** States an item does not leave without the operator (retry, resign). */
export function isSettled(item: BatchItem): boolean {
  return item.state === 'confirmed' || item.state === 'failed' || item.state === 'skipped';
}
