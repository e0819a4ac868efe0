import { z } from 'zod';
import { DeviceScreenSchema } from '../device/schemas';
import { RegistryExportSchema } from './schemas';

/**
 * The signed registry export over the bridge: what the planner's Ledger will sign before it asks,
 * the signed file, and what the offline install holds (see signed-file.ts).
 */

/** Online, before the planner's Ledger is asked: the registry hash, the domain and type, and the two hashes the device shows. */
export const RegistryExportPreviewSchema = z.object({
  /** The planner's account on its Ledger (PLANNER_PATH). */
  path: z.string(),
  fileName: z.string(),
  vaults: z.number(),
  exportedAt: z.string(),
  /** `sha256:…` of the file without its planner signature. */
  registryHash: z.string(),
  domain: z.object({ name: z.string(), version: z.string(), salt: z.string() }),
  /** `VaultRegistry(string format,uint16 version,bytes32 registryHash)`. */
  type: z.string(),
  domainHash: z.string(),
  messageHash: z.string(),
  screens: z.array(DeviceScreenSchema),
});
export type RegistryExportPreview = z.infer<typeof RegistryExportPreviewSchema>;

/** The signed registry file (export), or the one just imported: its fingerprint, hash and planner. */
export const SignedRegistryExportSchema = RegistryExportSchema.extend({
  registryHash: z.string(),
  exportedAt: z.string(),
  /** The planner account that signed it. */
  planner: z.string(),
  /** (import) The trusted planner's label on this install; null on export. */
  plannerLabel: z.string().nullable(),
});
export type SignedRegistryExport = z.infer<typeof SignedRegistryExportSchema>;

/** What the offline install's registry came from: the signed file last imported. */
export const RegistrySourceSchema = z.object({
  fileName: z.string().nullable(),
  fingerprint: z.string(),
  registryHash: z.string(),
  exportedAt: z.string(),
  planner: z.string(),
  plannerLabel: z.string().nullable(),
  importedAt: z.string(),
});
export type RegistrySource = z.infer<typeof RegistrySourceSchema>;

/** The registry an install holds: how many vaults, and (offline) the signed file it was imported from, null before one. */
export const RegistryHeldSchema = z.object({
  vaults: z.number(),
  source: RegistrySourceSchema.nullable(),
});
export type RegistryHeld = z.infer<typeof RegistryHeldSchema>;
