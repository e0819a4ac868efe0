import { z } from 'zod';
import {
  AddressSchema,
  auditShape,
  BaseUnitsSchema,
  BlockRefSchema,
  DateTimeSchema,
  MultilingualSchema,
  ObjectIdSchema,
  TextSchema,
} from './primitives';

/**
 * Resource schemas of the Credit Vault Data Service: the one description of what the service
 * serves. The client validates every response with them and the simulated service builds its data
 * with them. Fields the console cannot do without are required; everything else is optional, and
 * unknown fields pass through untouched.
 */

// ---------------------------------------------------------------------------------------------
// Catalog: chains, tokens, operators, categories, types
// ---------------------------------------------------------------------------------------------

export const RpcSchema = z.looseObject({
  provider: z.string().optional(),
  https: z.string().optional(),
  wss: z.string().optional(),
  name: z.string().optional(),
  isPublic: z.boolean().optional(),
});

export const ChainSchema = z.looseObject({
  _id: ObjectIdSchema,
  name: z.string().optional(),
  hex: z.string().optional(),
  blocksPerYear: z.number().optional(),
  tokenSymbol: z.string().optional(),
  /** Numeric network id (1, 137, …). Not to be confused with a vault's `chainId`, which is this record's `_id`. */
  chainID: z.number().optional(),
  RPCs: z.array(RpcSchema).optional(),
  color: z.string().optional(),
  isDisabled: z.boolean().optional(),
  nativeToken: z.string().optional(),
  explorerUrl: z.string().optional(),
  icon: z.string().optional(),
  ...auditShape,
});

export const TokenSchema = z.looseObject({
  _id: ObjectIdSchema,
  name: z.string().optional(),
  symbol: z.string().optional(),
  decimals: z.number().int().min(0).max(36).optional(),
  address: AddressSchema.optional(),
  chainId: ObjectIdSchema.optional(),
  logoURI: z.string().optional(),
  underlying: z.boolean().optional(),
  ...auditShape,
});

export const OPERATOR_TYPES = ['PROTOCOL', 'BORROWER', 'CURATOR'] as const;

export const OperatorSchema = z.looseObject({
  _id: ObjectIdSchema,
  name: z.string().optional(),
  code: z.string().optional(),
  /** PROTOCOL, BORROWER or CURATOR; kept open so a new kind does not break the catalog. */
  type: z.string().optional(),
  description: MultilingualSchema.optional(),
  links: z.unknown().optional(),
  ...auditShape,
});

export const VaultCategorySchema = z.looseObject({
  _id: ObjectIdSchema,
  code: z.string().optional(),
  name: TextSchema.optional(),
  description: TextSchema.optional(),
  ...auditShape,
});

export const VaultTypeSchema = z.looseObject({
  _id: ObjectIdSchema,
  code: z.string().optional(),
  name: TextSchema.optional(),
  description: TextSchema.optional(),
  ...auditShape,
});

// ---------------------------------------------------------------------------------------------
// Vault
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Vault blocks, epochs, requests
// ---------------------------------------------------------------------------------------------

/** Percentages (9.8 means 9.8 %). */
export const AprBreakdownSchema = z.looseObject({
  BASE: z.number().optional(),
  HARVEST: z.number().optional(),
  REWARDS: z.number().optional(),
  GROSS: z.number().optional(),
  NET: z.number().optional(),
  FEE: z.number().optional(),
});

export const TvlSchema = z.looseObject({
  token: BaseUnitsSchema.optional(),
  USD: BaseUnitsSchema.optional(),
  withRequestsToken: BaseUnitsSchema.optional(),
  withRequestsUSD: BaseUnitsSchema.optional(),
});

export const REQUEST_TYPES = ['DEPOSIT', 'WITHDRAW', 'REDEEM'] as const;
export const REQUEST_STATUSES = [
  'PENDING',
  'PROCESSED',
  'CLAIMABLE',
  'INSTANT_CLAIMABLE',
  'CLAIMED',
  'FULFILLED',
  'COMPLETED',
] as const;
export const EPOCH_STATUSES = ['WAITING', 'RUNNING', 'DEFAULTED'] as const;
export const WITHDRAW_TYPES = ['INSTANT', 'STANDARD'] as const;

export const VaultRequestSchema = z.looseObject({
  _id: ObjectIdSchema.optional(),
  vaultId: ObjectIdSchema,
  vaultAddress: AddressSchema.optional(),
  /** DEPOSIT, WITHDRAW or REDEEM. */
  type: z.string(),
  amount: BaseUnitsSchema,
  lpAmount: BaseUnitsSchema.optional(),
  /** The vault block in which the request was recorded: inline, or a reference to it. */
  block: z.union([BlockRefSchema, ObjectIdSchema]).optional(),
  isInstant: z.boolean().optional(),
  requestedOn: DateTimeSchema.optional(),
  completedOn: DateTimeSchema.optional(),
  walletAddress: AddressSchema,
  /** PENDING, PROCESSED, CLAIMABLE, INSTANT_CLAIMABLE, CLAIMED (and FULFILLED, COMPLETED for write-offs). */
  status: z.string(),
  /** The queue key to pass to claim and cancel calls. */
  epochNumber: z.number().int().optional(),
  ...auditShape,
});

