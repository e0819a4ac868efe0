import { z } from 'zod';
import { auditShape, IntegerSchema, MultilingualSchema, NumberSchema, ObjectIdSchema, TextSchema } from '../primitives';

/**
 * The catalog's reference records: chains (with their RPCs), tokens, operators, vault categories
 * and types.
 */

const RpcSchema = z.looseObject({
  provider: z.string().optional(),
  https: z.string().optional(),
  wss: z.string().optional(),
  name: z.string().optional(),
  isPublic: z.boolean().optional(),
});

const ChainRecordSchema = z.looseObject({
  _id: ObjectIdSchema,
  name: z.string().optional(),
  hex: z.string().optional(),
  blocksPerYear: NumberSchema.optional(),
  tokenSymbol: z.string().optional(),
  /** Numeric network id (1, 137, …). Not to be confused with a vault's `chainId`, which is this record's `_id`. */
  chainID: IntegerSchema.optional(),
  RPCs: z.array(RpcSchema).optional(),
  color: z.string().optional(),
  isDisabled: z.boolean().optional(),
  nativeToken: z.string().optional(),
  explorerUrl: z.string().optional(),
  icon: z.string().optional(),
  ...auditShape,
});

/**
 * A chain record. Some answers spell the numeric id `chainId` (as viem and most JSON-RPC tooling do)
 * instead of the spec's `chainID`; both are read, the spec's spelling first, so that such a chain
 * still carries its vaults instead of silently leaving every one of them out.
 */
export const ChainSchema = z.preprocess((input) => {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  const record = input as Record<string, unknown>;
  return record.chainID === undefined && record.chainId !== undefined ? { ...record, chainID: record.chainId } : record;
}, ChainRecordSchema);

export const TokenSchema = z.looseObject({
  _id: ObjectIdSchema,
  name: z.string().optional(),
  symbol: z.string().optional(),
  /** What the service says; amounts that move money use the chain's own `decimals()` instead. */
  decimals: IntegerSchema.refine((d) => d >= 0 && d <= 36, 'decimals must be between 0 and 36').optional(),
  /**
   * Any text: a token of another kind of chain (or a placeholder) must not set its record aside;
   * readers that call the token check it is an EVM address.
   */
  address: z.string().optional(),
  chainId: ObjectIdSchema.optional(),
  logoURI: z.string().optional(),
  underlying: z.boolean().optional(),
  ...auditShape,
});

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

