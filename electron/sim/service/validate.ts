import type { z } from 'zod';
import { CampaignPointsSchema, PositionSchema, RESOURCES, type ResourceName } from '../../../shared/service';
import type { Collection, SimStore } from './store';

/**
 * Checks every stored record against the schema it is served with. Writers of the store (the
 * dataset generator, the chain indexer) call it in their tests: the service serves records as
 * stored, so an invalid record would break the client's validation of a whole page.
 * Returns one line per invalid record (at most `limit`), empty when all is well.
 */
export function validateStore(store: SimStore, limit = 20): string[] {
  const checks: [string, Collection<{ _id: string }>, z.ZodType][] = [];
  for (const name of Object.keys(RESOURCES) as ResourceName[]) {
    const collection = store.servedCollection(name);
    if (collection) checks.push([name, collection, RESOURCES[name].schema]);
  }
  checks.push(['positions', store.positions, PositionSchema], ['campaignPoints', store.campaignPoints, CampaignPointsSchema]);

  const problems: string[] = [];
  for (const [name, collection, schema] of checks) {
    for (const record of collection.values()) {
      const result = schema.safeParse(record);
      if (result.success) continue;
      const issue = result.error.issues[0];
      problems.push(`${name} ${record._id}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`);
      if (problems.length >= limit) return problems;
    }
  }
  return problems;
}
