import { z } from 'zod';
import { generationsOf, type EpochVaultGeneration, type QueueGeneration, type StrategyGeneration } from '../abi/generations';
import { AddressSchema as Address } from '../domain/hex';

/**
 * The pinned vault registry: for each vault the operator acts on, the contracts where money may go,
 * each with its role, the tokens' decimals and symbols as the chain gave them, and when and by whom
 * the set was pinned. Every address a transaction names is checked against it, never against what
 * the service says now.
 */

/**
 * The roles a vault's contracts play (protocol notes, section 1). `queue` is the deposit queue
 * (`cdoEpoch.depositQueue`), `withdrawQueue` the withdraw queue; one contract usually serves both.
 */
export const REGISTRY_ROLES = ['epochVault', 'queue', 'withdrawQueue', 'tranche', 'underlying', 'strategy', 'keyring'] as const;
export const RegistryRoleSchema = z.enum(REGISTRY_ROLES);
export type RegistryRole = z.infer<typeof RegistryRoleSchema>;

/**
 * A vault's contracts by role; a vault without a queue or a keyring has null there. A set written
 * before the withdraw queue had a role of its own has no `withdrawQueue`: its queue served both
 * (read it through `withdrawQueueOf`).
 */
export const ContractSetSchema = z.object({
  epochVault: Address,
  queue: Address.nullable(),
  withdrawQueue: Address.nullable().optional(),
  tranche: Address,
  underlying: Address,
  strategy: Address,
  keyring: Address.nullable(),
});
export type ContractSet = z.infer<typeof ContractSetSchema>;

/** The withdraw queue of a set: its own role, or the (deposit) queue for a set written before it had one. */
export const withdrawQueueOf = (set: Pick<ContractSet, 'queue' | 'withdrawQueue'>): string | null =>
  set.withdrawQueue === undefined ? set.queue : set.withdrawQueue;

/** The address a set holds in a role (null where it has none). */
export const roleAddress = (set: ContractSet, role: RegistryRole): string | null =>
  role === 'withdrawQueue' ? withdrawQueueOf(set) : set[role];

export const PinnedTokenSchema = z.object({ symbol: z.string(), decimals: z.number().int().min(0).max(255) });
export type PinnedToken = z.infer<typeof PinnedTokenSchema>;

/** One relation read on chain, with what was expected and what the chain answered. */
export const RegistryCheckSchema = z.object({
  id: z.string(),
  /** e.g. "The queue's epochVault() is the epoch vault". */
  label: z.string(),
  ok: z.boolean(),
  expected: z.string().nullable(),
  actual: z.string().nullable(),
  /**
   * Set (with `ok` true) when the contract's generation has no view to check this relation by: the
   * check is not made, and the review says so instead of calling it a mismatch.
   */
  notCheckable: z.string().max(300).optional(),
});
export type RegistryCheck = z.infer<typeof RegistryCheckSchema>;

const EpochVaultGenerationSchema = z.enum(generationsOf('epochVault') as [EpochVaultGeneration, ...EpochVaultGeneration[]]);
const QueueGenerationSchema = z.enum(generationsOf('queue') as [QueueGeneration, ...QueueGeneration[]]);
const StrategyGenerationSchema = z.enum(generationsOf('strategy') as [StrategyGeneration, ...StrategyGeneration[]]);

/**
 * Which generation each of a vault's contracts answered as on chain (what the console plans by),
 * and where the vault record's abiCode said otherwise.
 */
export const VaultGenerationsSchema = z.object({
  epochVault: EpochVaultGenerationSchema,
  queue: QueueGenerationSchema.nullable(),
  withdrawQueue: QueueGenerationSchema.nullable(),
  strategy: StrategyGenerationSchema,
  /** One sentence per contract whose record names another generation than the chain answers as. */
  recordDiffers: z.array(z.string().max(300)).max(4),
});
export type VaultGenerations = z.infer<typeof VaultGenerationsSchema>;

export const PinnedVaultSchema = z.object({
  vaultId: z.string(),
  name: z.string(),
  chainId: z.number().int(),
  contracts: ContractSetSchema,
  tokens: z.object({ underlying: PinnedTokenSchema, tranche: PinnedTokenSchema, strategy: PinnedTokenSchema }),
  pinnedAt: z.string(),
  /** Who pinned it: the operator in the console, a headless run with --trust-new-vaults, the demo. */
  pinnedBy: z.string(),
  /** The block the checks were read at when it was pinned. */
  pinnedAtBlock: z.string().regex(/^\d+$/),
  /**
   * Set when the service named another set of contracts for this vault, or stopped listing it: no
   * plan is possible on it until the operator pins a set again or forgets the vault (never lifted
   * automatically).
   */
  frozen: z
    .object({
      at: z.string(),
      /** What the service named instead; null when it stopped listing the vault. */
      proposed: ContractSetSchema.nullable(),
      /** Why it froze; absent in files written before a vault could freeze for leaving the listing (then: other contracts). */
      reason: z.enum(['contracts-changed', 'unlisted']).optional(),
    })
    .nullable(),
});
export type PinnedVault = z.infer<typeof PinnedVaultSchema>;

