import path from 'node:path';
import { z } from 'zod';
import { JsonDocument } from '../storage/json-document';

/** Settings on disk. Never holds a secret: the API key lives only in the OS keychain. */
export const SettingsSchema = z.object({
  version: z.literal(1),
  /** The real service's base URL; null means the console runs on the embedded simulation. */
  serviceUrl: z.string().nullable(),
  /** An offline-review install never opens a network connection. */
  offline: z.boolean(),
  /** The operator's own RPC addresses per chain id, in the order they are tried (Settings → Chains). */
  rpcs: z.record(z.string().regex(/^\d+$/), z.array(z.string())).optional(),
  /**
   * Ledger's crypto-assets service, asked for certified clear-signing descriptors of the vault calls:
   * its base URL (Ledger's production service when absent) and which of its signatures the Ledger
   * checks (`prod`, the default; `test` for a test device).
   */
  ledgerService: z.object({ url: z.string().url().optional(), signatures: z.enum(['prod', 'test']).optional() }).optional(),
});
export type Settings = z.infer<typeof SettingsSchema>;

const defaultSettings = (): Settings => ({ version: 1, serviceUrl: null, offline: false });

export function settingsDocument(dataDir: string): JsonDocument<Settings> {
  return new JsonDocument(path.join(dataDir, 'settings.json'), SettingsSchema, defaultSettings);
}
