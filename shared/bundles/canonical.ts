import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * The canonical encoding of a bundle, on which its checksum and its file layout are defined:
 * JSON with the keys of every object in code-point order, strings and numbers as JSON.stringify
 * writes them (finite numbers only), no `undefined`. The checksum is sha256 over the compact form
 * of the bundle without its own `checksum` field; the file is the same value indented by two
 * spaces with a final newline, so that any byte changed in the file either breaks the JSON,
 * changes the checksum or breaks the layout.
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function normalize(value: unknown, path: string): Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    // NaN and Infinity have no JSON form: JSON.stringify would quietly write null.
    if (!Number.isFinite(value)) throw new Error(`${path || 'the value'} is not a finite number`);
    return value;
  }
  if (Array.isArray(value)) return value.map((v, i) => normalize(v, `${path}[${i}]`));
  if (typeof value === 'object') {
    const out: { [key: string]: Json } = {};
    for (const key of Object.keys(value as object).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v === undefined) continue;
      out[key] = normalize(v, path ? `${path}.${key}` : key);
    }
    return out;
  }
  throw new Error(`${path || 'the value'} cannot be written as JSON (${typeof value})`);
}

/** Compact canonical JSON: what the checksum is computed over. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(normalize(value, ''));
}

/** The file form: canonical JSON indented by two spaces, with a final newline. */
export function canonicalFile(value: unknown): string {
  return `${JSON.stringify(normalize(value, ''), null, 2)}\n`;
}

/** `sha256:` and the 64 hex digits of the hash of the canonical encoding, without the `checksum` field. */
export function bundleChecksum(bundle: object): string {
  const { checksum: _ignored, ...rest } = bundle as { checksum?: unknown };
  return `sha256:${bytesToHex(sha256(utf8ToBytes(canonicalJson(rest))))}`;
}

/** The first line at which two texts differ (1-based), for a message that points at the change. */
export function firstDifferentLine(a: string, b: string): number {
  const x = a.split('\n');
  const y = b.split('\n');
  for (let i = 0; i < Math.max(x.length, y.length); i++) if (x[i] !== y[i]) return i + 1;
  return 0;
}
