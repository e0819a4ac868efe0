import type { z } from 'zod';
import { listMethodNames, lookupMethod } from './contract';

/**
 * How large a call can legitimately be on the wire. The browser shell refuses WebSocket frames
 * above a ceiling; that ceiling must hold every input the contract accepts (a bundle file's 32 MiB
 * of text is the largest), or a legitimate call would be cut off by the transport instead of being
 * answered. The size follows from the input schemas themselves, so a new method or a raised limit
 * moves the ceiling with it.
 */

/** JSON writes a character of a string in at most 6 bytes (`\u001f`); UTF-8 needs at most 3. */
export const JSON_BYTES_PER_CHAR = 6;
/** The longest JSON number: `-1.7976931348623157e+308`. */
const NUMBER_BYTES = 24;
/** `{"id":…,"method":"…","input":}` around the input, generously. */
const ENVELOPE_BYTES = 1024;

const utf8 = new TextEncoder();
const utf8Bytes = (text: string) => utf8.encode(text).length;

type Def = { type: string; [key: string]: unknown };
type Check = { _zod: { def: { check?: string; maximum?: number; length?: number } } };

function defOf(schema: unknown): Def {
  return (schema as { _zod: { def: Def } })._zod.def;
}

function maxLengthOf(def: Def): number | null {
  let max: number | null = null;
  for (const c of (def.checks as Check[] | undefined) ?? []) {
    const d = c._zod.def;
    const bound = d.check === 'max_length' ? d.maximum : d.check === 'length_equals' ? d.length : undefined;
    if (bound !== undefined) max = max === null ? bound : Math.min(max, bound);
  }
  return max;
}

/**
 * The most bytes a value accepted by `schema` can take as JSON; Infinity when the schema sets no
 * bound (a string without a maximum length, an array without a maximum count, an open record).
 * `path` names where the first unbounded part is, for a test to report.
 */
export function maxJsonBytes(schema: z.ZodType, path = 'input', unbounded: string[] = []): number {
  const def = defOf(schema);
  const none = () => {
    unbounded.push(path);
    return Infinity;
  };
  switch (def.type) {
    case 'string': {
      const max = maxLengthOf(def);
      return max === null ? none() : 2 + max * JSON_BYTES_PER_CHAR;
    }
    case 'number':
    case 'int':
      return NUMBER_BYTES;
    case 'boolean':
      return 5;
    case 'null':
      return 4;
    case 'enum':
      return Math.max(...Object.values(def.entries as Record<string, string | number>).map((v) => utf8Bytes(JSON.stringify(v))));
    case 'literal':
      return Math.max(...(def.values as unknown[]).map((v) => utf8Bytes(JSON.stringify(v))));
    case 'optional':
    case 'default':
    case 'readonly':
      return maxJsonBytes(def.innerType as z.ZodType, path, unbounded);
    case 'nullable':
      return Math.max(4, maxJsonBytes(def.innerType as z.ZodType, path, unbounded));
    case 'array': {
      const max = maxLengthOf(def);
      const item = maxJsonBytes(def.element as z.ZodType, `${path}[]`, unbounded);
      return max === null ? none() : 2 + max * (item + 1);
    }
    case 'object': {
      let total = 2;
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        total += utf8Bytes(JSON.stringify(key)) + 2 + maxJsonBytes(value, `${path}.${key}`, unbounded);
      }
      return total;
    }
    case 'union':
      return Math.max(...(def.options as z.ZodType[]).map((o) => maxJsonBytes(o, path, unbounded)));
    default:
      return none();
  }
}

/** The largest call frame any method of the contract can legitimately need, in bytes. */
export function largestCallFrameBytes(): number {
  return Math.max(...listMethodNames().map((m) => maxJsonBytes(lookupMethod(m)!.input, m))) + ENVELOPE_BYTES;
}
