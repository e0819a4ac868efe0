/**
 * Query parameters of the list endpoints, and how they are written on the wire.
 *
 * - `limit` (default 50, at most 200) and `offset` page the result;
 * - `sort` names one or more fields, `-field` meaning descending; `order` sets the direction of the
 *   fields written without a sign (the official client's `sort=field&order=desc`);
 * - `fields` restricts each returned object to the named fields (`_id` is always kept);
 * - `_id` selects records by id (comma list, at most 200);
 * - filters: `field=value` (a comma list matches any of the values) and the range suffixes
 *   `field:gte`, `:lte`, `:gt`, `:lt`, `:ne`, `:ct` (contains, case-insensitive).
 */

export const RANGE_OPERATORS = ['gte', 'lte', 'gt', 'lt', 'ne', 'ct'] as const;
export type RangeOperator = (typeof RANGE_OPERATORS)[number];

export type FilterScalar = string | number | boolean;
/** A plain value (equality), a list (any of), or operators by suffix. */
export type FilterValue = FilterScalar | readonly FilterScalar[] | Partial<Record<RangeOperator, FilterScalar>>;

export interface ListQuery {
  limit?: number;
  offset?: number;
  /** `'name'`, `'-createdAt'`, or several: `['-feePercentage', 'name']`. */
  sort?: string | readonly string[];
  order?: 'asc' | 'desc';
  fields?: readonly string[];
  _id?: readonly string[];
  /** Field filters, e.g. `{ visibility: 'PUBLIC', chainId: [a, b], createdAt: { gte: '2025-01-01' } }`. */
  filter?: Record<string, FilterValue | undefined>;
}

function scalar(value: FilterScalar): string {
  return String(value);
}

/** Writes a query as URL search parameters, in a stable order. */
export function toSearchParams(query: ListQuery = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.offset !== undefined) params.set('offset', String(query.offset));
  if (query.sort !== undefined) {
    const sort = typeof query.sort === 'string' ? [query.sort] : query.sort;
    if (sort.length > 0) params.set('sort', sort.join(','));
  }
  if (query.order !== undefined) params.set('order', query.order);
  if (query.fields !== undefined && query.fields.length > 0) params.set('fields', query.fields.join(','));
  if (query._id !== undefined) params.set('_id', query._id.join(','));
  for (const [field, value] of Object.entries(query.filter ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      params.set(field, (value as readonly FilterScalar[]).map(scalar).join(','));
    } else if (typeof value === 'object') {
      for (const [op, operand] of Object.entries(value as Partial<Record<RangeOperator, FilterScalar>>)) {
        if (operand !== undefined) params.set(`${field}:${op}`, scalar(operand));
      }
    } else {
      params.set(field, scalar(value as FilterScalar));
    }
  }
  return params;
}
