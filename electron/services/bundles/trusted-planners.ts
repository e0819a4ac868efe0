import path from 'node:path';
import { getAddress } from 'viem';
import { z } from 'zod';
import { TrustedPlannerSchema, type TrustedPlannerEntry, type TrustedPlannerView } from '../../../shared/bundles/ipc';
import type { TrustedPlanner } from '../../../shared/bundles/planner-trust';
import { publicDevAccount } from '../../../shared/bundles/public-keys';
import { AppError } from '../../../shared/errors';
import { damagedRecordError } from '../storage/damaged-record';
import { JsonDocument } from '../storage/json-document';

/**
 * The planners an offline install trusts (`trusted-planners.json` in its data folder): an unsigned
 * bundle, or a registry file, is taken only when its planner signature recovers to one of them.
 * Added once, each after its address was compared on the planner's Ledger (or given on the command
 * line of a scripted desk). A public development key is never added, and one found in the file (a
 * demo run once wrote the simulation's planner there) is listed as ignored, never trusted. A file
 * that cannot be read refuses every review: it is never taken as an empty list that a repair
 * would then fill with whatever comes first.
 */

const SCHEMA_VERSION = 1;
const MAX_PLANNERS = 100;
export const TRUSTED_PLANNERS_FILE = 'trusted-planners.json';

const FileSchema = z.object({
  schemaVersion: z.literal(SCHEMA_VERSION),
  planners: z.array(TrustedPlannerSchema).max(MAX_PLANNERS),
});
type PlannersFile = z.infer<typeof FileSchema>;

/** The refusal of a public development key as a trusted planner (anyone can sign with it). */
export function publicPlannerRefusal(address: string, where: string): AppError {
  return new AppError({
    code: 'PLANNER_PUBLIC_KEY',
    message: `${address} is ${publicDevAccount(address)}: anyone can sign with that key, so it cannot vouch for a bundle or a registry. It is not trusted${where}.`,
    action:
      "Trust the planner account of your own planner's Ledger (44'/60'/0'/1/0 on its own seed). Only a demo run (--sim) trusts the simulation's planner, in memory, for that run.",
    details: { address },
  });
}

export class TrustedPlannerStore {
  private readonly doc: JsonDocument<PlannersFile>;

  constructor(dataDir: string) {
    const file = path.join(dataDir, TRUSTED_PLANNERS_FILE);
    this.doc = new JsonDocument(file, FileSchema, () => ({ schemaVersion: SCHEMA_VERSION, planners: [] }), {
      failClosed: (reason) =>
        damagedRecordError({
          file,
          reason,
          holds: 'the list of planners this install trusts',
          repair: `Restore it from a backup, or delete it and add your planners again (Settings → Trusted planners, each shown on its Ledger; headless --trust-planner ADDRESS).`,
        }),
    });
  }

  /** Every entry of the file, as Settings lists it: a public development key marked as ignored. */
  async list(): Promise<TrustedPlannerView[]> {
    return (await this.doc.read()).value.planners.map((p) => ({ ...p, publicKey: publicDevAccount(p.address) }));
  }

  /**
   * The planners a signature is checked against, as the file lists them. A public development key
   * among them is refused by the check itself (`checkPlannerTrusted`), which says the file lists it.
   */
  async trusted(): Promise<TrustedPlanner[]> {
    return (await this.list()).map((p) => ({ address: p.address, label: p.label }));
  }

  /** Adds (or relabels) a planner; its address is kept checksummed. A public development key is refused. */
  async add(entry: Omit<TrustedPlannerEntry, 'addedAt'>): Promise<TrustedPlannerView[]> {
    const address = getAddress(entry.address);
    if (publicDevAccount(address)) throw publicPlannerRefusal(address, ' by this install');
    const planners = (await this.doc.read()).value.planners.filter((p) => p.address.toLowerCase() !== address.toLowerCase());
    if (planners.length >= MAX_PLANNERS) throw new Error(`at most ${MAX_PLANNERS} trusted planners`);
    planners.push({ address, label: entry.label, checkedBy: entry.checkedBy, addedAt: new Date().toISOString() });
    await this.doc.write({ schemaVersion: SCHEMA_VERSION, planners });
    return this.list();
  }

  async remove(address: string): Promise<TrustedPlannerView[]> {
    const planners = (await this.doc.read()).value.planners.filter((p) => p.address.toLowerCase() !== address.toLowerCase());
    await this.doc.write({ schemaVersion: SCHEMA_VERSION, planners });
    return this.list();
  }
}
