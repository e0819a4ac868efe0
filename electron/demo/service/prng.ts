/**
 * A small seeded PRNG (mulberry32) and the helpers the dataset generator draws from. The same seed
 * and the same draw order always give the same dataset.
 */
export class Prng {
  private readonly draw: () => number;

  constructor(seed: number) {
    this.draw = mulberry32(seed >>> 0 || 0x9e3779b9);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.draw();
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Float in [min, max), rounded to `decimals`. */
  float(min: number, max: number, decimals = 2): number {
    const f = 10 ** decimals;
    return Math.round((min + this.next() * (max - min)) * f) / f;
  }

  bool(probability = 0.5): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  hex(chars: number): string {
    let out = '';
    while (out.length < chars)
      out += Math.floor(this.next() * 0x100000000)
        .toString(16)
        .padStart(8, '0');
    return out.slice(0, chars);
  }

  /** A 24-hex-character object id, like the real service's record ids. */
  objectId(): string {
    return this.hex(24);
  }

  /** A lowercase 20-byte address (checksum it with viem's `getAddress` where it is shown). */
  address(): `0x${string}` {
    return `0x${this.hex(40)}`;
  }

  txHash(): `0x${string}` {
    return `0x${this.hex(64)}`;
  }
}

/** mulberry32: uniform draws in [0, 1), the same sequence for the same seed on every run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: a stable 32-bit seed from a text (a request, a seed and a counter). */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}
