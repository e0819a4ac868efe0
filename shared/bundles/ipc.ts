import { z } from 'zod';
import { DeviceScreenSchema } from '../device/schemas';
import { AppErrorDataSchema } from '../errors';
import { BatchSchema, PlanSchema, PlanVaultSchema, SigningActionSchema } from '../signing/schemas';
import { BUNDLE_MAX_CHARS, BundleSnapshotSchema, BundleSummarySchema } from './schemas';
import { BundleSimulationSchema } from './simulation';
import { AddressSchema } from '../domain/hex';

/**
 * The bundles feature over the bridge. The renderer reads and saves files itself: bundles cross as
 * their text, with the name the file had or should get.
 */

const FileName = z.string().max(255);

export const ExportUnsignedInput = z.object({ planId: z.string().min(1).max(80) }).strict();
export const BundleTextInput = z
  .object({
    /** The file's text, exactly as read. */
    content: z.string().max(BUNDLE_MAX_CHARS + 1),
    fileName: FileName.optional(),
    /** (signed bundles) The operator chose, after the warning, to import one answering a plan not exported here. */
    acceptForeign: z.boolean().optional(),
  })
  .strict();
export const BundleBatchInput = z.object({ batchId: z.string().min(1).max(80) }).strict();

/** A bundle to save: its text, the name to save it under, and what it holds. */
export const BundleFileSchema = z.object({
  fileName: z.string(),
  mimeType: z.literal('application/json'),
  content: z.string(),
  checksum: z.string(),
  summary: BundleSummarySchema,
});
export type BundleFile = z.infer<typeof BundleFileSchema>;

/**
 * What the planner's Ledger will be asked to sign for a plan's unsigned bundle, shown before it
 * asks: the plan hash, the EIP-712 domain and type it is signed in, and the two hashes the device
 * shows (domain hash, message hash), with its screens. `bundles.exportUnsigned` then signs exactly
 * this bundle.
 */
export const PlannerPreviewSchema = z.object({
  planId: z.string(),
  /** The planner's account on its Ledger (PLANNER_PATH). */
  path: z.string(),
  /** `sha256:…` of the bundle without its planner signature and checksum. */
  planHash: z.string(),
  domain: z.object({ name: z.string(), version: z.string(), salt: z.string() }),
  /** The signed struct, e.g. `UnsignedBundle(string format,uint16 version,bytes32 planHash)`. */
  type: z.string(),
  domainHash: z.string(),
  messageHash: z.string(),
  /** The device's review, as the console predicts it. */
  screens: z.array(DeviceScreenSchema),
});
export type PlannerPreview = z.infer<typeof PlannerPreviewSchema>;

/** An unsigned bundle checked on the offline install: a plan to review, or the batch already made from it. */
export const ImportedUnsignedSchema = z.object({
  bundle: BundleSummarySchema,
  /** Review it like a plan made here; `signing.createBatch` with its id starts signing. */
  plan: PlanSchema,
  /** Set when this bundle was imported before: its batch (open it; nothing is signed twice). */
  batchId: z.string().nullable(),
  snapshot: BundleSnapshotSchema,
  /** The planner's simulation, as information (its texts made plain); null when the bundle carries none. */
  simulation: BundleSimulationSchema.nullable(),
});
export type ImportedUnsigned = z.infer<typeof ImportedUnsignedSchema>;

/** What sending one signed transaction now would meet: null when nothing stands in the way. */
export const SendCheckSchema = z.object({
  itemId: z.string(),
  wallet: z.string(),
  label: z.string(),
  nonce: z.number().nullable(),
  /** TX_NONCE_USED, TX_NONCE_GAP or TX_FEE_EXPIRED, with what to do. */
  problem: AppErrorDataSchema.nullable(),
});
export type SendCheck = z.infer<typeof SendCheckSchema>;

/** A signed bundle checked back online: the batch to send, and what the chain says about each transaction now. */
export const ImportedSignedSchema = z.object({
  bundle: BundleSummarySchema,
  /** Journaled, nothing sent yet: `signing.run` sends it. */
  batch: BatchSchema,
  /** False when this bundle had been imported before (the batch is the same one). */
  created: z.boolean(),
  checks: z.array(SendCheckSchema),
  snapshot: BundleSnapshotSchema,
});
export type ImportedSigned = z.infer<typeof ImportedSignedSchema>;