const QueueAmountsSchema = z.looseObject({
  amount: BaseUnitsSchema.optional(),
  lastAmount: BaseUnitsSchema.optional(),
  isInstant: z.boolean().optional(),
});

const InstantWithdrawsSchema = z.looseObject({
  allowed: z.boolean().optional(),
  delay: z.number().optional(),
  amount: BaseUnitsSchema.optional(),
  aprDelta: z.number().optional(),
  deadline: DateTimeSchema.optional(),
  disabled: z.boolean().optional(),
});

const WithdrawsSchema = z.looseObject({ amount: BaseUnitsSchema.optional(), fees: BaseUnitsSchema.optional() });

/** Epoch state as seen in one vault block. Durations in seconds; APRs in percent. */
export const EpochStateSchema = z.looseObject({
  apr: z.number().optional(),
  lastApr: z.number().optional(),
  epochNumber: z.number().int().optional(),
  status: z.string().optional(),
  startDate: DateTimeSchema.optional(),
  endDate: DateTimeSchema.optional(),
  duration: z.number().optional(),
  bufferDuration: z.number().optional(),
  withdrawType: z.string().optional(),
  depositQueue: QueueAmountsSchema.optional(),
  withdrawQueue: QueueAmountsSchema.optional(),
  instantWithdraws: InstantWithdrawsSchema.optional(),
  withdraws: WithdrawsSchema.optional(),
});

export const VaultBlockSchema = z.looseObject({
  _id: ObjectIdSchema,
  vaultId: ObjectIdSchema,
  vaultAddress: AddressSchema.optional(),
  chainId: ObjectIdSchema.optional(),
  block: BlockRefSchema,
  APRs: AprBreakdownSchema.optional(),
  APYs: AprBreakdownSchema.optional(),
  /** Underlying units per 1e18 tranche tokens. */
  price: BaseUnitsSchema.optional(),
  totalSupply: BaseUnitsSchema.optional(),
  TVL: TvlSchema.optional(),
  /** Counts per request type, then per status. */
  totalRequests: z.record(z.string(), z.record(z.string(), z.number())).optional(),
  requests: z.array(VaultRequestSchema).optional(),
  cdoEpoch: EpochStateSchema.optional(),
  ...auditShape,
});

export const VaultEpochSchema = EpochStateSchema.extend({
  _id: ObjectIdSchema,
  vaultId: ObjectIdSchema,
  /** Epoch number (1-based). */
  count: z.number().int(),
  status: z.string(),
  ...auditShape,
});

// ---------------------------------------------------------------------------------------------
// Performance, transactions, token blocks, positions
// ---------------------------------------------------------------------------------------------

export const AccruedRewardSchema = z.looseObject({
  tokenId: ObjectIdSchema.optional(),
  amount: BaseUnitsSchema.optional(),
  amountUSD: BaseUnitsSchema.optional(),
  APR: z.number().optional(),
  percentage: z.number().optional(),
});

export const EarningsSchema = z.looseObject({
  USD: BaseUnitsSchema.optional(),
  token: BaseUnitsSchema.optional(),
  percentage: z.number().optional(),
});

