import { z } from 'zod';
import { AddressSchema, BaseUnitsSchema, NumberSchema, ObjectIdSchema } from '../primitives';

/**
 * A wallet's position in a vault, and the earnings figures positions and performance records
 * share.
 */

export const EarningsSchema = z.looseObject({
  USD: BaseUnitsSchema.optional(),
  token: BaseUnitsSchema.optional(),
  percentage: NumberSchema.optional(),
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
  realizedAPY: NumberSchema.optional(),
  poolSharePercentage: NumberSchema.optional(),
  /** Tranche token balance, 18 decimals. */
  balance: BaseUnitsSchema.optional(),
  /** Underlying units per 1e18 tranche tokens. */
  vaultPrice: BaseUnitsSchema.optional(),
});

export type Position = z.infer<typeof PositionSchema>;
