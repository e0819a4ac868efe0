import path from 'node:path';
import {
  DEFAULT_OFFLINE_POLICY,
  OFFLINE_POLICY_SCHEMA_VERSION,
  OfflinePolicyFileSchema,
  OfflinePolicySchema,
  type OfflinePolicy,
  type OfflinePolicyFile,
} from '../../../shared/bundles/policy';
import { damagedRecordError } from '../storage/damaged-record';
import { JsonDocument } from '../storage/json-document';

const OFFLINE_POLICY_FILE = 'offline-policy.json';

/**
 * The offline install's policy file (`offline-policy.json` in its data folder); the defaults until
 * edited. A file that cannot be read or is not a policy refuses every review (it is never replaced
 * by the defaults: a bundle the operator's policy refuses must not pass because the file broke);
 * saving a policy in Settings replaces it, the damaged file kept aside.
 */
export class OfflinePolicyStore {
  private readonly doc: JsonDocument<OfflinePolicyFile>;

  constructor(dataDir: string) {
    const file = path.join(dataDir, OFFLINE_POLICY_FILE);
    this.doc = new JsonDocument(
      file,
      OfflinePolicyFileSchema,
      () => ({ schemaVersion: OFFLINE_POLICY_SCHEMA_VERSION, policy: structuredClone(DEFAULT_OFFLINE_POLICY) }),
      {
        failClosed: (reason) =>
          damagedRecordError({
            file,
            reason,
            holds: "this install's offline policy",
            repair: `Restore it from a backup, or set the policy again in Settings → Offline policy (saving replaces the damaged file, which is kept aside as ${OFFLINE_POLICY_FILE}.corrupt-…). Headless: restore it, or delete it to put the default policy in force, and run again.`,
          }),
      },
    );
  }

  async read(): Promise<OfflinePolicy> {
    return (await this.doc.read()).value.policy;
  }

  async write(policy: OfflinePolicy): Promise<OfflinePolicy> {
    const checked = OfflinePolicySchema.parse(policy);
    await this.doc.write({ schemaVersion: OFFLINE_POLICY_SCHEMA_VERSION, policy: checked });
    return checked;
  }
}