export const VaultPerformanceSchema = z.looseObject({
  _id: ObjectIdSchema,
  vaultId: ObjectIdSchema,
  vaultBlockId: ObjectIdSchema,
  block: BlockRefSchema.optional(),
  age: z.number(),
  holders: z.number(),
  realizedAPY: z.number(),
  accruedRewards: z.array(AccruedRewardSchema).optional(),
  earnings: EarningsSchema.optional(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
  createdBy: z.string(),
  updatedBy: z.string(),
});

/** One line of `/v1/vaults/performances`: the latest performance figures of a vault. */
export const VaultPerformanceOverviewSchema = z.looseObject({
  vaultId: ObjectIdSchema,
  age: z.number().optional(),
  holders: z.number().optional(),
  realizedAPY: z.number().optional(),
  earnings: EarningsSchema.optional(),
  TVL: TvlSchema.optional(),
  block: BlockRefSchema.optional(),
});

export const TransactionSchema = z.looseObject({
  _id: ObjectIdSchema,
  type: z.string(),
  status: z.string(),
  hash: z.string().optional(),
  chainId: ObjectIdSchema.optional(),
  walletAddress: AddressSchema.optional(),
  vaultId: ObjectIdSchema.optional(),
  epochId: ObjectIdSchema.optional(),
  tokenId: ObjectIdSchema.optional(),
  amount: BaseUnitsSchema.optional(),
  amountUSD: BaseUnitsSchema.optional(),
  gasFeeUSD: BaseUnitsSchema.optional(),
  block: BlockRefSchema.optional(),
  ...auditShape,
});

export const TokenBlockSchema = z.looseObject({
  _id: ObjectIdSchema,
  tokenId: ObjectIdSchema,
  chainId: ObjectIdSchema.optional(),
  block: BlockRefSchema,
  /** USD per whole token, as an integer string with 6 decimals. */
  price: BaseUnitsSchema.optional(),
  totalSupply: BaseUnitsSchema.optional(),
  ...auditShape,
});

const UsdTokenSchema = z.looseObject({ USD: BaseUnitsSchema.optional(), token: BaseUnitsSchema.optional() });

export const PositionSchema = z.looseObject({
  vaultId: ObjectIdSchema.optional(),
  walletAddress: AddressSchema.optional(),
  deposits: UsdTokenSchema.optional(),
  redeemable: UsdTokenSchema.optional(),
  pendingDeposits: UsdTokenSchema.optional(),
  pendingWithdraws: UsdTokenSchema.optional(),
  earnings: EarningsSchema.optional(),
  realizedAPY: z.number().optional(),
  poolSharePercentage: z.number().optional(),
  /** Tranche token balance, 18 decimals. */
  balance: BaseUnitsSchema.optional(),
  /** Underlying units per 1e18 tranche tokens. */
  vaultPrice: BaseUnitsSchema.optional(),
});

export const IntegrationsSchema = z.record(z.string(), z.unknown());

// ---------------------------------------------------------------------------------------------
// Campaigns
// ---------------------------------------------------------------------------------------------

export const CampaignSchema = z.looseObject({
  _id: ObjectIdSchema,
  code: z.string().optional(),
  name: TextSchema.optional(),
  description: TextSchema.optional(),
  rules: z.array(z.unknown()).optional(),
  vaultIds: z.array(ObjectIdSchema).optional(),
  startDate: DateTimeSchema.optional(),
  endDate: DateTimeSchema.optional(),
  ...auditShape,
});

export const CampaignPointsSchema = z.looseObject({
  campaignId: ObjectIdSchema.optional(),
  walletAddress: AddressSchema.optional(),
  points: z.number(),
  perDay: z.number().optional(),
  multiplier: z.number().optional(),
});

// ---------------------------------------------------------------------------------------------
// Signatures
// ---------------------------------------------------------------------------------------------

export const SignatureDefinitionSchema = z.looseObject({
  _id: ObjectIdSchema,
  code: z.string().optional(),
  entity: z.enum(SIGNATURE_ENTITIES).optional(),
  title: MultilingualSchema.optional(),
  description: MultilingualSchema.optional(),
  /** The message the wallet signs with EIP-191 `personal_sign`, base64-encoded. */
  walletMessage: z.string(),
  checks: z.array(z.unknown()).optional(),
  ...auditShape,
});

export const SignatureCheckSchema = z.looseObject({
  _id: ObjectIdSchema,
  /** The signature hex the wallet produced. */
  hash: z.string(),
  signedOn: DateTimeSchema,
});

export const SignRequestSchema = z.object({
  walletAddress: AddressSchema,
  /** The EIP-191 signature of the decoded `walletMessage`, hex. */
  hash: z.string().regex(/^0x[0-9a-fA-F]+$/, 'expected a hex signature'),
});

export type Chain = z.infer<typeof ChainSchema>;
export type Token = z.infer<typeof TokenSchema>;
export type Operator = z.infer<typeof OperatorSchema>;
export type VaultCategory = z.infer<typeof VaultCategorySchema>;
export type VaultType = z.infer<typeof VaultTypeSchema>;
export type Vault = z.infer<typeof VaultSchema>;
export type VaultCdoEpoch = z.infer<typeof VaultCdoEpochSchema>;
export type AprBreakdown = z.infer<typeof AprBreakdownSchema>;
export type VaultRequest = z.infer<typeof VaultRequestSchema>;
export type EpochState = z.infer<typeof EpochStateSchema>;
export type VaultBlock = z.infer<typeof VaultBlockSchema>;
export type VaultEpoch = z.infer<typeof VaultEpochSchema>;
export type VaultPerformance = z.infer<typeof VaultPerformanceSchema>;
export type VaultPerformanceOverview = z.infer<typeof VaultPerformanceOverviewSchema>;
export type Transaction = z.infer<typeof TransactionSchema>;
export type TokenBlock = z.infer<typeof TokenBlockSchema>;
export type Position = z.infer<typeof PositionSchema>;
export type Integrations = z.infer<typeof IntegrationsSchema>;
export type Campaign = z.infer<typeof CampaignSchema>;
export type CampaignPoints = z.infer<typeof CampaignPointsSchema>;
export type SignatureDefinition = z.infer<typeof SignatureDefinitionSchema>;
export type SignatureCheck = z.infer<typeof SignatureCheckSchema>;
export type SignRequest = z.infer<typeof SignRequestSchema>;
