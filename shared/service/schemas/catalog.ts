import { z } from 'zod';
import { AddressSchema, auditShape, MultilingualSchema, ObjectIdSchema, TextSchema } from '../primitives';

/**
 * The catalog's reference records: chains (with their RPCs), tokens, operators, vault categories
 * and types.
 */

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

export type Chain = z.infer<typeof ChainSchema>;
export type Token = z.infer<typeof TokenSchema>;
export type Operator = z.infer<typeof OperatorSchema>;
export type VaultCategory = z.infer<typeof VaultCategorySchema>;
export type VaultType = z.infer<typeof VaultTypeSchema>;
