/**
 * The TLV encoding of the Ethereum app's descriptor structures (`doc/tlv_structs.md` in the app's
 * repository): tag and length each DER-style, one byte below 0x80, else `0x80 | n` followed by n
 * big-endian bytes; the value follows. Shared by the host that builds the structures and the
 * emulated device that reads them.
 */

export interface TlvItem {
  tag: number;
  value: Uint8Array;
  /** The item's bytes as received (tag, length and value): what a structure's signature covers. */
  raw: Uint8Array;
}

function derNumber(n: number): number[] {
  if (n < 0x80) return [n];
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** A value as bytes: numbers big-endian in as few bytes as they need (at least one), text as UTF-8. */
function valueBytes(value: number | bigint | string | Uint8Array): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (typeof value === 'string') return new TextEncoder().encode(value);
  let v = BigInt(value);
  const bytes: number[] = [];
  do {
    bytes.unshift(Number(v & 0xffn));
    v >>= 8n;
  } while (v > 0n);
  return Uint8Array.from(bytes);
}

export function tlv(tag: number, value: number | bigint | string | Uint8Array): Uint8Array {
  const bytes = valueBytes(value);
  return concatBytes([Uint8Array.from([...derNumber(tag), ...derNumber(bytes.length)]), bytes]);
}

/** A big-endian unsigned integer in exactly `size` bytes. */
export function uintBytes(value: number | bigint, size: number): Uint8Array {
  const out = new Uint8Array(size);
  let v = BigInt(value);
  for (let i = size - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

export class TlvError extends Error {}

function readDer(bytes: Uint8Array, offset: number): { value: number; next: number } {
  const first = bytes[offset];
  if (first === undefined) throw new TlvError('truncated');
  if (first < 0x80) return { value: first, next: offset + 1 };
  const count = first & 0x7f;
  if (count === 0 || count > 4 || offset + 1 + count > bytes.length) throw new TlvError('bad length');
  let value = 0;
  for (let i = 0; i < count; i++) value = value * 256 + bytes[offset + 1 + i]!;
  return { value, next: offset + 1 + count };
}

/** Every item of a structure, in order; throws `TlvError` on a truncated or malformed one. */
export function parseTlv(bytes: Uint8Array): TlvItem[] {
  const items: TlvItem[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const tag = readDer(bytes, offset);
    const length = readDer(bytes, tag.next);
    const end = length.next + length.value;
    if (end > bytes.length) throw new TlvError('truncated value');
    items.push({ tag: tag.value, value: bytes.subarray(length.next, end), raw: bytes.subarray(offset, end) });
    offset = end;
  }
  return items;
}

/** A big-endian unsigned value of at most `maxBytes` bytes. */
export function readUint(value: Uint8Array, maxBytes: number): bigint {
  if (value.length === 0 || value.length > maxBytes) throw new TlvError('bad integer');
  return value.reduce((acc, b) => acc * 256n + BigInt(b), 0n);
}
