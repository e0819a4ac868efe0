import { secp256k1 } from '@noble/curves/secp256k1';
import type { Hex } from 'viem';

/**
 * The shape every planner signature (of a bundle, of a registry file) must have: 65 bytes r ‖ s ‖ v,
 * v 27 or 28, and s at most n/2 (EIP-2). For any valid signature (r, s, v) the "high-s twin"
 * (r, n − s, v ^ 1) recovers to the same address: without this rule one signature has two
 * spellings, so a file re-signed only by flipping s would pass for another file with the same
 * meaning, and anything that tells files apart by their bytes (a fingerprint, a store keyed by
 * checksum) would see two. A Ledger gives low s; a signature with high s was made or altered elsewhere.
 */

/** Half the curve order: a signature with s above it is the high-s twin of a valid one. */
const HALF_N = secp256k1.CURVE.n / 2n;

/** Whether `signature` is 65 bytes with v 27/28 and 0 < s ≤ n/2. */
export function isCanonicalSignature(signature: string): signature is Hex {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return false;
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const v = Number.parseInt(signature.slice(130), 16);
  return s !== 0n && s <= HALF_N && (v === 27 || v === 28);
}

/** Whether `signature` is the high-s twin of a signature (the one rule `isCanonicalSignature` adds to the shape). */
function isHighS(signature: string): boolean {
  return /^0x[0-9a-fA-F]{130}$/.test(signature) && BigInt(`0x${signature.slice(66, 130)}`) > HALF_N;
}

/** The low-s spelling of a signature (a device that gave the high-s twin is corrected where the file is written). */
export function toLowS(signature: Hex): Hex {
  if (!isHighS(signature)) return signature;
  const n = secp256k1.CURVE.n;
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const v = Number.parseInt(signature.slice(130), 16);
  return `${signature.slice(0, 66)}${(n - s).toString(16).padStart(64, '0')}${(v === 27 ? 28 : 27).toString(16)}` as Hex;
}
