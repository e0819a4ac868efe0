import { z } from 'zod';
import { DeviceScreenSchema, DeviceTransactionRequestSchema } from '../device/schemas';
import { AppErrorDataSchema } from '../errors';
import { AddressSchema as Address, HexSchema as Hex } from '../domain/hex';

/**
 * The shapes of the signing pipeline: what the operator selects, the plan built from it, the
 * review of each transaction, and the journal of a batch. Everything is JSON: amounts are decimal
 * strings of base units (or of human token units where named so), never bigint, so the same
 * objects cross the IPC bridge and are written to disk.
 */

const BaseUnits = z.string().regex(/^\d+$/, 'a whole number of base units');

export const SIGNING_ACTIONS = ['deposit', 'withdraw', 'redeem', 'claim', 'cancel', 'agreements', 'revoke'] as const;
export const SigningActionSchema = z.enum(SIGNING_ACTIONS);
export type SigningAction = z.infer<typeof SigningActionSchema>;

/** The longest batch name the form takes. */
export const BATCH_NAME_MAX = 120;

export const SelectionWalletSchema = z.object({
  address: Address,
  label: z.string(),
  /** Derivation path on the Ledger, `44'/60'/…` form. */
  path: z.string(),
  /** A watch-only wallet of the book (no Ledger path): planned as skipped, with that reason. */
  watchOnly: z.boolean().optional(),
});
export type SelectionWallet = z.infer<typeof SelectionWalletSchema>;

/** One allowance to revoke: a wallet's allowance of the vault's token to one of its contracts. */
export const RevokePickSchema = z.object({
  wallet: Address,
  token: z.enum(['underlying', 'tranche']),
  spender: z.enum(['epochVault', 'queue', 'withdrawQueue']),
});
export type RevokePick = z.infer<typeof RevokePickSchema>;

export const SelectionSchema = z.object({
  vaultId: z.string(),
  wallets: z.array(SelectionWalletSchema).min(1),
  action: SigningActionSchema,
  /**
   * deposit: underlying, in token units as typed ("250.5"). withdraw / redeem: tranche tokens in
   * token units; absent or "all" means everything each wallet can withdraw.
   */
  amount: z.string().optional(),
  /** claim / cancel: the portfolio's request ids; absent means every request that qualifies. */
  requestIds: z.array(z.string()).optional(),
  /**
   * A deposit or withdrawal planned across vaults: each vault's own amount (`amount` above is the
   * first vault's), so that a re-plan of the batch asks each vault for what the operator chose there.
   */
  vaultAmounts: z
    .array(z.object({ vaultId: z.string().max(200), amount: z.string().max(80).optional() }))
    .max(20)
    .optional(),
  /**
   * revoke: the allowances to set to 0, per wallet, token and spender (from the Allowances screen);
   * absent means every non-zero allowance of the selected wallets to the vault's contracts.
   */
  revokes: z.array(RevokePickSchema).max(5000).optional(),
  /**
   * A deposit with its own amount per wallet (from the operator's CSV): per vault and wallet, in the
   * vault's underlying token units ("1250.5"). Where given, it replaces `amount` for that vault.
   */
  walletAmounts: z
    .array(z.object({ vaultId: z.string().max(200), wallet: Address, amount: z.string().max(80) }))
    .max(5_000)
    .optional(),
  /**
   * The batch's name as the operator typed it (or the form's default), kept in the journal and
   * shown in the batch list, the report and a bundle. Absent in plans made before it existed.
   */
  name: z.string().max(BATCH_NAME_MAX).optional(),
  /** Approve exactly what the step spends when the allowance is short (default), or an unlimited allowance. */
  approval: z.enum(['exact', 'unlimited']).optional(),
  /**
   * deposit while the epoch runs: through the vault's queue (default: a request, paid in tranche
   * tokens after the epoch), or `direct` into the vault where it takes deposits during the epoch.
   */
  depositRoute: z.enum(['queue', 'direct']).optional(),
  /** Upper bound for maxFeePerGas, in gwei (decimal string); default 300. */
  maxFeeGwei: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .optional(),
});
export type Selection = z.infer<typeof SelectionSchema>;

