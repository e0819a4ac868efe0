import { badRequest } from './http-error';
import { address } from './records';
import { LIST_LIMITS, RANGE_OPERATORS, type FilterKind, type Filters, type RangeOperator } from './resources';

/**
 * The list semantics of the real service, applied to an in-memory collection: paging, sorting,
 * projection, `_id` lists and field filters with range suffixes.
 */

type Op = 'eq' | RangeOperator;

interface Filter {
  path: string;
  kind: FilterKind;
  op: Op;
  /** Normalised operands: lowercase addresses, numbers, ms for dates, bigint for amounts. */
  operands: unknown[];
}

/** Spec 2.1: the list envelope; `totalCount` is optional in the spec, always sent here. */
interface ListEnvelope<T> {
  data: T[];
  totalCount?: number;
}

const { defaultLimit: DEFAULT_LIMIT, maxLimit: MAX_LIMIT, maxIds: MAX_ID_LIST } = LIST_LIMITS;

interface ParsedListQuery {
  limit: number;
  offset: number;
  sort: { path: string; direction: 1 | -1 }[];
  fields?: string[];
  ids?: Set<string>;
  filters: Filter[];
}

const PAGING_PARAMS = new Set(['limit', 'offset', 'sort', 'order', 'fields', '_id']);

function parseCount(name: string, raw: string | null, fallback: number, max?: number): number {
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) throw badRequest(`${name} must be a non-negative integer, got '${raw}'`);
  const value = Number(raw);
  if (max !== undefined && value > max) throw badRequest(`${name} must be at most ${max}, got ${value}`);
  return value;
}

