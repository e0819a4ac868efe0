import { z } from 'zod';
import {
  BATCH_NAME_MAX,
  ContractRoleSchema,
  MessageReviewSchema,
  PlanVaultSchema,
  SigningActionSchema,
  StepKindSchema,
  TransactionReviewSchema,
} from '../signing/schemas';
import { BundleSimulationSchema } from './simulation';
import { RequestPhaseSchema } from '../portfolio/schemas';
import { AddressSchema as Address, HexSchema as Hex } from '../domain/hex';

/**
 * The offline-review bundles (see README.md beside this file). An unsigned bundle carries a plan
 * from an online install to an offline one: every transaction as drafted, the action it states,
 * its review, and the state the plan was made from. A signed bundle carries the signatures back,
 * with the unsigned bundle they were made from. Both are JSON, versioned, and sealed with a
 * checksum over their canonical encoding. Amounts are decimal strings of base units.
 */

export const UNSIGNED_BUNDLE_FORMAT = 'vaultdesk.unsigned-bundle';
export const SIGNED_BUNDLE_FORMAT = 'vaultdesk.signed-bundle';
/**
 * The one version this console writes and reads. A change to any shape below is a new version.
 * 2: the unsigned bundle carries its planner's signature, the signed bundle its reviewer's account.
 * 3: the unsigned bundle may carry the planner's simulation of its plan (`simulation`).
 * 4: the planner signs EIP-712 typed data in the Vaultdesk domain at its own path (planner.ts), no
 *    longer a personal_sign a lender agreement could obtain; 2 and 3 are refused, to export again.
 */
export const BUNDLE_VERSION = 4;
/** The most vaults one bundle acts on (the planner's limit for an operation across vaults). */
const MAX_BUNDLE_VAULTS = 20;
/** A bundle larger than this is refused before it is parsed (about 10,000 transactions with their reviews). */
export const BUNDLE_MAX_CHARS = 32 * 1024 * 1024;

const BaseUnits = z.string().regex(/^\d+$/, 'a whole number of base units');
const IsoTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'an ISO date');
const ChecksumSchema = z.string().regex(/^sha256:[0-9a-f]{64}$/, 'sha256: and 64 hex digits');
const Index = z.number().int().nonnegative();
const NullableNumber = z.number().nullable();
/** Where an item stands: its position in the bundle, from 0 (the order the device signs in), and its id. */
const itemPlace = { index: Index, id: z.string() };

const BundleWalletSchema = z.strictObject({ address: Address, label: z.string(), path: z.string() });

/** The transaction exactly as it will be signed: an EIP-1559 envelope, no access list. */
export const BundleTransactionSchema = z.strictObject({
  type: z.literal('eip1559'),
  chainId: z.number().int().positive(),
  to: Address,
  data: Hex,
  value: BaseUnits,
  nonce: z.number().int().nonnegative(),
  gas: BaseUnits,
  maxFeePerGas: BaseUnits,
  maxPriorityFeePerGas: BaseUnits,
});
export type BundleTransaction = z.infer<typeof BundleTransactionSchema>;

/** What the transaction says it does, in the protocol's words; checked against its calldata on import. */
export const StatedActionSchema = z.strictObject({
  kind: StepKindSchema.exclude(['none', 'agreement']),
  vaultId: z.string(),
  contract: z.strictObject({ role: ContractRoleSchema, address: Address }),
  functionName: z.string(),
  /** Named arguments in call order: integers as decimal strings, addresses as 0x-hex. */
  args: z.array(z.strictObject({ name: z.string(), type: z.string(), value: z.string() })),
  /** The token amount the call moves or approves; `units` in token units ("250.5"), or "unlimited". */
  amount: z
    .strictObject({
      token: z.enum(['underlying', 'tranche']),
      symbol: z.string(),
      decimals: z.number().int().nonnegative(),
      baseUnits: BaseUnits,
      units: z.string(),
    })
    .nullable(),
  spender: z.strictObject({ role: ContractRoleSchema, address: Address }).nullable(),
});
export type StatedAction = z.infer<typeof StatedActionSchema>;

/**
 * The certified clear-signing structures of a call, as the online planner's source (Ledger's
 * service) accepted them (added within version 4, optional): TRANSACTION_INFO with its signature,
 * each FIELD, and the certificate of the key that signed them per device model, all hex. No
 * descriptor: the offline install encodes the call with its own and uses these only when they are
 * byte for byte the same. Inside the plan hash: the planner's signature covers them.
 */
