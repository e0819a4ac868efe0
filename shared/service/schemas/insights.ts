import { z } from 'zod';
import { auditShape, BaseUnitsSchema, BlockRefSchema, NumberSchema, ObjectIdSchema } from '../primitives';
import { EarningsSchema } from './positions';
import { TvlSchema } from './epochs';

/**
 * What the service says about vaults beyond the chain: performance records, token prices and
 * integrations. A performance record's `age` is in seconds (the protocol's unit); screens show days.
 */

const AccruedRewardSchema = z.looseObject({
  tokenId: ObjectIdSchema.optional(),
  amount: BaseUnitsSchema.optional(),
  amountUSD: BaseUnitsSchema.optional(),
  APR: NumberSchema.optional(),
  percentage: NumberSchema.optional(),
});

export const VaultPerformanceSchema = z.looseObject({
  _id: ObjectIdSchema,
  vaultId: ObjectIdSchema,
  vaultBlockId: ObjectIdSchema.optional(),
  block: BlockRefSchema.optional(),
  /** Seconds since the vault started. */
  age: NumberSchema,
  holders: NumberSchema,
  realizedAPY: NumberSchema,
  accruedRewards: z.array(AccruedRewardSchema).optional(),
  earnings: EarningsSchema.optional(),
  ...auditShape,
});

/** One line of `/v1/vaults/performances` as the spec's seed lists it: the latest performance figures of a vault. */
export const VaultPerformanceOverviewSchema = z.looseObject({
  vaultId: ObjectIdSchema,
  age: NumberSchema.optional(),
  holders: NumberSchema.optional(),
  realizedAPY: NumberSchema.optional(),
  earnings: EarningsSchema.optional(),
  TVL: TvlSchema.optional(),
  block: BlockRefSchema.optional(),
});

/**
 * `/v1/vaults/performances` as the protocol's service answers it: one aggregate over the vaults
 * (total TVL and credit extended in USD, per token and per chain, APR bounds), not a page.
 */
export const VaultsPerformanceAggregateSchema = z.looseObject({
  TVL: BaseUnitsSchema.optional(),
  creditExtended: BaseUnitsSchema.optional(),
  tokens: z.array(z.unknown()).optional(),
  chains: z.array(z.unknown()).optional(),
  APRs: z.looseObject({ MAX: NumberSchema.optional(), MIN: NumberSchema.optional(), AVG: NumberSchema.optional() }).optional(),
  vaults: NumberSchema.optional(),
});

export const TokenBlockSchema = z.looseObject({
  _id: ObjectIdSchema,
  tokenId: ObjectIdSchema,
  tokenAddress: z.string().optional(),
  chainId: ObjectIdSchema.optional(),
  block: BlockRefSchema,
  /** USD per whole token, as an integer string with 6 decimals. */
  price: BaseUnitsSchema.optional(),
  totalSupply: BaseUnitsSchema.optional(),
  ...auditShape,
});

export const IntegrationsSchema = z.record(z.string(), z.unknown());

export type VaultPerformanceOverview = z.infer<typeof VaultPerformanceOverviewSchema>;
export type VaultsPerformanceAggregate = z.infer<typeof VaultsPerformanceAggregateSchema>;
export type Integrations = z.infer<typeof IntegrationsSchema>;
