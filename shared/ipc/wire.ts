import type { Result } from './result';

/**
 * The form in which call results cross both transports (Electron IPC and the browser shell's
 * WebSocket). A long list of records, such as a portfolio's tens of thousands of requests, crosses
 * as a table: its keys once, then one column per key; a column whose values repeat (a wallet, a
 * vault, a status, an action) crosses as the list of its distinct values and one index per row.
 * Repeated keys and repeated values were most of the portfolio's bytes, and the renderer spent its
 * first render parsing them: as a table the text is under a third of the size, and rebuilding the
 * records from columns costs less than parsing them whole.
 *
 * The main side encodes after the value was checked against the contract's result schema, and the
 * renderer's bridge decodes before anything else sees it, so code on either side only ever handles
 * the contract's own types. Which parts of a value are tables is said beside the value (`tables`,
 * a list of paths), never by a marker inside it, so no record can be mistaken for a table.
 */

/** Lists shorter than this cross as they are: a table would not save enough to be worth it. */
export const MIN_TABLE_ROWS = 32;

/**
 * A column of plain values, of indexes into its distinct values, or of one value every row holds
 * (`same`: a flag no row has set, an amount that is zero everywhere, an empty list). Rows without the
 * key are listed in `absent`.
 */
export type WireColumn = ({ values: unknown[] } | { dict: unknown[]; index: number[] } | { same: unknown }) & { absent?: number[] };

export interface WireTable {
  keys: string[];
  rows: number;
  columns: WireColumn[];
}

/** Where a table sits in the value: object keys and array positions from the top. */
export type WirePath = Array<string | number>;

export type WireResult = { ok: true; value: unknown; tables?: WirePath[] } | Extract<Result<unknown>, { ok: false }>;

/** A column is sent as a dictionary only when at most this share of its rows hold distinct values. */
const MAX_DISTINCT_SHARE = 0.25;

const isRecord = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/** The wire form of a result: every list of at least MIN_TABLE_ROWS records becomes a table. */
export function toWire(result: Result<unknown>): WireResult {
  if (!result.ok) return result;
  const tables: WirePath[] = [];
  const value = encode(result.value, [], tables);
  return tables.length > 0 ? { ok: true, value, tables } : result;
}

/** Returns the value itself where nothing below it became a table, so only the paths to tables are copied. */
function encode(value: unknown, path: WirePath, tables: WirePath[]): unknown {
  if (Array.isArray(value)) {
    const table = value.length >= MIN_TABLE_ROWS ? tableOf(value) : null;
    if (table) {
      tables.push(path);
      return table;
    }
    let copy: unknown[] | null = null;
    value.forEach((item, i) => {
      if (typeof item !== 'object' || item === null) return;
      const encoded = encode(item, [...path, i], tables);
      if (encoded !== item) (copy ??= [...value])[i] = encoded;
    });
    return copy ?? value;
  }
  if (isRecord(value)) {
    let copy: Record<string, unknown> | null = null;
    for (const [key, item] of Object.entries(value)) {
      // Assigning to `__proto__` would set the copy's prototype rather than a key.
      if (typeof item !== 'object' || item === null || key === '__proto__') continue;
      const encoded = encode(item, [...path, key], tables);
      if (encoded !== item) (copy ??= { ...value })[key] = encoded;
    }
    return copy ?? value;
  }
  return value;
}

/** The list as a table, or null when it is not a list of plain records. */
function tableOf(rows: unknown[]): WireTable | null {
  if (!rows.every(isRecord)) return null;
  const keys: string[] = [];
  const known = new Set<string>();
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!known.has(key)) {
        known.add(key);
        keys.push(key);
      }
    }
  }
  // Rebuilding a record by assignment would turn this key into its prototype.
  if (known.has('__proto__')) return null;
  const columns = keys.map((key) => {
    const values = rows.map((row) => row[key]);
    // A key holding `undefined` is absent, as it would be in JSON text.
    const absent: number[] = [];
    values.forEach((v, i) => {
      if (v === undefined) {
        absent.push(i);
        values[i] = null;
      }
    });
    const dictionary = asDictionary(values, absent.length);
    // One value in every row that has the key crosses once: a column of indexes that were all the
    // same was a sixth of the portfolio's bytes at 100,000 pairs.
    const same = dictionary ? onlyValue(dictionary, absent) : null;
    const column: WireColumn = same ? { same: same.value } : (dictionary ?? { values });
    if (absent.length > 0) column.absent = absent;
    return column;
  });
  return { keys, rows: rows.length, columns };
}

/** The one value the rows that have the key hold, if they all hold the same (`absent` is in ascending order). */
function onlyValue({ dict, index }: { dict: unknown[]; index: number[] }, absent: number[]): { value: unknown } | null {
  let only: number | null = null;
  let skip = 0;
  for (let r = 0; r < index.length; r++) {
    if (r === absent[skip]) {
      skip++;
      continue;
    }
    if (only === null) only = index[r]!;
    else if (index[r] !== only) return null;
  }
  return only === null ? null : { value: dict[only] };
}

