import { z } from 'zod';
import { AddressSchema, auditShape, BaseUnitsSchema, BlockRefSchema, ObjectIdSchema } from '../primitives';

/**
 * The protocol transactions the service indexed per wallet. Two forms are read:
 * - the protocol's records: no `status` (a record is a mined transaction), `type` one of 39 words
 *   (REQUEST_DEPOSIT, CLAIM_WITHDRAW_REQUEST …), `amount` in tranche tokens, `tokenAmount` in the
 *   vault's underlying, `price` between the two;
 * - the spec's seed: `status`, `amount` in the token `tokenId` names.
 * Type and status are open: an unknown word is kept and shown as it is.
 */
export const TransactionSchema = z.looseObject({
  _id: ObjectIdSchema,
  type: z.string(),
  status: z.string().optional(),
  hash: z.string().optional(),
  chainId: ObjectIdSchema.optional(),
  walletAddress: AddressSchema.optional(),
  walletId: z.string().optional(),
  vaultId: ObjectIdSchema.optional(),
  vaultAddress: z.string().optional(),
  epochId: ObjectIdSchema.optional(),
  tokenId: ObjectIdSchema.optional(),
  amount: BaseUnitsSchema.optional(),
  /** In the vault's underlying, when the record also gives `amount` in tranche tokens. */
  tokenAmount: BaseUnitsSchema.optional(),
  /** Underlying base units per 1e18 tranche tokens at the transaction. */
  price: BaseUnitsSchema.optional(),
  amountUSD: BaseUnitsSchema.optional(),
  gasFeeUSD: BaseUnitsSchema.optional(),
  block: BlockRefSchema.optional(),
  ...auditShape,
});

