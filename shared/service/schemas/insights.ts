import { z } from 'zod';
import { auditShape, BaseUnitsSchema, BlockRefSchema, DateTimeSchema, ObjectIdSchema } from '../primitives';
import { EarningsSchema } from './positions';
import { TvlSchema } from './epochs';

/**
 * What the service says about vaults beyond the chain: performance records, token prices and
 * integrations.
 */

export const AccruedRewardSchema = z.looseObject({
  tokenId: ObjectIdSchema.optional(),
  amount: BaseUnitsSchema.optional(),
  amountUSD: BaseUnitsSchema.optional(),
  APR: z.number().optional(),
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

export const IntegrationsSchema = z.record(z.string(), z.unknown());

export type VaultPerformance = z.infer<typeof VaultPerformanceSchema>;
export type VaultPerformanceOverview = z.infer<typeof VaultPerformanceOverviewSchema>;
export type TokenBlock = z.infer<typeof TokenBlockSchema>;
export type Integrations = z.infer<typeof IntegrationsSchema>;
