import type { z } from 'zod';
import { LIST_ITEMS, pointsAnswer, positionAnswer } from './records';
import { SIM_RESOURCE_NAMES } from './resources';
import type { Collection, SimStore } from './store';

/**
 * Checks every stored record against what the service says it serves (`records/`). Writers of
 * the store (the dataset generator, the chain indexer) call it in their tests: records are served
 * as stored, so an invalid record would be served as it is.
 * Returns one line per invalid record (at most `limit`), empty when all is well.
 */
export function validateStore(store: SimStore, limit = 20): string[] {
  const checks: [string, Collection<{ _id: string }>, z.ZodType][] = [];
  for (const name of SIM_RESOURCE_NAMES) {
    const collection = store.servedCollection(name);
    if (collection) checks.push([name, collection, LIST_ITEMS[name].check]);
  }
  checks.push(['positions', store.positions, positionAnswer], ['campaignPoints', store.campaignPoints, pointsAnswer]);

  const problems: string[] = [];
  for (const [name, collection, check] of checks) {
    for (const record of collection.values()) {
      const result = check.safeParse(record);
      if (result.success) continue;
      const issue = result.error.issues[0];
      problems.push(`${name} ${record._id}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`);
      if (problems.length >= limit) return problems;
    }
  }
  return problems;
}
