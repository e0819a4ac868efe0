import type { FilterScalar, FilterValue, ListQuery } from '../../../shared/service';

/**
 * The filters of a list query, applied again to what the service answered: a service that ignores
 * a filter (the comma-list `walletAddress` of transactions, the `vaultId` of vault requests) then
 * costs requests, never correctness. Equality, any-of, `ne` and `ct` are checked; the ranges
 * (`gte`, `lt`, …) are left to the service. A record without the field cannot be checked and is
 * kept as the service sent it.
 */

type Scalar = string | number | boolean;

function fieldOf(record: unknown, path: string): unknown {
  let value = record;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

// Addresses and ids differ only by case between sources; comparing every string without case
// never makes two distinct values of these fields equal.
const norm = (value: Scalar | FilterScalar): string => String(value).toLowerCase();

function matches(actual: Scalar, wanted: FilterValue): boolean {
  if (Array.isArray(wanted)) return (wanted as readonly FilterScalar[]).some((w) => norm(w) === norm(actual));
  if (typeof wanted !== 'object') return norm(wanted) === norm(actual);
  const ops = wanted as Partial<Record<string, FilterScalar>>;
  if (ops.ne !== undefined && norm(ops.ne) === norm(actual)) return false;
  if (ops.ct !== undefined && !norm(actual).includes(norm(ops.ct))) return false;
  return true;
}

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** A predicate for the records this query asked for (always true when it asks for nothing checkable). */
export function recordFilter(query: Pick<ListQuery, 'filter' | '_id'>): (record: unknown) => boolean {
  const checks = Object.entries(query.filter ?? {}).filter((entry): entry is [string, FilterValue] => entry[1] !== undefined);
  if (query._id !== undefined) checks.push(['_id', query._id]);
  if (checks.length === 0) return () => true;
  return (record) =>
    checks.every(([field, wanted]) => {
      const actual = fieldOf(record, field);
      return !isScalar(actual) || matches(actual, wanted);
    });
}
