/**
 * A lenient RLP decoder. The Ethereum app's stream parser accepts non-canonical length prefixes
 * (hw-app-eth's own recorded transcripts contain some), which strict decoders such as viem's reject.
 */
export type RlpItem = Uint8Array | RlpItem[];

class RlpError extends Error {}

function readLength(bytes: Uint8Array, at: number, size: number): number {
  if (at + size > bytes.length) throw new RlpError('RLP length runs past the end');
  let n = 0;
  for (let i = 0; i < size; i++) n = n * 256 + bytes[at + i]!;
  return n;
}

function decodeAt(bytes: Uint8Array, at: number): { item: RlpItem; end: number } {
  const prefix = bytes[at];
  if (prefix === undefined) throw new RlpError('RLP item missing');
  if (prefix < 0x80) return { item: bytes.subarray(at, at + 1), end: at + 1 };
  let start: number;
  let length: number;
  if (prefix <= 0xb7 || (prefix >= 0xc0 && prefix <= 0xf7)) {
    start = at + 1;
    length = prefix - (prefix < 0xc0 ? 0x80 : 0xc0);
  } else {
    const size = prefix - (prefix < 0xc0 ? 0xb7 : 0xf7);
    start = at + 1 + size;
    length = readLength(bytes, at + 1, size);
  }
  const end = start + length;
  if (end > bytes.length) throw new RlpError('RLP item runs past the end');
  if (prefix < 0xc0) return { item: bytes.subarray(start, end), end };
  const list: RlpItem[] = [];
  let cursor = start;
  while (cursor < end) {
    const next = decodeAt(bytes, cursor);
    list.push(next.item);
    cursor = next.end;
  }
  if (cursor !== end) throw new RlpError('RLP list length mismatch');
  return { item: list, end };
}

/** Decodes exactly one item spanning all of `bytes`. */
export function decodeRlp(bytes: Uint8Array): RlpItem {
  const { item, end } = decodeAt(bytes, 0);
  if (end !== bytes.length) throw new RlpError('Trailing bytes after RLP item');
  return item;
}