export const REGISTRY_SCHEMA_VERSION = 1;
export const RegistryFileSchema = z.object({
  schemaVersion: z.literal(REGISTRY_SCHEMA_VERSION),
  vaults: z.array(PinnedVaultSchema),
});
export type RegistryFile = z.infer<typeof RegistryFileSchema>;

/**
 * Why a vault the service announces is taken for another one already in the registry (see
 * shared/registry/identity.ts): a name that reads the same, a contract of the registry's entry in
 * any role, or the same underlying token on the same chain as a frozen entry (one the service
 * stopped listing or names other contracts for).
 */
export const CollisionReasonSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('name') }),
  z.object({ kind: z.literal('contract'), address: Address, roles: z.array(RegistryRoleSchema), pinnedRoles: z.array(RegistryRoleSchema) }),
  z.object({ kind: z.literal('underlying'), address: Address }),
]);
export type CollisionReason = z.infer<typeof CollisionReasonSchema>;

/** An entry of the registry an announced vault collides with, and every way it does. */
export const IdentityCollisionSchema = z.object({ entry: PinnedVaultSchema, reasons: z.array(CollisionReasonSchema).min(1) });
export type IdentityCollision = z.infer<typeof IdentityCollisionSchema>;

/**
 * What the console shows for a vault: the pinned set (if any), what the service names now, and the
 * chain's answers. `collision`: the vault cannot be pinned, it is taken for another vault of the
 * registry (both are in `collisions`).
 */
const VaultPinStatusSchema = z.enum(['new', 'pinned', 'frozen', 'collision']);

export const VaultPinReviewSchema = z.object({
  vaultId: z.string(),
  name: z.string(),
  chainId: z.number(),
  status: VaultPinStatusSchema,
  pinned: PinnedVaultSchema.nullable(),
  /** What the service names now. */
  proposed: ContractSetSchema,
  /** The relations of the proposed set read on chain; null when the chain could not be read. */
  checks: z.array(RegistryCheckSchema).nullable(),
  checkedAtBlock: z.string().nullable(),
  /** Why the checks could not be read (no RPC for the chain, the node refused). */
  checkError: z.string().nullable(),
  /** The tokens as the chain gave them for the proposed set. */
  tokens: z.object({ underlying: PinnedTokenSchema, tranche: PinnedTokenSchema, strategy: PinnedTokenSchema }).nullable(),
  /** The contracts' generations as the chain answered; null when the chain could not be read. */
  generations: VaultGenerationsSchema.nullable(),
  explorerUrl: z.string().nullable(),
  /** The registry's entries this vault is taken for: while there is one, it cannot be pinned. */
  collisions: z.array(IdentityCollisionSchema),
});
export type VaultPinReview = z.infer<typeof VaultPinReviewSchema>;

export const RegistryExportSchema = z.object({
  fileName: z.string(),
  content: z.string(),
  /** sha256 of the file's bytes, shown where the file is written and where it is read. */
  fingerprint: z.string(),
  vaults: z.number(),
});
export type RegistryExport = z.infer<typeof RegistryExportSchema>;

/** What the window may send: a vault id, and the set the operator reviewed (bounded, for the bridge's frame ceiling). */
const AddressInput = Address;
export const VaultReviewInput = z.object({ vaultId: z.string().max(64) }).strict();
export const PinVaultInput = z
  .object({
    vaultId: z.string().max(64),
    expected: z.object({
      epochVault: AddressInput,
      queue: AddressInput.nullable(),
      withdrawQueue: AddressInput.nullable().optional(),
      tranche: AddressInput,
      underlying: AddressInput,
      strategy: AddressInput,
      keyring: AddressInput.nullable(),
    }),
  })
  .strict();

/** The operator's explicit act of taking a vault out of the registry (its contracts are no longer trusted here). */
export const ForgetVaultInput = z.object({ vaultId: z.string().max(64) }).strict();

/** A registry file to import (an offline install): its text, exactly as read. */
export const RegistryImportInput = z.object({ content: z.string().max(4_000_000), fileName: z.string().max(255).optional() }).strict();

/** Human names of the roles, as the review and the refusals write them. */
export const ROLE_NAMES: Record<RegistryRole, string> = {
  epochVault: 'epoch vault',
  queue: 'deposit queue',
  withdrawQueue: 'withdraw queue',
  tranche: 'tranche token',
  underlying: 'underlying token',
  strategy: 'strategy',
  keyring: 'keyring',
};
