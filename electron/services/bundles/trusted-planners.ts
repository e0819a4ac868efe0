import path from 'node:path';
import { getAddress } from 'viem';
import { z } from 'zod';
import { TrustedPlannerSchema, type TrustedPlannerEntry } from '../../../shared/bundle/ipc';
import { JsonDocument } from '../storage/json-document';

/**
 * The planners an offline install trusts (`trusted-planners.json` in its data folder): an unsigned
 * bundle is reviewed only when its planner signature recovers to one of them. Added once, each after
 * its address was compared on the planner's Ledger (or given on the command line of a scripted desk).
 */

const SCHEMA_VERSION = 1;
const MAX_PLANNERS = 100;

const FileSchema = z.object({
  schemaVersion: z.literal(SCHEMA_VERSION),
  planners: z.array(TrustedPlannerSchema).max(MAX_PLANNERS),
});
type PlannersFile = z.infer<typeof FileSchema>;

export class TrustedPlannerStore {
  private readonly doc: JsonDocument<PlannersFile>;

  constructor(dataDir: string) {
    this.doc = new JsonDocument(path.join(dataDir, 'trusted-planners.json'), FileSchema, () => ({
      schemaVersion: SCHEMA_VERSION,
      planners: [],
    }));
  }

  async list(): Promise<TrustedPlannerEntry[]> {
    return (await this.doc.read()).value.planners;
  }

  /** Adds (or relabels) a planner; its address is kept checksummed. */
  async add(entry: Omit<TrustedPlannerEntry, 'addedAt'>): Promise<TrustedPlannerEntry[]> {
    const address = getAddress(entry.address);
    const planners = (await this.list()).filter((p) => p.address.toLowerCase() !== address.toLowerCase());
    if (planners.length >= MAX_PLANNERS) throw new Error(`at most ${MAX_PLANNERS} trusted planners`);
    planners.push({ address, label: entry.label, checkedBy: entry.checkedBy, addedAt: new Date().toISOString() });
    await this.doc.write({ schemaVersion: SCHEMA_VERSION, planners });
    return planners;
  }

  async remove(address: string): Promise<TrustedPlannerEntry[]> {
    const planners = (await this.list()).filter((p) => p.address.toLowerCase() !== address.toLowerCase());
    await this.doc.write({ schemaVersion: SCHEMA_VERSION, planners });
    return planners;
  }
}