/** The contract a step calls or approves: `queue` is the deposit queue, `withdrawQueue` the withdraw queue (often the same contract). */
export const ContractRoleSchema = z.enum(['epochVault', 'queue', 'withdrawQueue', 'underlying', 'tranche', 'strategy']);
export type ContractRole = z.infer<typeof ContractRoleSchema>;

export const StepKindSchema = z.enum([
  'approve',
  'depositAA',
  'depositDuringEpoch',
  'requestDeposit',
  'requestWithdraw',
  'redeem',
  'claimDepositRequest',
  'claimWithdrawRequest',
  'claimRedeem',
  'claimInstantRedeem',
  'deleteRequest',
  'deleteWithdrawRequest',
  'agreement',
  'none',
]);
export type StepKind = z.infer<typeof StepKindSchema>;

export const DecodedArgSchema = z.object({
  name: z.string(),
  type: z.string(),
  /** The raw value as a string (decimal for integers). */
  value: z.string(),
  /** The value as a person reads it, e.g. "250.5 USDC" or the role of an address. */
  display: z.string(),
});
export type DecodedArg = z.infer<typeof DecodedArgSchema>;

export const TransactionReviewSchema = z.object({
  kind: z.literal('transaction'),
  /** One line, e.g. "Approve 250.5 USDC to the queue". */
  title: z.string(),
  contract: z.object({ role: ContractRoleSchema, name: z.string(), address: Address }),
  functionName: z.string(),
  args: z.array(DecodedArgSchema),
  /** For approvals: who may spend, and how much. */
  spender: z.object({ role: ContractRoleSchema, address: Address }).nullable(),
  /** Where the money goes, from the pinned vault registry: the vault's name there, when it was pinned, the block its relations were last read at. */
  pinned: z.object({ vaultName: z.string(), pinnedAt: z.string(), checkedAtBlock: z.string().nullable() }).optional(),
  /** An unlimited approval, chosen explicitly: the review flags it. */
  unlimitedApproval: z.boolean().optional(),
  amount: z.object({ symbol: z.string(), decimals: z.number(), baseUnits: BaseUnits, display: z.string() }).nullable(),
  chainId: z.number(),
  nonce: z.number(),
  fees: z.object({
    gas: BaseUnits,
    maxFeePerGas: BaseUnits,
    maxPriorityFeePerGas: BaseUnits,
    /** gas × maxFeePerGas, wei, and as ETH text. */
    maxFeeWei: BaseUnits,
    maxFeeDisplay: z.string(),
    /** The gas limit is a fixed allowance because an earlier step (the approval) must land first. */
    gasEstimated: z.boolean(),
  }),
  /** Contract calls are blind-signed on the Ledger: the operator compares the hash. */
  blindSigning: z.boolean(),
  /** keccak-256 of the unsigned transaction: the hash the device shows. */
  signingHash: Hex,
  deviceScreens: z.array(DeviceScreenSchema),
});
export type TransactionReview = z.infer<typeof TransactionReviewSchema>;

export const MessageReviewSchema = z.object({
  kind: z.literal('message'),
  title: z.string(),
  signatureId: z.string(),
  code: z.string().nullable(),
  /** The decoded wallet message that is signed with personal_sign. */
  text: z.string(),
  /** Where the text comes from: the service, the vault and the agreement record (absent in older plans). */
  origin: z.string().optional(),
  deviceScreens: z.array(DeviceScreenSchema),
});
export type MessageReview = z.infer<typeof MessageReviewSchema>;

export const ReviewSchema = z.discriminatedUnion('kind', [TransactionReviewSchema, MessageReviewSchema]);
export type Review = z.infer<typeof ReviewSchema>;

/**
 * `held`: checked against the chain just before the device, the item's basis had changed (the
 * vault moved to another epoch or state, a balance or allowance fell short, a request was no longer
 * claimable): nothing reached the device, and only a new plan can carry it on.
 */
const ITEM_STATES = ['waiting', 'on-device', 'signed', 'broadcast', 'confirmed', 'failed', 'skipped', 'held'] as const;
export const ItemStateSchema = z.enum(ITEM_STATES);
export type ItemState = z.infer<typeof ItemStateSchema>;