export const BundleClearSigningSchema = z.strictObject({
  info: Hex,
  fields: z.array(Hex).max(32),
  certificates: z.record(z.string().max(20), Hex),
});
export type BundleClearSigning = z.infer<typeof BundleClearSigningSchema>;

export const BundleTransactionItemSchema = z.strictObject({
  kind: z.literal('transaction'),
  ...itemPlace,
  wallet: BundleWalletSchema,
  /** The item that must be mined first (the approval before its action). */
  dependsOn: z.string().nullable(),
  transaction: BundleTransactionSchema,
  action: StatedActionSchema,
  review: TransactionReviewSchema,
  /** The call's certified clear-signing structures, when the planner had them (absent: signed blind). */
  clearSigning: BundleClearSigningSchema.optional(),
});
export type BundleTransactionItem = z.infer<typeof BundleTransactionItemSchema>;

/** A lender agreement, signed with personal_sign. */
const BundleMessageItemSchema = z.strictObject({
  kind: z.literal('message'),
  ...itemPlace,
  wallet: BundleWalletSchema,
  message: z.strictObject({ signatureId: z.string(), text: z.string() }),
  review: MessageReviewSchema,
  /** (a bundle across vaults) The vault whose agreement it is; absent in a bundle of one vault (its `vault`). */
  vaultId: z.string().optional(),
});

export const BundleItemSchema = z.discriminatedUnion('kind', [BundleTransactionItemSchema, BundleMessageItemSchema]);
export type BundleItem = z.infer<typeof BundleItemSchema>;

/** Where the plan's figures came from. */
export const BundleSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('service'), url: z.string() }),
  /** The seeded local simulation: the same seed and wallet count rebuild the same chains. */
  z.strictObject({ kind: z.literal('simulation'), seed: z.number().int().nullable(), wallets: z.number().int().nullable() }),
]);
export type BundleSource = z.infer<typeof BundleSourceSchema>;

const NullableBaseUnits = BaseUnits.nullable();