/**
 * The column as distinct values and indexes, if few enough are distinct. Records and lists count as
 * equal when their JSON text is: the rows then share one copy of them once decoded.
 */
function asDictionary(values: unknown[], absent: number): { dict: unknown[]; index: number[] } | null {
  const limit = Math.max(1, Math.floor((values.length - absent) * MAX_DISTINCT_SHARE));
  const dict: unknown[] = [];
  const index: number[] = [];
  const primitives = new Map<unknown, number>();
  const composites = new Map<string, number>();
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    const composite = typeof v === 'object' && v !== null;
    let key: unknown = v;
    if (composite) {
      // A value JSON cannot write (a bigint inside) is left to the transport: the column stays plain.
      try {
        key = JSON.stringify(v);
      } catch {
        return null;
      }
    }
    const seen = composite ? composites.get(key as string) : primitives.get(key);
    if (seen !== undefined) {
      index.push(seen);
      continue;
    }
    if (dict.length === limit) return null;
    index.push(dict.length);
    if (composite) composites.set(key as string, dict.length);
    else primitives.set(key, dict.length);
    dict.push(v);
  }
  return { dict, index };
}

/**
 * A table this long under a record's key is rebuilt when that key is first read, not when the answer
 * arrives: a screen that never reads it (the Requests screen and the portfolio's 100,000 positions)
 * does not pay for it, and one that does pays once. Checked for shape on arrival all the same, so a
 * malformed table still fails the call, never the screen that reads it.
 */
export const LATER_TABLE_ROWS = 5_000;

/** Reads one column of a table, by row. */
type ColumnOf = (row: number) => unknown;

/**
 * A kind of record the receiver decodes in bulk, written as one object literal over its table's
 * columns (see `recordLiteral`). The engine builds each such record with its whole layout at once;
 * the general builder stores key by key, with a key that changes from column to column, which took
 * about three times as long at 100,000 positions. Used only for a table whose keys are exactly the
 * literal's, in its order, and in which every row has every key: any other table, including one
 * from a newer or older main side, is built the general way, to the same records.
 */
type RecordLiteral = (columns: Record<string, ColumnOf>) => (row: number) => object;

/** The columns a record literal of `T` reads, one per key of `T`. */
type ColumnsOf<T> = { readonly [K in keyof T]-?: (row: number) => T[K] };

/** A record literal of a contract type: `(c) => (r) => ({ wallet: c.wallet(r), … })`, keys in the schema's order. */
export const recordLiteral = <T extends object>(literal: (columns: ColumnsOf<T>) => (row: number) => T): RecordLiteral =>
  literal as unknown as RecordLiteral;

/**
 * The result as the contract defines it: every table listed in `tables` is turned back into its
 * records (long ones under a record's key when first read, see LATER_TABLE_ROWS), those of a known
 * kind by its literal. Works in place on the value it was given, which the transport has just built.
 */
export function fromWire(result: WireResult, literals: readonly RecordLiteral[] = []): Result<unknown> {
  if (!result.ok) return result;
  let value = result.value;
  for (const path of result.tables ?? []) {
    if (path.includes('__proto__')) throw new Error('A table in the answer is malformed.');
    if (path.length === 0) {
      value = tableBuilder(value as WireTable, literals)();
      continue;
    }
    let parent = value as Record<string | number, unknown>;
    for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
    const last = path[path.length - 1]!;
    const table = parent[last] as WireTable;
    const build = tableBuilder(table, literals);
    if (typeof last === 'string' && !Array.isArray(parent) && table.rows >= LATER_TABLE_ROWS) buildWhenRead(parent, last, build);
    else parent[last] = build();
  }
  return { ok: true, value };
}

/** `parent[key]` becomes the table's records the first time it is read (or whatever is assigned to it first). */
function buildWhenRead(parent: Record<string, unknown>, key: string, build: () => Record<string, unknown>[]): void {
  const settle = (value: unknown) => Object.defineProperty(parent, key, { value, writable: true, enumerable: true, configurable: true });
  Object.defineProperty(parent, key, {
    enumerable: true,
    configurable: true,
    get() {
      const rows = build();
      settle(rows);
      return rows;
    },
    set: settle,
  });
}

/** The records of a table, keys in their first-seen order. */
export function decodeTable(table: WireTable, literals: readonly RecordLiteral[] = []): Record<string, unknown>[] {
  return tableBuilder(table, literals)();
}

