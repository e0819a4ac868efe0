import { z } from 'zod';
import { AddressSchema, auditShape, BaseUnitsSchema, MultilingualSchema, NumberSchema, ObjectIdSchema } from '../primitives';

/**
 * The vault record: its contracts (epoch vault, queues, strategy), KYC, lender agreements to sign
 * and what the catalog shows of it.
 */

const ContractRefSchema = z.looseObject({
  /** Optional: a record may name a queue before its address is known; nothing is planned on it then. */
  address: AddressSchema.optional(),
  abiCode: z.string().optional(),
  abi: z.array(z.looseObject({})).optional(),
});

/**
 * A manager or borrower of an epoch vault. The protocol's records leave the address empty (`""`)
 * where none is set (hidden vaults); an empty address is read as absent.
 */
const EpochOperatorSchema = z.looseObject({
  address: z
    .union([AddressSchema, z.literal('')])
    .optional()
    .transform((a) => (a === '' ? undefined : a)),
  operatorId: ObjectIdSchema.optional(),
});

const VaultCdoEpochSchema = z.looseObject({
  /** The epoch vault contract: deposits, redeems, claims, epoch state. */
  address: AddressSchema,
  abi: z.array(z.looseObject({})).optional(),
  abiCode: z.string().optional(),
  /** The queue contract; deposit and withdraw queues are usually the same contract. */
  depositQueue: ContractRefSchema.optional(),
  withdrawQueue: ContractRefSchema.optional(),
  manager: EpochOperatorSchema.optional(),
  borrower: EpochOperatorSchema.optional(),
  /** STRATEGY or CREDIT in the protocol's records. */
  mode: z.string().optional(),
});

const VaultKycSchema = z.looseObject({
  policyId: NumberSchema.optional(),
  isActive: z.boolean().optional(),
  isRequired: z.boolean().optional(),
  link: z.string().optional(),
});

/** ALL, LENDER or MANAGER are known; another entity is kept (and asks nothing of lenders). */
const VaultSignatureRefSchema = z.looseObject({
  _id: ObjectIdSchema,
  entity: z.string(),
});

/**
 * A vault's deposit limit: the protocol's records write `{amount, isActive}`, the spec's seed a
 * plain amount (read as active). Either way the console sees `{amount, isActive}`.
 */
const VaultLimitSchema = z.union([
  BaseUnitsSchema.transform((amount) => ({ amount, isActive: true })),
  z.looseObject({ amount: BaseUnitsSchema, isActive: z.boolean().optional() }).transform((l) => ({ ...l, isActive: l.isActive ?? true })),
]);

const KeyInfoSchema = z.looseObject({ label: MultilingualSchema, value: MultilingualSchema });

export const VaultSchema = z.looseObject({
  _id: ObjectIdSchema,
  name: z.string(),
  /** For an epoch credit vault: the tranche (LP) token the lender holds, 18 decimals. */
  address: AddressSchema,
  /** The underlying token record. */
  tokenId: ObjectIdSchema,
  /** The chain record (its `_id`, not the numeric network id). */
  chainId: ObjectIdSchema,
  typeId: ObjectIdSchema.optional(),
  categoryId: ObjectIdSchema.optional(),
  operatorIds: z.array(ObjectIdSchema).optional(),
  /** The protocol's `VaultCampaign`s (`{_id, rules?, isActive}`), read entry by entry by `vaultCampaigns`. */
  campaigns: z.array(z.unknown()).optional(),
  symbol: z.string().optional(),
  protocol: z.string().optional(),
  /** BestYield, CDO, CDO_EPOCH, PARETO_DOLLAR, PARETO_TOKEN; kept open for contract kinds added later. */
  contractType: z.string(),
  abi: z.array(z.looseObject({})).optional(),
  abiCode: z.string().optional(),
  description: MultilingualSchema.optional(),
  shortDescription: MultilingualSchema.optional(),
  caption: MultilingualSchema.optional(),
  keyInfo: z.array(KeyInfoSchema).optional(),
  /** PUBLIC, RESTRICTED, HIDDEN are known; only PUBLIC vaults are shown, so any other value hides the vault. */
  visibility: z.string(),
  /** READY, PAUSED, DISABLED, EXPERIMENTAL, BOOSTED are the known values. */
  status: z.string(),
  /** Same units as the contract: 100000 = 100 %. */
  feePercentage: NumberSchema.optional(),
  minDeposit: VaultLimitSchema.optional(),
  maxCap: VaultLimitSchema.optional(),
  signatures: z.array(VaultSignatureRefSchema).optional(),
  cdoEpoch: VaultCdoEpochSchema.optional(),
  /** Documented at the top level by the spec; the real service puts them under `cdoEpoch`. Read both. */
  depositQueue: ContractRefSchema.optional(),
  withdrawQueue: ContractRefSchema.optional(),
  /** The strategy, which is also the non-transferable receipt token of withdraw/redeem requests. */
  strategy: ContractRefSchema.optional(),
  kyc: VaultKycSchema.optional(),
  ...auditShape,
});

export type Vault = z.infer<typeof VaultSchema>;