/** The vault, its epochs and the wallets as the plan saw them: what an offline install can browse. */
export const BundleSnapshotSchema = z.strictObject({
  /** When the chain was read for the plan. */
  takenAt: IsoTime,
  source: BundleSourceSchema,
  block: z.strictObject({ chainId: z.number().int(), number: BaseUnits, timestamp: z.number().int(), baseFeePerGas: NullableBaseUnits }),
  vault: z.strictObject({
    id: z.string(),
    name: z.string(),
    chainId: z.number().int(),
    chainName: z.string(),
    status: z.string().nullable(),
    /** WAITING, RUNNING, RUNNING_PAST_END or DEFAULTED, from the chain at `block`. */
    state: z.string(),
    paused: z.boolean(),
    /** Completed epochs (the strategy's counter); a request made then is keyed epochNumber + 1. */
    epochNumber: z.number().int(),
    epochStart: z.number().int().nullable(),
    epochEnd: z.number().int().nullable(),
    epochDuration: z.number().int().nullable(),
    bufferPeriod: z.number().int().nullable(),
    allowInstantWithdraw: z.boolean(),
    /** On-chain APR figures (1e18 = 1 %), the rule that makes a redeem instant. */
    instantRule: z.strictObject({ disabled: z.boolean(), lastEpochApr: BaseUnits, unscaledApr: BaseUnits, aprDelta: BaseUnits }).nullable(),
    /** APRs in percent, from the service. */
    apr: z.strictObject({ current: NullableNumber, last: NullableNumber }),
    /** Underlying base units per 1e18 tranche tokens. */
    price: NullableBaseUnits,
    tvl: NullableBaseUnits,
    queues: z
      .strictObject({ depositCurrent: BaseUnits, depositLast: BaseUnits, withdrawCurrent: BaseUnits, withdrawLast: BaseUnits })
      .nullable(),
    kyc: z.strictObject({ required: z.boolean(), link: z.string().nullable() }),
    lenderSignatureIds: z.array(z.string()),
    /** The queue's figures for the epochs the wallets have requests in. */
    queueEpochs: z.array(z.strictObject({ epoch: z.number().int(), price: BaseUnits, withdrawPrice: BaseUnits, pendingClaims: BaseUnits })),
  }),
  /** The vault's epoch records from the service, oldest first (null when they could not be read). */
  epochs: z
    .strictObject({
      readAt: IsoTime,
      rows: z.array(
        z.strictObject({
          count: z.number(),
          status: z.string(),
          startDate: NullableNumber,
          endDate: NullableNumber,
          apr: NullableNumber,
          lastApr: NullableNumber,
          withdrawType: z.string().nullable(),
        }),
      ),
    })
    .nullable(),
  wallets: z.array(
    z.strictObject({
      address: Address,
      label: z.string(),
      /** The wallet's next nonce when the plan was drafted (null when it had nothing to send). */
      nonce: z.number().int().nonnegative().nullable(),
      allowed: z.boolean(),
      gasBalance: BaseUnits,
      underlyingBalance: BaseUnits,
      trancheBalance: BaseUnits,
      maxWithdrawable: BaseUnits,
      allowance: z.strictObject({ underlyingToVault: BaseUnits, underlyingToQueue: BaseUnits, trancheToQueue: BaseUnits }),
      redeem: z.strictObject({ standard: BaseUnits, instant: BaseUnits, lastRequestEpoch: z.number().int() }),
      queue: z.array(z.strictObject({ epoch: z.number().int(), deposit: BaseUnits, withdraw: BaseUnits })),
      /** Ids of the lender agreements not signed yet (null when not checked). */
      unsignedAgreements: z.array(z.string()).nullable(),
    }),
  ),
  /** The wallets' open requests in this vault. */
  requests: z.array(
    z.strictObject({
      id: z.string(),
      wallet: Address,
      type: z.enum(['DEPOSIT', 'WITHDRAW', 'REDEEM']),
      status: z.string(),
      /** Where it stood at the snapshot, as every screen classifies it (absent in bundles made before it was kept). */
      phase: RequestPhaseSchema.optional(),
      isInstant: z.boolean(),
      epochNumber: z.number().int().nullable(),
      amount: BaseUnits,
      amountToken: z.enum(['underlying', 'tranche']),
      requestedAt: NullableNumber,
      expectedAt: NullableNumber,
    }),
  ),
});
export type BundleSnapshot = z.infer<typeof BundleSnapshotSchema>;

export const PlannerSignatureSchema = z.strictObject({
  address: Address,
  /** EIP-712 signature (65 bytes, v = 27/28, low s) of the bundle's typed data (planner.ts, `plannerTypedData`). */
  signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, '65 bytes of 0x-hex'),
});
export type PlannerSignature = z.infer<typeof PlannerSignatureSchema>;

/** The offline install's account that reviewed and signed: an account of its Ledger, as it stated it. */
export const ReviewerSchema = z.strictObject({ address: Address, path: z.string() });
export type Reviewer = z.infer<typeof ReviewerSchema>;

