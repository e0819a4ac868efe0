import { z } from 'zod';
import { AddressSchema, auditShape, BaseUnitsSchema, MultilingualSchema, ObjectIdSchema } from '../primitives';

/**
 * The vault record: its contracts (epoch vault, queues, strategy), KYC, lender agreements to sign
 * and what the catalog shows of it.
 */

export const VISIBILITIES = ['PUBLIC', 'RESTRICTED', 'HIDDEN'] as const;
export const VAULT_STATUSES = ['READY', 'PAUSED', 'DISABLED'] as const;
export const CONTRACT_TYPES = ['BestYield', 'CDO', 'CDO_EPOCH'] as const;
export const SIGNATURE_ENTITIES = ['ALL', 'LENDER', 'MANAGER'] as const;

export const ContractRefSchema = z.looseObject({
  address: AddressSchema,
  abiCode: z.string().optional(),
  abi: z.array(z.looseObject({})).optional(),
});

export const VaultCdoEpochSchema = z.looseObject({
  /** The epoch vault contract: deposits, redeems, claims, epoch state. */
  address: AddressSchema,
  abi: z.array(z.looseObject({})).optional(),
  abiCode: z.string().optional(),
  /** The queue contract; deposit and withdraw queues are usually the same contract. */
  depositQueue: ContractRefSchema.optional(),
  withdrawQueue: ContractRefSchema.optional(),
  manager: z.looseObject({ address: AddressSchema }).optional(),
  borrower: z.looseObject({ address: AddressSchema }).optional(),
});

export const VaultKycSchema = z.looseObject({
  policyId: z.number().optional(),
  isActive: z.boolean().optional(),
  isRequired: z.boolean().optional(),
  link: z.string().optional(),
});

export const VaultSignatureRefSchema = z.looseObject({
  _id: ObjectIdSchema,
  entity: z.enum(SIGNATURE_ENTITIES),
});

export const KeyInfoSchema = z.looseObject({ label: MultilingualSchema, value: MultilingualSchema });

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
  symbol: z.string().optional(),
  protocol: z.string().optional(),
  /** BestYield, CDO or CDO_EPOCH; kept open for contract kinds added later. */
  contractType: z.string(),
  abi: z.array(z.looseObject({})).optional(),
  abiCode: z.string().optional(),
  description: MultilingualSchema.optional(),
  shortDescription: MultilingualSchema.optional(),
  caption: MultilingualSchema.optional(),
  keyInfo: z.array(KeyInfoSchema).optional(),
  visibility: z.enum(VISIBILITIES),
  /** READY, PAUSED, DISABLED are the known values. */
  status: z.string(),
  /** Same units as the contract: 100000 = 100 %. */
  feePercentage: z.number().optional(),
  minDeposit: BaseUnitsSchema.optional(),
  maxCap: BaseUnitsSchema.optional(),
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

export type VaultCdoEpoch = z.infer<typeof VaultCdoEpochSchema>;
export type Vault = z.infer<typeof VaultSchema>;
