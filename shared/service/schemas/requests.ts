import { z } from 'zod';
import { AddressSchema, auditShape, BaseUnitsSchema, BlockRefSchema, DateTimeSchema, IntegerSchema, ObjectIdSchema } from '../primitives';

/**
 * Deposit, withdraw, redeem and write-off requests as the service records them, inline in vault
 * blocks or listed on their own. Type and status are open: a value the console does not know is
 * kept and shown as it is (the console only acts on the ones it knows).
 */

export const VaultRequestSchema = z.looseObject({
  _id: ObjectIdSchema.optional(),
  /** Required in a list of requests; a latest block's requests may leave it out (their block names the vault). */
  vaultId: ObjectIdSchema,
  vaultAddress: AddressSchema.optional(),
  /** DEPOSIT, WITHDRAW, REDEEM or WRITEOFF (open). */
  type: z.string(),
  amount: BaseUnitsSchema,
  lpAmount: BaseUnitsSchema.optional(),
  /** The vault block in which the request was recorded: inline, or a reference to it. */
  block: z.union([BlockRefSchema, ObjectIdSchema]).optional(),
  isInstant: z.boolean().optional(),
  requestedOn: DateTimeSchema.optional(),
  completedOn: DateTimeSchema.optional(),
  walletId: z.string().optional(),
  walletAddress: AddressSchema,
  /** PENDING, PROCESSED, CLAIMABLE, INSTANT_CLAIMABLE, CLAIMED (and FULFILLED, COMPLETED for write-offs); open. */
  status: z.string(),
  /** The queue key to pass to claim and cancel calls. */
  epochNumber: IntegerSchema.optional(),
  ...auditShape,
});

export type VaultRequest = z.infer<typeof VaultRequestSchema>;
