import { z } from 'zod';
import { AddressSchema } from '../domain/hex';

/**
 * Building blocks shared by every resource schema. The service is read by a client that must keep
 * working when the service adds fields, so every object is loose (unknown keys are kept as they are).
 *
 * Values are normalised here, at the boundary, so the rest of the console sees one form whatever
 * the service wrote: amounts become integer strings, dates ISO strings in UTC with milliseconds,
 * numbers numbers. A value that cannot be read exactly (a JSON number above 2^53, a decimal where
 * base units are expected) fails its field, so its record is set aside with that reason: it is
 * never rounded into something that looks right.
 */

/** Record identifiers are 24-hex-character object ids in the real service; we only insist on a non-empty string. */
export const ObjectIdSchema = z.string().min(1);

/** An EVM address, any casing. Checksums are not enforced here: the service is not a checksum authority. */
export { AddressSchema };

const INTEGER = /^-?\d+$/;

/**
 * Amounts travel as integer strings of base units (or of 1e-6 USD for USD amounts). A JSON number
 * is read when it is an exact integer: above 2^53 JSON has already lost digits, so it is refused.
 */
export const BaseUnitsSchema = z.union([z.string(), z.number()]).transform((value, ctx) => {
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) return String(value);
    ctx.addIssue({
      code: 'custom',
      message: Number.isInteger(value)
        ? 'an amount sent as a JSON number above 2^53 cannot be read exactly'
        : 'expected an integer amount of base units, got a decimal number',
    });
    return z.NEVER;
  }
  const text = value.trim();
  if (INTEGER.test(text)) return text.replace(/^(-?)0+(?=\d)/, '$1');
  ctx.addIssue({
    code: 'custom',
    message: /^-?\d*\.\d+$/.test(text)
      ? 'expected an integer amount of base units, got a decimal string'
      : 'expected an integer string of base units',
  });
  return z.NEVER;
});

/** A figure shown as it is (APRs, percentages, counts): a number, or a numeric string read as one. */
export const NumberSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const n = typeof value === 'number' ? value : /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isFinite(n)) return n;
  ctx.addIssue({ code: 'custom', message: `expected a number, got ${JSON.stringify(value)}` });
  return z.NEVER;
});

/** Like NumberSchema, for figures that must be whole numbers (epoch numbers, counts). */
export const IntegerSchema = NumberSchema.refine((n) => Number.isSafeInteger(n), 'expected a whole number');

// `2026-11-01`, `2026-11-01T12:00`, `…:00`, `…:00.5`, then `Z`, `+02:00`, `+0200` or nothing.
const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * ISO 8601 date-time in any of its usual forms, with or without milliseconds and time zone,
 * normalised to `YYYY-MM-DDTHH:mm:ss.sssZ`. A date written without a zone is taken as UTC: the
 * service stores UTC, and a local reading would shift every date by the reader's offset.
 */
export const DateTimeSchema = z.string().transform((value, ctx) => {
  const m = ISO_DATE.exec(value.trim());
  if (m) {
    const [, day, time, zone] = m;
    const fraction = time?.split('.')[1];
    // Date.parse keeps milliseconds only; a longer fraction is cut to them.
    const clock = time
      ? `${time.split('.')[0]!.padEnd(8, ':00').slice(0, 8)}${fraction ? `.${fraction.slice(0, 3).padEnd(3, '0')}` : ''}`
      : '00:00:00';
    const offset = !zone || zone === 'z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
    const ms = Date.parse(`${day}T${clock}${offset}`);
    if (!Number.isNaN(ms)) return new Date(ms).toISOString();
  }
  ctx.addIssue({ code: 'custom', message: `expected an ISO 8601 date-time, got ${JSON.stringify(value)}` });
  return z.NEVER;
});

/**
 * Multilingual text: a map of language code to string. The spec says `en` is always there; the
 * protocol's own records use other keys (`en_EN`), so any language is accepted and readers pick
 * with `localizedText`. Members that are not text are left out.
 */
export const MultilingualSchema = z.record(z.string(), z.unknown()).transform((map) => {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(map)) if (typeof value === 'string') out[key] = value;
  return out;
});

/**
 * Text whose shape the spec does not show (names of categories, types, campaigns): the real service
 * uses multilingual objects, but a plain string must not break a screen.
 */
export const TextSchema = z.union([z.string(), MultilingualSchema]);

/** Where a record sits on chain: block number and unix-seconds timestamp. */
export const BlockRefSchema = z.looseObject({ number: IntegerSchema, timestamp: IntegerSchema });

/** Bookkeeping fields every stored record may carry. */
export const auditShape = {
  createdAt: DateTimeSchema.optional(),
  updatedAt: DateTimeSchema.optional(),
  createdBy: z.string().optional(),
  updatedBy: z.string().optional(),
};