/** Checks the table's shape now (throwing when it is malformed) and returns what builds its records. */
function tableBuilder(table: WireTable, literals: readonly RecordLiteral[]): () => Record<string, unknown>[] {
  const { rows, columns } = table;
  if (!Array.isArray(table.keys) || !Array.isArray(columns) || table.keys.length !== columns.length || !Number.isInteger(rows) || rows < 0) {
    throw new Error('A table in the answer is malformed.');
  }
  // Keys parsed as values are not yet the engine's property names; storing with them would look
  // each one up again on every row.
  const keys = table.keys.map((key) => Object.keys({ [key]: null })[0]!);
  if (keys.includes('__proto__')) throw new Error('A table in the answer is malformed.');
  const sources = columns.map((column) => ('same' in column ? null : 'dict' in column ? column.index : column.values));
  if (sources.some((source) => source !== null && (!Array.isArray(source) || source.length !== rows)))
    throw new Error('A table in the answer is malformed.');
  // Rows without a key, in ascending order: checked now, since the records may be built only later.
  const absentOk = (absent: unknown) =>
    absent === undefined ||
    (Array.isArray(absent) && absent.every((r, i) => Number.isInteger(r) && r >= 0 && r < rows && (i === 0 || r > absent[i - 1])));
  if (!columns.every((column) => absentOk(column.absent))) throw new Error('A table in the answer is malformed.');
  const literal = recordLiteralFor(table, literals);
  if (literal) return () => buildByLiteral(table, keys, literal);
  return () => buildRecords(table, keys, sources);
}

/** The literal that builds this (well-formed) table's records, if one of `literals` has exactly its keys and no row lacks one. */
export function recordLiteralFor(table: WireTable, literals: readonly RecordLiteral[]): RecordLiteral | undefined {
  if (!table.columns.every((column) => column.absent === undefined || column.absent.length === 0)) return undefined;
  return literals.find((literal) => sameKeys(keysOf(literal), table.keys));
}

const literalKeys = new WeakMap<RecordLiteral, readonly string[]>();

/** The keys a record literal writes, in its order: read once from a record it builds over columns of nulls. */
function keysOf(literal: RecordLiteral): readonly string[] {
  let keys = literalKeys.get(literal);
  if (!keys) {
    const nulls = new Proxy({}, { get: () => () => null }) as Record<string, ColumnOf>;
    keys = Object.keys(literal(nulls)(0));
    literalKeys.set(literal, keys);
  }
  return keys;
}

const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

function columnOf(column: WireColumn): ColumnOf {
  if ('same' in column) {
    const value = column.same;
    return () => value;
  }
  if ('dict' in column) {
    const { dict, index } = column;
    return (row) => dict[index[row]!];
  }
  const { values } = column;
  return (row) => values[row];
}

function buildByLiteral(table: WireTable, keys: string[], literal: RecordLiteral): Record<string, unknown>[] {
  const columns: Record<string, ColumnOf> = Object.create(null) as Record<string, ColumnOf>;
  keys.forEach((key, c) => (columns[key] = columnOf(table.columns[c]!)));
  const record = literal(columns) as (row: number) => Record<string, unknown>;
  const out = new Array<Record<string, unknown>>(table.rows);
  for (let r = 0; r < table.rows; r++) out[r] = record(r);
  return out;
}

function buildRecords(table: WireTable, keys: string[], sources: Array<unknown[] | null>): Record<string, unknown>[] {
  const { rows, columns } = table;
  // The columns each row lacks (in column order), for the few tables with optional keys.
  const missing: Array<number[] | undefined> = [];
  columns.forEach((column, c) => {
    for (const r of column.absent ?? []) (missing[r] ??= []).push(c);
  });
  // Each record starts as a copy of an empty record of its shape (which keys it has, in order), so
  // all records of a shape share one layout from the start instead of growing key by key.
  const shapes = new Map<string, Record<string, null>>();
  const shapeOf = (lacks: number[] | undefined) => {
    const id = lacks ? lacks.join(',') : '';
    let shape = shapes.get(id);
    if (!shape) {
      shape = {};
      for (let c = 0; c < keys.length; c++) if (!lacks?.includes(c)) shape[keys[c]!] = null;
      shapes.set(id, shape);
    }
    return shape;
  };
  const whole = shapeOf(undefined);
  const out = new Array<Record<string, unknown>>(rows);
  for (let r = 0; r < rows; r++) {
    const lacks = missing[r];
    out[r] = { ...(lacks ? shapeOf(lacks) : whole) };
  }
  // Then filled column by column: within a column every store is to the same key, which the engine
  // does fastest.
  columns.forEach((column, c) => {
    const key = keys[c]!;
    const absent = column.absent ?? [];
    let skip = 0;
    const source = sources[c] ?? null;
    if (source === null) {
      const value = (column as { same: unknown }).same;
      for (let r = 0; r < rows; r++) {
        if (r === absent[skip]) skip++;
        else out[r]![key] = value;
      }
      return;
    }
    const dict = 'dict' in column ? column.dict : null;
    for (let r = 0; r < rows; r++) {
      if (r === absent[skip]) {
        skip++;
        continue;
      }
      out[r]![key] = dict ? dict[source[r] as number] : source[r];
    }
  });
  return out;
}
