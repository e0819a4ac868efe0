import { z } from 'zod';

/**
 * Reading what the service shows, tolerantly: one odd record is set aside and counted, never the
 * cause of a failed page; `null` is taken as absent (the spec's optional fields are sometimes sent
 * as `null` by real services).
 */

/** A record left out of a page: where it stood, its id when it has one, and why. */
export interface SetAsideRecord {
  /** The endpoint label, e.g. `GET /v1/vaults`. */
  endpoint: string;
  /** Its position in the page the service sent. */
  index: number;
  id: string | null;
  /** The first field that did not fit, as `a.b[0].c` (empty for the record itself). */
  path: string;
  reason: string;
}

/** The value with every `null` member of an object left out and every `null` array element dropped, at any depth. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== null).map(withoutNulls);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      if (member !== null) out[key] = withoutNulls(member);
    }
    return out;
  }
  return value;
}

/** `a.b[0].c` for a zod issue path. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '');
}

/**
 * A list page's envelope, its records left unread: each is read on its own with `readRecords`.
 * A `totalCount` that is not a count is taken as absent (paging then checks itself).
 */
export const RawListEnvelopeSchema = z.looseObject({
  data: z.array(z.unknown()),
  totalCount: z
    .unknown()
    .transform((v) => {
      const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
      return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
    })
    .optional(),
});

/** Each record of a page read on its own: those that fit the schema, and the others set aside with their reason. */
export function readRecords<T>(endpoint: string, records: readonly unknown[], schema: z.ZodType<T>): { kept: T[]; setAside: SetAsideRecord[] } {
  const kept: T[] = [];
  const setAside: SetAsideRecord[] = [];
  records.forEach((record, index) => {
    const parsed = schema.safeParse(withoutNulls(record));
    if (parsed.success) {
      kept.push(parsed.data);
      return;
    }
    const issue = parsed.error.issues[0];
    const id = (record as { _id?: unknown } | null)?._id;
    setAside.push({
      endpoint,
      index,
      id: typeof id === 'string' ? id : null,
      path: issuePath(issue?.path ?? []),
      reason: issue?.message ?? 'does not fit the record schema',
    });
  });
  return { kept, setAside };
}