export const UnsignedBundleSchema = z.strictObject({
  format: z.literal(UNSIGNED_BUNDLE_FORMAT),
  version: z.literal(BUNDLE_VERSION),
  createdAt: IsoTime,
  plan: z.strictObject({
    id: z.string(),
    createdAt: IsoTime,
    action: SigningActionSchema,
    /** As the operator typed it, in token units; null when not given. */
    amount: z.string().nullable(),
    approval: z.enum(['exact', 'unlimited']),
    maxFeeGwei: z.string().nullable(),
    warnings: z.array(z.string()),
    /**
     * The batch's name, when the operator gave one (added within version 4, optional): written only
     * when there is one, so an unnamed plan's bytes and plan hash are what they were. Inside the
     * plan hash: the planner's signature covers it.
     */
    name: z.string().max(BATCH_NAME_MAX).optional(),
  }),
  vault: PlanVaultSchema.strict(),
  /** Every selected wallet, with its label and Ledger path. */
  wallets: z.array(BundleWalletSchema),
  /** Wallets the plan left out, and why. */
  skipped: z.array(
    z.strictObject({
      wallet: Address,
      label: z.string(),
      reason: z.string(),
      kycLink: z.string().nullable(),
      /** (a bundle across vaults) The vault that left it out; absent in a bundle of one vault. */
      vaultId: z.string().optional(),
    }),
  ),
  /** How many items the bundle holds: a dropped item is told apart from a short plan. */
  counts: z.strictObject({ transactions: z.number().int().nonnegative(), messages: z.number().int().nonnegative() }),
  items: z.array(BundleItemSchema),
  snapshot: BundleSnapshotSchema,
  /**
   * A plan across vaults (added within version 4, written only for one): every vault it acts on in
   * the plan's order, `vault` being the first, and one snapshot per vault in the same order,
   * `snapshot` being the first's. Each transaction names its vault (`action.vaultId`), each agreement
   * and skipped wallet too (`vaultId`): the offline install checks each vault's part against its own
   * pinned entry. A bundle of one vault has neither, and its bytes are what they were.
   */
  vaults: z.array(PlanVaultSchema.strict()).min(2).max(MAX_BUNDLE_VAULTS).optional(),
  snapshots: z.array(BundleSnapshotSchema).min(2).max(MAX_BUNDLE_VAULTS).optional(),
  /**
   * What the online install computed by running the plan on a fork of each chain, per chain (the
   * block, or why not) and per transaction: the planner's information, covered by its signature,
   * which the offline install cannot check. Absent when the planner did not simulate.
   */
  simulation: BundleSimulationSchema.optional(),
  /**
   * Who planned it: the planner's account on its Ledger (PLANNER_PATH), and its EIP-712 signature
   * of the plan hash (the bundle without `planner` and `checksum`; see planner.ts).
   */
  planner: PlannerSignatureSchema,
  checksum: ChecksumSchema,
});
export type UnsignedBundle = z.infer<typeof UnsignedBundleSchema>;

/** What became of one item on the offline install. */
export const SignedItemSchema = z.strictObject({
  ...itemPlace,
  state: z.enum(['signed', 'skipped', 'failed']),
  /** Why it was skipped or failed. */
  note: z.string().nullable(),
  /** The signed transaction, as `eth_sendRawTransaction` takes it, with its hash and the hash the device signed. */
  transaction: z.strictObject({ serialized: Hex, hash: Hex, signingHash: Hex }).nullable(),
  /** A personal_sign signature (65 bytes, v = 27/28). */
  signature: Hex.nullable(),
  signedAt: IsoTime.nullable(),
});
export type SignedItem = z.infer<typeof SignedItemSchema>;

export const SignedBundleSchema = z.strictObject({
  format: z.literal(SIGNED_BUNDLE_FORMAT),
  version: z.literal(BUNDLE_VERSION),
  createdAt: IsoTime,
  /** The checksum of the unsigned bundle the signatures were made from. */
  unsignedChecksum: ChecksumSchema,
  /** That bundle, whole: the online install checks every signature against its drafts. */
  unsigned: UnsignedBundleSchema,
  /** One entry per item of the unsigned bundle, in its order. */
  items: z.array(SignedItemSchema),
  /** The offline install's Ledger account that reviewed it (the wallets' signatures are in the items). */
  reviewer: ReviewerSchema,
  checksum: ChecksumSchema,
});
export type SignedBundle = z.infer<typeof SignedBundleSchema>;

/** The few facts about a bundle a screen or a log line needs. */
export const BundleSummarySchema = z.object({
  kind: z.enum(['unsigned', 'signed']),
  checksum: ChecksumSchema,
  /** The unsigned bundle's checksum (the same as `checksum` for an unsigned bundle). */
  unsignedChecksum: ChecksumSchema,
  createdAt: z.string(),
  action: SigningActionSchema,
  vault: z.object({ id: z.string(), name: z.string(), chainId: z.number() }),
  /** Every vault the bundle acts on, `vault` the first (one for a bundle of one vault). */
  vaults: z.array(z.object({ id: z.string(), name: z.string(), chainId: z.number() })),
  transactions: z.number(),
  messages: z.number(),
  /** Items signed on the offline install (signed bundles only). */
  signed: NullableNumber,
  wallets: z.number(),
  skippedWallets: z.number(),
  snapshotTakenAt: z.string(),
  source: BundleSourceSchema,
  fileName: z.string(),
  /** The planner account that signed the plan hash. */
  planner: z.string(),
  /** (signed bundles) The offline install's account that reviewed and signed it. */
  reviewer: z.string().nullable(),
});
export type BundleSummary = z.infer<typeof BundleSummarySchema>;