/**
 * The planner check of an unsigned bundle opened on the offline install, as `bundles.importUnsigned`
 * makes it: its signature over the bundle, then the signer against this install's trusted planners
 * (never a public development key). `refused` carries the refusal the review would give (a planner
 * not trusted, a signature that does not match, a damaged trusted-planners file): the bundle cannot
 * be reviewed and signed until it is resolved.
 */
export const PlannerCheckSchema = z.object({
  status: z.enum(['trusted', 'refused']),
  /** The planner the bundle states. */
  address: z.string(),
  /** The trusted planner's label; null when refused. */
  label: z.string().nullable(),
  refused: AppErrorDataSchema.nullable(),
});
export type PlannerCheck = z.infer<typeof PlannerCheckSchema>;

/**
 * A bundle opened to look at: what it holds, the vault it acts on (with its tokens, to show the
 * snapshot's amounts in their decimals), the state it was planned from, and what the planner's
 * simulation computed (null when it carries none; its texts made plain).
 */
export const BundleViewSchema = z.object({
  bundle: BundleSummarySchema,
  vault: PlanVaultSchema,
  snapshot: BundleSnapshotSchema,
  simulation: BundleSimulationSchema.nullable(),
  /** (a bundle across vaults) Every vault, `vault` the first, and its snapshot in the same order; absent for one vault. */
  vaults: z.array(PlanVaultSchema).optional(),
  snapshots: z.array(BundleSnapshotSchema).optional(),
  /** (offline, unsigned bundles) Who planned it, checked as the review checks it; null where no planner check is made. */
  planner: PlannerCheckSchema.nullable(),
});
export type BundleView = z.infer<typeof BundleViewSchema>;

const PlannerAddress = AddressSchema;
/** A BIP-32 path in the `44'/60'/…` form hw-app-eth takes, at most 10 levels. */
const LedgerPath = z
  .string()
  .max(120)
  .regex(/^(m\/)?\d{1,10}'?(\/\d{1,10}'?){0,9}$/, "a Ledger path such as 44'/60'/0'/0/0");

/** A planner the offline install trusts: bundles signed by this account are reviewed; any other is refused. */
export const TrustedPlannerSchema = z.object({
  address: z.string(),
  label: z.string(),
  addedAt: z.string(),
  /** How it was checked before it was added: shown on its Ledger, or given on the command line. */
  checkedBy: z.enum(['device', 'command-line', 'simulation']),
});
export type TrustedPlannerEntry = z.infer<typeof TrustedPlannerSchema>;
/**
 * A planner as Settings lists it: `publicKey` says which public development key it is (anyone can
 * sign with it), in which case the entry is ignored: it is never trusted outside a demo run.
 */
export const TrustedPlannerViewSchema = TrustedPlannerSchema.extend({ publicKey: z.string().nullable() });
export type TrustedPlannerView = z.infer<typeof TrustedPlannerViewSchema>;

export const AddPlannerInput = z
  .object({
    address: PlannerAddress,
    label: z.string().trim().min(1).max(64),
    /** Where the account is on the planner's Ledger, plugged in here: the device shows its address to compare. */
    path: LedgerPath,
  })
  .strict();
export const RemovePlannerInput = z.object({ address: PlannerAddress }).strict();


/**
 * Online: an unsigned bundle exported from this install and what became of it: awaited back,
 * returned (its signed bundle imported, a batch to send), broadcast (that batch done), or abandoned
 * by the operator. Kept in the data folder across restarts.
 */
export const ExportedBundleSchema = z.object({
  checksum: z.string(),
  fileName: z.string(),
  /** The batch's name, when the operator gave one. */
  name: z.string().nullable(),
  action: SigningActionSchema,
  vaults: z.array(z.object({ id: z.string(), name: z.string(), chainId: z.number() })),
  transactions: z.number(),
  messages: z.number(),
  exportedAt: z.string(),
  abandonedAt: z.string().nullable(),
  state: z.enum(['awaiting', 'returned', 'broadcast', 'abandoned']),
  /** The batch its signed bundle became, once returned. */
  batchId: z.string().nullable(),
  /** That batch's figures: items planned, confirmed on chain, failed. */
  sent: z.object({ planned: z.number(), confirmed: z.number(), failed: z.number() }).nullable(),
});
export type ExportedBundle = z.infer<typeof ExportedBundleSchema>;

export const ExportedBundleRefInput = z.object({ checksum: z.string().max(71).regex(/^sha256:[0-9a-f]{64}$/, 'a bundle checksum') }).strict();
