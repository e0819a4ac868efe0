import { z } from 'zod';

/**
 * The building blocks of the records this service stores and serves, as the spec writes them
 * (section 2): ids are strings, addresses 0x and 20 bytes, amounts integer strings of base units,
 * dates ISO 8601, multilingual text a map of language to string with `en`. Records are open: a
 * field the spec does not name is kept.
 */

/** The same members, each optional: most of what the spec lists is. */
export const optional = <T extends z.ZodRawShape>(shape: T) => z.object(shape).partial().shape;

export const id = z.string().min(1);
export const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'not a 20-byte 0x address');
export const units = z.string().regex(/^-?\d+$/, 'not an integer amount');
export const isoDate = z.iso.datetime({ offset: true });
export const languages = z.looseObject({ en: z.string() });
export const nameOrLanguages = z.union([z.string(), languages]);
export const blockRef = z.looseObject({ number: z.number(), timestamp: z.number() });
export const contract = z.looseObject({ address, abi: z.array(z.looseObject({})).optional(), abiCode: z.string().optional() });
/** The members every stored record may carry (spec: createdAt, updatedAt, createdBy, updatedBy). */
export const stamps = { createdAt: isoDate.optional(), updatedAt: isoDate.optional(), createdBy: z.string().optional(), updatedBy: z.string().optional() };
export const usdAndToken = z.looseObject(optional({ USD: units, token: units }));
export const earnings = usdAndToken.extend({ percentage: z.number().optional() });

/** The values the spec lists for the closed fields the simulation writes. */
export const SPEC_VALUES = {
  visibility: ['PUBLIC', 'RESTRICTED', 'HIDDEN'],
  signatureEntity: ['ALL', 'LENDER', 'MANAGER'],
  // WRITEOFF: requests of the write-off escrow, which the real service lists beside the spec's three.
  requestType: ['DEPOSIT', 'WITHDRAW', 'REDEEM', 'WRITEOFF'],
} as const;
