import type { Prng } from '../prng';

/**
 * What a real service does to the records it sends that the spec allows: `null` for optional
 * fields, fields this client never heard of, enum values added after the spec was written,
 * numbers as numeric strings where the spec types them loosely, and dates in other ISO forms.
 * Every choice is drawn from the request's own generator, so the same request under the same seed
 * always gets the same answer.
 */

type Json = Record<string, unknown>;

/** Optional fields (spec section 2, and what real services leave empty) that may come as `null`. */
const NULLABLE = ['typeId', 'kyc', 'logoURI', 'color', 'caption', 'shortDescription', 'keyInfo', 'earnings', 'accruedRewards', 'isInstant'];

/** Fields a newer service sends that the spec does not name. */
const UNKNOWN_FIELDS: Json = { __v: 0, indexedAt: 'wild', _links: { self: 'wild' } };

/** Fields typed loosely (numbers a real service sends as numeric strings). */
const NUMERIC_STRINGS = ['feePercentage', 'points', 'perDay', 'multiplier', 'age', 'holders', 'blocksPerYear', 'policyId'];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** The probability of each transform per record: often enough to show, never on every record. */
const RATE = { nulls: 0.25, unknown: 0.5, newEnum: 0.15, numericString: 0.35, dateForm: 0.5, dropTotal: 0.3, envelopeExtra: 0.5, inexactAmount: 0.1 };

/**
 * Amounts in base units, which a service written in JavaScript may serialise as a JSON number:
 * a request's or a transaction's amounts, and a vault block's tranche supply (18 decimals, so
 * always above 2^53: with the official records' amounts in the underlying, a 6-decimal vault's
 * requests rarely are).
 */
const AMOUNT_FIELDS = ['amount', 'lpAmount', 'totalSupply'];

/** Base units too large for a double to hold exactly (above 2^53). */
const beyondDouble = (value: unknown): value is string =>
  typeof value === 'string' && /^\d+$/.test(value) && BigInt(value) > BigInt(Number.MAX_SAFE_INTEGER);

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** An ISO date in another allowed form: without milliseconds when they are zero, else with an offset. */
export function otherDateForm(iso: string, rng: Prng): string {
  const ms = Date.parse(iso);
  if (rng.bool() && ms % 1000 === 0) return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const offsetHours = rng.pick([2, -5, 9]);
  const local = new Date(ms + offsetHours * 3_600_000).toISOString().replace(/Z$/, '');
  const sign = offsetHours < 0 ? '-' : '+';
  return `${local}${sign}${String(Math.abs(offsetHours)).padStart(2, '0')}:00`;
}

function rewriteDates(value: unknown, rng: Prng): unknown {
  if (typeof value === 'string') return ISO_DATE.test(value) ? otherDateForm(value, rng) : value;
  if (Array.isArray(value)) return value.map((v) => rewriteDates(v, rng));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewriteDates(v, rng)]));
  return value;
}

function numericStrings(record: Json, rng: Prng): void {
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'number' && NUMERIC_STRINGS.includes(key) && rng.bool(RATE.numericString)) record[key] = String(value);
    else if (isObject(value)) numericStrings(value, rng);
  }
}

/** A value added after the spec: a vault's visibility or signature entity, a request's status, a signature's entity. */
function newEnumValue(record: Json, rng: Prng): void {
  const signatures = record.signatures;
  if (Array.isArray(signatures) && isObject(signatures[0]) && rng.bool()) {
    record.signatures = [{ ...signatures[0], entity: 'BORROWER' }, ...signatures.slice(1)];
  } else if (typeof record.visibility === 'string') record.visibility = 'PRIVATE';
  else if (typeof record.epochNumber === 'number' && typeof record.status === 'string') record.status = 'FULFILLED';
  else if (typeof record.entity === 'string') record.entity = 'BORROWER';
}

/**
 * A service that parses amounts into doubles writes them back as JSON numbers: above 2^53 the
 * figure is no longer the amount on chain. A reader cannot recover it, so such a record is one
 * the console must set aside (and say so), never round.
 */
const hasLargeAmount = (record: Json): boolean =>
  AMOUNT_FIELDS.some((key) => beyondDouble(record[key]));

function inexactAmount(record: Json): void {
  for (const key of AMOUNT_FIELDS) {
    const value = record[key];
    if (beyondDouble(value)) record[key] = Number(value);
  }
}

/**
 * One record as a real service may send it. `newEnums` is false where a changed enum must not
 * happen (the first record of a page), so no page is ever all new values.
 */
function wildRecord(input: Json, rng: Prng, newEnums: boolean): Json {
  const record = structuredClone(input);
  for (const key of NULLABLE) if (key in record && rng.bool(RATE.nulls)) record[key] = null;
  if (rng.bool(RATE.unknown)) Object.assign(record, UNKNOWN_FIELDS);
  if (newEnums && rng.bool(RATE.newEnum)) newEnumValue(record, rng);
  // Drawn only for records that carry such an amount, so other records' answers stay as they were.
  if (newEnums && hasLargeAmount(record) && rng.bool(RATE.inexactAmount)) inexactAmount(record);
  numericStrings(record, rng);
  if (Array.isArray(record.requests)) {
    record.requests = record.requests.map((r, i) => (isObject(r) ? wildRecord(r, rng, i > 0) : r));
  }
  return rng.bool(RATE.dateForm) ? (rewriteDates(record, rng) as Json) : record;
}

/** Records of a list, never the first, and the requests inside them, never the first of theirs. */
function laterRecords(data: readonly unknown[]): Json[] {
  const out: Json[] = [];
  data.forEach((r, i) => {
    if (!isObject(r)) return;
    if (i > 0) out.push(r);
    if (Array.isArray(r.requests)) r.requests.forEach((q, j) => isObject(q) && j > 0 && out.push(q));
  });
  return out;
}

/**
 * A page with two or more records that can carry an inexact amount carries at least one (the last
 * such record, so that no draw changes), whatever the draws gave: a reader's handling of it is
 * then met on every such page, not on some seeds only.
 */
function atLeastOneInexact(data: readonly unknown[]): void {
  const later = laterRecords(data);
  if (later.some((r) => AMOUNT_FIELDS.some((k) => typeof r[k] === 'number'))) return;
  const candidates = later.filter(hasLargeAmount);
  if (candidates.length >= 2) inexactAmount(candidates[candidates.length - 1]!);
}

/** A whole JSON answer: a list envelope (records, `totalCount`, extra members) or one record. */
export function wildBody(body: unknown, rng: Prng): unknown {
  if (!isObject(body)) return body;
  if (!Array.isArray(body.data)) return wildRecord(body, rng, rng.bool(RATE.newEnum));
  const envelope: Json = { ...body, data: body.data.map((r, i) => (isObject(r) ? wildRecord(r, rng, i > 0) : r)) };
  atLeastOneInexact(envelope.data as unknown[]);
  if (rng.bool(RATE.dropTotal)) delete envelope.totalCount;
  if (rng.bool(RATE.envelopeExtra)) envelope.meta = { servedAt: 'wild', version: 2 };
  return envelope;
}
