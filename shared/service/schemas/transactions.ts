import { z } from 'zod';
import { AddressSchema, auditShape, BaseUnitsSchema, BlockRefSchema, ObjectIdSchema } from '../primitives';

/** The protocol transactions the service indexed per wallet. */

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

export type Transaction = z.infer<typeof TransactionSchema>;
