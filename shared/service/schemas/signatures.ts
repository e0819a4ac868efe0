import { z } from 'zod';
import { AddressSchema, auditShape, DateTimeSchema, MultilingualSchema, ObjectIdSchema } from '../primitives';

/**
 * Lender agreements: what a wallet signs, the record of a signature, and the request that submits
 * one.
 */

export const SignatureDefinitionSchema = z.looseObject({
  _id: ObjectIdSchema,
  code: z.string().optional(),
  /** ALL, LENDER, MANAGER are known; open. */
  entity: z.string().optional(),
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

export type SignatureCheck = z.infer<typeof SignatureCheckSchema>;
export type SignRequest = z.infer<typeof SignRequestSchema>;
