import { z } from 'zod';
import { AddressSchema, auditShape, BaseUnitsSchema, BlockRefSchema, DateTimeSchema, ObjectIdSchema } from '../primitives';

/**
 * Deposit, withdraw and redeem requests as the service records them, inline in vault blocks or
 * listed on their own.
 */

export const REQUEST_TYPES = ['DEPOSIT', 'WITHDRAW', 'REDEEM'] as const;
export const REQUEST_STATUSES = ['PENDING', 'PROCESSED', 'CLAIMABLE', 'INSTANT_CLAIMABLE', 'CLAIMED', 'FULFILLED', 'COMPLETED'] as const;

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

export type VaultRequest = z.infer<typeof VaultRequestSchema>;