/**
 * What the planner saw for one transaction, checked again just before the device. Bounded: a
 * handful of figures per item. Absent in plans made before it existed and in bundles' items.
 */
export const ItemBasisSchema = z.object({
  /** When the chain was read, and at which block. */
  takenAt: z.string().max(40),
  block: BaseUnits.max(80),
  /** The vault's cycle state (WAITING, RUNNING, RUNNING_PAST_END, DEFAULTED), completed epochs (strategy.epochNumber()) and pause flag. */
  vault: z.object({ state: z.string().max(32), epochNumber: z.number().int().nonnegative(), paused: z.boolean() }),
  /** The wallet's balance of the token the step spends (underlying for deposits, tranche for withdrawals), when it spends one. */
  balance: BaseUnits.max(80).nullable(),
  /** The request epoch a claim or cancel acts on. */
  requestEpoch: z.number().int().nonnegative().nullable(),
});
export type ItemBasis = z.infer<typeof ItemBasisSchema>;

const ItemEventSchema = z.object({ at: z.string(), state: ItemStateSchema, note: z.string().nullable() });

export const BatchItemSchema = z.object({
  id: z.string(),
  wallet: Address,
  label: z.string(),
  path: z.string(),
  chainId: z.number(),
  vaultId: z.string(),
  vaultName: z.string(),
  action: SigningActionSchema,
  step: StepKindSchema,
  /** An item that must be confirmed first (the approval before its action). */
  dependsOn: z.string().nullable(),
  tx: DeviceTransactionRequestSchema.nullable(),
  message: z.object({ signatureId: z.string(), text: z.string() }).nullable(),
  review: ReviewSchema.nullable(),
  state: ItemStateSchema,
  /** Why it was skipped, failed, or sent back to waiting. */
  reason: z.string().nullable(),
  error: AppErrorDataSchema.nullable(),
  /** Set once the device signed: the raw transaction is kept so a restart re-sends the same bytes. */
  signed: z.object({ serialized: Hex, hash: Hex, signingHash: Hex, at: z.string() }).nullable(),
  /** personal_sign signature, for agreements. */
  signature: Hex.nullable(),
  /** Transaction hash once broadcast. */
  hash: Hex.nullable(),
  receipt: z.object({ blockNumber: BaseUnits, status: z.enum(['success', 'reverted']), gasUsed: BaseUnits }).nullable(),
  /** The operator asked to sign this nonce again (resign): the one-signature-per-nonce guard is lifted once. */
  resignAllowed: z.boolean(),
  attempts: z.number(),
  history: z.array(ItemEventSchema),
  /** What the plan was made from, for the check just before the device (absent in older plans). */
  basis: ItemBasisSchema.optional(),
  /** The batch that carries this item on after a re-plan (it is skipped here, never signed twice). */
  replannedAs: z.string().optional(),
});
export type BatchItem = z.infer<typeof BatchItemSchema>;

export const PlanVaultSchema = z.object({
  id: z.string(),
  name: z.string(),
  chainId: z.number(),
  state: z.string(),
  epochVault: Address,
  /** The deposit queue. */
  queue: Address.nullable(),
  /** The withdraw queue; absent in plans made before it had a role of its own (the queue served both). */
  withdrawQueue: Address.nullable().optional(),
  strategy: Address,
  tranche: z.object({ symbol: z.string(), decimals: z.number(), address: Address }),
  underlying: z.object({ symbol: z.string(), decimals: z.number(), address: Address }),
});
export type PlanVault = z.infer<typeof PlanVaultSchema>;

export const PlanWalletSchema = z.object({
  address: Address,
  label: z.string(),
  ok: z.boolean(),
  /** Why the wallet is skipped (or notes when it is not). */
  reason: z.string().nullable(),
  /** Where to complete KYC when the vault does not allow the wallet. */
  kycLink: z.string().nullable(),
});
export type PlanWallet = z.infer<typeof PlanWalletSchema>;

