import { countItems } from './counts';
import type { BatchCounts, BatchItem, BatchSummary } from './schemas';

/** A batch as listed: its summary and its items (for the ones a re-plan carried on). */
export interface ListedBatch {
  summary: BatchSummary;
  items: readonly BatchItem[];
}

/** What became of a wallet's step in a vault, followed through re-plans. */
type Outcome = 'confirmed' | 'failed' | 'held' | 'skipped' | 'open';

const keyOf = (i: Pick<BatchItem, 'wallet' | 'vaultId'>) => `${i.wallet.toLowerCase()} ${i.vaultId}`;

/**
 * The batch list's counts of a batch as the operator knows it. A re-plan closes the held items
 * (skipped here, "carried on by batch …") and plans them again in a new batch, where they may
 * take other steps (an approval more or less); read alone, the first batch says "1/20 confirmed"
 * once the other 19 are confirmed there. Here each carried item counts as what became of its
 * wallet in its vault in the batch that carries it (and in that one's own re-plans): confirmed
 * once all of those steps are, failed or held if one is. The batch keeps its own number of items.
 * A re-plan whose journal is not listed leaves its items open. Pure.
 */
export function withReplans(batches: readonly ListedBatch[]): BatchSummary[] {
  const byId = new Map(batches.map((b) => [b.summary.id, b]));
  const outcome = (batchId: string, key: string, seen: ReadonlySet<string>): Outcome => {
    const batch = byId.get(batchId);
    if (!batch || seen.has(batchId)) return 'open';
    const states = batch.items
      .filter((i) => i.step !== 'none' && keyOf(i) === key)
      .map((i): Outcome => (i.replannedAs ? outcome(i.replannedAs, key, new Set([...seen, batchId])) : ownOutcome(i)));
    if (states.length === 0) return 'open';
    if (states.includes('failed')) return 'failed';
    if (states.includes('held')) return 'held';
    if (states.every((s) => s === 'skipped')) return 'skipped';
    return states.every((s) => s === 'confirmed' || s === 'skipped') ? 'confirmed' : 'open';
  };
  return batches.map(({ summary, items }) => {
    const carried = items.filter((i) => i.replannedAs && i.step !== 'none');
    if (carried.length === 0) return summary;
    const counts: BatchCounts = countItems(items.filter((i) => !i.replannedAs));
    for (const item of carried) {
      counts.planned++;
      const became = outcome(item.replannedAs!, keyOf(item), new Set([summary.id]));
      if (became === 'confirmed') {
        counts.signed++;
        counts.broadcast++;
        counts.confirmed++;
      } else if (became !== 'open') counts[became]++;
    }
    const batchIds = [...new Set(carried.map((i) => i.replannedAs!))];
    return { ...summary, replanned: { items: carried.length, batchIds, counts } };
  });
}

function ownOutcome(item: BatchItem): Outcome {
  return item.state === 'confirmed' || item.state === 'failed' || item.state === 'held' || item.state === 'skipped' ? item.state : 'open';
}

