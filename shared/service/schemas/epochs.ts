import { z } from 'zod';
import { AddressSchema, auditShape, BaseUnitsSchema, BlockRefSchema, DateTimeSchema, ObjectIdSchema } from '../primitives';
import { VaultRequestSchema } from './requests';

/**
 * Vault blocks (a vault's figures at one block) and epochs: APRs, TVL, share price, the queues and
 * the cycle state.
 */

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

export const EPOCH_STATUSES = ['WAITING', 'RUNNING', 'DEFAULTED'] as const;
export const WITHDRAW_TYPES = ['INSTANT', 'STANDARD'] as const;

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

export type AprBreakdown = z.infer<typeof AprBreakdownSchema>;
export type EpochState = z.infer<typeof EpochStateSchema>;
export type VaultBlock = z.infer<typeof VaultBlockSchema>;
export type VaultEpoch = z.infer<typeof VaultEpochSchema>;