/**
 * Where a plan or batch came from, when not from this install's own planning: an unsigned bundle
 * signed here without a network (the signatures leave in a signed bundle, nothing is sent), or a
 * signed bundle sent from here (nothing is signed here).
 */
export const BatchOriginSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('offline-signing'), bundleChecksum: z.string(), fileName: z.string().nullable() }),
  z.object({
    kind: z.literal('bundle-broadcast'),
    bundleChecksum: z.string(),
    unsignedChecksum: z.string(),
    fileName: z.string().nullable(),
  }),
]);
export type BatchOrigin = z.infer<typeof BatchOriginSchema>;

export const PlanSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  selection: SelectionSchema,
  vault: PlanVaultSchema,
  wallets: z.array(PlanWalletSchema),
  /** Items to sign, in device order, plus one `skipped` item per wallet that failed preflight. */
  items: z.array(BatchItemSchema),
  /** The device will show blind-signing screens: the operator must acknowledge this before running. */
  needsBlindSigningAck: z.boolean(),
  /** Things the operator should know before starting (fees held under the cap…). */
  warnings: z.array(z.string()),
  /** Absent for a plan made here. */
  origin: BatchOriginSchema.optional(),
  /** A plan over several vaults (claims or cancels picked across vaults): every vault, `vault` the first. */
  vaults: z.array(PlanVaultSchema).optional(),
});
export type Plan = z.infer<typeof PlanSchema>;

const BatchStatusSchema = z.enum(['ready', 'running', 'paused', 'done']);

export const JOURNAL_SCHEMA_VERSION = 1;

export const BatchSchema = z.object({
  schemaVersion: z.literal(JOURNAL_SCHEMA_VERSION),
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: BatchStatusSchema,
  /** Why the batch stopped before the end (device locked, rejected, broadcast failed…). */
  pause: AppErrorDataSchema.nullable(),
  blindSigningAcknowledgedAt: z.string().nullable(),
  selection: SelectionSchema,
  vault: PlanVaultSchema,
  wallets: z.array(PlanWalletSchema),
  items: z.array(BatchItemSchema),
  /** Absent for a batch planned here (and in journals written before bundles existed). */
  origin: BatchOriginSchema.optional(),
  /** A batch over several vaults: every vault, `vault` the first. */
  vaults: z.array(PlanVaultSchema).optional(),
});
export type Batch = z.infer<typeof BatchSchema>;

export const BatchCountsSchema = z.object({
  planned: z.number(),
  signed: z.number(),
  broadcast: z.number(),
  confirmed: z.number(),
  failed: z.number(),
  skipped: z.number(),
  /** Held before the device because the chain moved since the plan (nothing of them was signed). */
  held: z.number(),
});
export type BatchCounts = z.infer<typeof BatchCountsSchema>;

export const BatchSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: BatchStatusSchema,
  action: SigningActionSchema,
  vaultName: z.string(),
  /** The batch's name (its selection's), absent for batches named before names existed. */
  name: z.string().optional(),
  counts: BatchCountsSchema,
  /**
   * Set when some of its items were re-planned: how many, into which batches, and the batch's counts
   * as the operator knows it (its own items that stayed, and what became of the re-planned ones).
   */
  replanned: z.object({ items: z.number(), batchIds: z.array(z.string()), counts: BatchCountsSchema }).optional(),
  /** Set for a batch from a bundle: signed here to be saved (offline), or sent from here. */
  origin: BatchOriginSchema.optional(),
  /**
   * Set when its journal cannot be trusted (changed on disk, without a seal, sealed with a key the
   * keychain does not hold): what is listed is what the file says, and the batch does not open.
   */
  refused: AppErrorDataSchema.optional(),
});
export type BatchSummary = z.infer<typeof BatchSummarySchema>;

export const SigningEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('item'), batchId: z.string(), item: BatchItemSchema }),
  z.object({
    type: z.literal('batch'),
    batchId: z.string(),
    status: BatchStatusSchema,
    pause: AppErrorDataSchema.nullable(),
    counts: BatchCountsSchema,
  }),
]);
export type SigningEvent = z.infer<typeof SigningEventSchema>;

