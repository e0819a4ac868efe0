import path from 'node:path';
import {
  DEFAULT_OFFLINE_POLICY,
  OFFLINE_POLICY_SCHEMA_VERSION,
  OfflinePolicyFileSchema,
  OfflinePolicySchema,
  type OfflinePolicy,
  type OfflinePolicyFile,
} from '../../../shared/bundle/policy';
import { JsonDocument } from '../storage/json-document';

/** The offline install's policy file (`offline-policy.json` in its data folder); the defaults until edited. */
export class OfflinePolicyStore {
  private readonly doc: JsonDocument<OfflinePolicyFile>;

  constructor(dataDir: string) {
    this.doc = new JsonDocument(path.join(dataDir, 'offline-policy.json'), OfflinePolicyFileSchema, () => ({
      schemaVersion: OFFLINE_POLICY_SCHEMA_VERSION,
      policy: structuredClone(DEFAULT_OFFLINE_POLICY),
    }));
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