function splitList(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function malformedAddress(field: string, value: string) {
  const isWallet = field.toLowerCase().includes('wallet');
  return badRequest(
    `${field} '${value}' is not a valid address`,
    isWallet ? 'WALLET_ADDRESS_MALFORMED' : 'ADDRESS_MALFORMED',
  );
}

/** Turns one textual operand into the value the comparison uses, or answers 400. */
function parseOperand(field: string, kind: FilterKind, raw: string): unknown {
  switch (kind) {
    case 'address':
      if (!address.safeParse(raw).success) throw malformedAddress(field, raw);
      return raw.toLowerCase();
    case 'number': {
      if (!/^-?\d+(\.\d+)?$/.test(raw)) throw badRequest(`${field} must be a number, got '${raw}'`);
      return Number(raw);
    }
    case 'date': {
      const ms = Date.parse(raw);
      if (Number.isNaN(ms)) throw badRequest(`${field} must be an ISO 8601 date, got '${raw}'`);
      return ms;
    }
    case 'amount':
      if (!/^-?\d+$/.test(raw)) throw badRequest(`${field} must be an integer amount, got '${raw}'`);
      return BigInt(raw);
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw badRequest(`${field} must be true or false, got '${raw}'`);
      return raw === 'true';
    default:
      return raw;
  }
}

/**
 * Parses the query of a list endpoint. `filters` names the parameters the endpoint takes (see
 * `FilterParam`); any other parameter (other than those in `ignore`) is a 400, so a typo never
 * silently returns everything. With `sorts`, `sort` names one of those fields (the protocol's
 * `sort=field&order=desc`); without, it takes comma lists and `-field`.
 */
export function parseListQuery(
  params: URLSearchParams,
  filters: Filters,
  ignore: readonly string[] = [],
  sorts?: Readonly<Record<string, string>>,
): ParsedListQuery {
  const limit = parseCount('limit', params.get('limit'), DEFAULT_LIMIT, MAX_LIMIT);
  const offset = parseCount('offset', params.get('offset'), 0);

  const order = params.get('order');
  if (order !== null && order !== 'asc' && order !== 'desc') {
    throw badRequest(`order must be asc or desc, got '${order}'`);
  }
  const defaultDirection: 1 | -1 = order === 'desc' ? -1 : 1;
  const sort: ParsedListQuery['sort'] = [];
  for (const raw of params.getAll('sort')) {
    if (sorts) {
      const path = sorts[raw];
      if (path === undefined) throw badRequest(`sort must be one of ${Object.keys(sorts).join(', ')}, got '${raw}'`);
      sort.push({ path, direction: defaultDirection });
      continue;
    }
    for (const item of splitList(raw)) {
      const descending = item.startsWith('-');
      const path = descending ? item.slice(1) : item.replace(/^\+/, '');
      if (!/^[A-Za-z_][\w.]*$/.test(path)) throw badRequest(`sort field '${item}' is not a field name`);
      sort.push({ path, direction: descending ? -1 : defaultDirection });
    }
  }

  const parsed: ParsedListQuery = { limit, offset, sort, filters: [] };

  const fields = params.get('fields');
  if (fields !== null) parsed.fields = splitList(fields);

  const ids = params.get('_id');
  if (ids !== null) {
    const list = splitList(ids);
    if (list.length > MAX_ID_LIST) throw badRequest(`_id takes at most ${MAX_ID_LIST} ids, got ${list.length}`);
    parsed.ids = new Set(list);
  }

  for (const key of new Set(params.keys())) {
    if (PAGING_PARAMS.has(key) || ignore.includes(key)) continue;
    const [field = '', opText, ...rest] = key.split(':');
    const param = filters[field];
    if (param === undefined || rest.length > 0) throw badRequest(`unknown query parameter '${key}'`);
    const op = (opText ?? 'eq') as Op;
    if (opText !== undefined && !(RANGE_OPERATORS as readonly string[]).includes(opText)) {
      throw badRequest(`unknown filter operator ':${opText}' in '${key}'`);
    }
    if (op === 'eq' ? param.eq === undefined : !(param.ops ?? []).includes(op)) {
      throw badRequest(`filter '${key}' is not supported on ${field}`);
    }
    const raw = params.getAll(key).join(',');
    const texts = op === 'eq' || op === 'ne' ? splitList(raw) : [raw];
    if (op === 'eq' && param.eq === 'one' && texts.length > 1) throw badRequest(`${field} takes one value, got ${texts.length}`);
    if (texts.length > MAX_ID_LIST) throw badRequest(`${field} takes at most ${MAX_ID_LIST} values, got ${texts.length}`);
    parsed.filters.push({ path: param.path ?? field, kind: param.kind, op, operands: texts.map((t) => parseOperand(field, param.kind, t)) });
  }
  return parsed;
}

function getPath(record: unknown, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The comparable forms of a stored value (several for arrays and multilingual text). */
function candidates(value: unknown, kind: FilterKind): unknown[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((v) => candidates(v, kind));
  switch (kind) {
    case 'address':
      return typeof value === 'string' ? [value.toLowerCase()] : [];
    case 'text':
      if (typeof value === 'object') return Object.values(value).filter((v) => typeof v === 'string');
      return [String(value)];
    case 'date':
      return typeof value === 'string' ? [Date.parse(value)] : typeof value === 'number' ? [value] : [];
    case 'amount':
      return typeof value === 'string' && /^-?\d+$/.test(value) ? [BigInt(value)] : [];
    default:
      return [value];
  }
}

function compareOperand(candidate: unknown, op: Op, operand: unknown): boolean {
  switch (op) {
    case 'eq':
      return candidate === operand;
    case 'ne':
      return candidate !== operand;
    case 'ct':
      return String(candidate).toLowerCase().includes(String(operand).toLowerCase());
    case 'gt':
      return (candidate as number) > (operand as number);
    case 'gte':
      return (candidate as number) >= (operand as number);
    case 'lt':
      return (candidate as number) < (operand as number);
    case 'lte':
      return (candidate as number) <= (operand as number);
  }
}

function matches(record: unknown, filter: Filter): boolean {
  const values = candidates(getPath(record, filter.path), filter.kind);
  if (filter.op === 'ne') return values.every((v) => !filter.operands.includes(v));
  return values.some((v) => filter.operands.some((operand) => compareOperand(v, filter.op, operand)));
}

function sortKey(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const en = (value as Record<string, unknown>).en;
    return typeof en === 'string' ? en : undefined;
  }
  return value;
}

function compareValues(a: unknown, b: unknown): number {
  const x = sortKey(a);
  const y = sortKey(b);
  // Missing values go last whatever the direction is asked for: see `applyListQuery`.
  if (x === undefined || x === null) return y === undefined || y === null ? 0 : 1;
  if (y === undefined || y === null) return -1;
  if (typeof x === 'string' && typeof y === 'string' && /^-?\d+$/.test(x) && /^-?\d+$/.test(y)) {
    const bx = BigInt(x);
    const by = BigInt(y);
    return bx < by ? -1 : bx > by ? 1 : 0;
  }
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
  const sx = String(x);
  const sy = String(y);
  return sx < sy ? -1 : sx > sy ? 1 : 0;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  parts.slice(0, -1).forEach((part) => {
    const next = node[part];
    node[part] = next !== null && typeof next === 'object' ? next : {};
    node = node[part] as Record<string, unknown>;
  });
  node[parts[parts.length - 1]!] = value;
}

export function project<T extends { _id?: unknown }>(record: T, fields: readonly string[]): Partial<T> {
  const out: Record<string, unknown> = {};
  if (record._id !== undefined) out._id = record._id;
  for (const field of fields) {
    const value = getPath(record, field);
    if (value !== undefined) setPath(out, field, value);
  }
  return out as Partial<T>;
}

/** Filters, sorts, pages and projects `records` (insertion order when no sort is given). */
export function applyListQuery<T extends { _id?: unknown }>(
  records: Iterable<T>,
  query: ParsedListQuery,
): ListEnvelope<Partial<T>> {
  let rows: T[] = [];
  for (const record of records) {
    if (query.ids && !query.ids.has(String(record._id))) continue;
    if (query.filters.every((f) => matches(record, f))) rows.push(record);
  }
  if (query.sort.length > 0) {
    rows = rows.sort((a, b) => {
      for (const { path, direction } of query.sort) {
        const va = getPath(a, path);
        const vb = getPath(b, path);
        const missingA = va === undefined || va === null;
        const missingB = vb === undefined || vb === null;
        if (missingA || missingB) {
          if (missingA !== missingB) return missingA ? 1 : -1;
          continue;
        }
        const c = compareValues(va, vb) * direction;
        if (c !== 0) return c;
      }
      return 0;
    });
  }
  const page = rows.slice(query.offset, query.offset + query.limit);
  return {
    data: query.fields ? page.map((r) => project(r, query.fields!)) : page,
    totalCount: rows.length,
  };
}
