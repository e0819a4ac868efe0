import { z } from 'zod';

/**
 * Building blocks shared by every resource schema. The service is read by a client that must keep
 * working when the service adds fields, so every object is loose (unknown keys are kept as they are).
 */

/** Record identifiers are 24-hex-character object ids in the real service; we only insist on a non-empty string. */
export const ObjectIdSchema = z.string().min(1);

/** An EVM address, any casing. Checksums are not enforced here: the service is not a checksum authority. */
export const AddressSchema = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 0x-prefixed 20-byte hex address');

/** Amounts travel as integer strings of base units (or of 1e-6 USD for USD amounts). */
export const BaseUnitsSchema = z.string().regex(/^-?\d+$/, 'expected an integer string of base units');

/** ISO 8601 date-time. The service writes UTC with a `Z`; offsets are accepted too. */
export const DateTimeSchema = z.iso.datetime({ offset: true });

/** Multilingual text: a map of language code to string, English always present. */
export const MultilingualSchema = z.looseObject({ en: z.string() });

/**
 * Text whose shape the spec does not show (names of categories, types, campaigns): the real service
 * uses multilingual objects, but a plain string must not break a screen.
 */
export const TextSchema = z.union([z.string(), MultilingualSchema]);

/** Where a record sits on chain: block number and unix-seconds timestamp. */
export const BlockRefSchema = z.looseObject({ number: z.number(), timestamp: z.number() });

/** Bookkeeping fields every stored record may carry. */
export const auditShape = {
  createdAt: DateTimeSchema.optional(),
  updatedAt: DateTimeSchema.optional(),
  createdBy: z.string().optional(),
  updatedBy: z.string().optional(),
};

export type Multilingual = z.infer<typeof MultilingualSchema>;
export type BlockRef = z.infer<typeof BlockRefSchema>;
