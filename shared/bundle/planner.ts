import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { getAddress, isAddress, recoverMessageAddress, type Hex } from 'viem';
import { canonicalJson } from './canonical';
import { bundleError } from './errors';
import type { UnsignedBundle } from './schemas';

/**
 * The planner's signature on an unsigned bundle (format version 2). The checksum only detects
 * changes in transit: anyone can compute it again. What says who planned a bundle is an EIP-191
 * (personal_sign) signature, made on the planner's Ledger, of the bundle's plan hash: SHA-256 over
 * the compact canonical JSON of the bundle without its `planner` and `checksum` fields. The device
 * shows the message as text, so the planner reads the hash it signs.
 */

/** What the planner's device signs: a fixed prefix, so it cannot pass for another message, and the plan hash. */
export const PLANNER_MESSAGE_PREFIX = 'Vaultdesk unsigned bundle ';

/** `sha256:` and the hash of everything the planner vouches for: the bundle without `planner` and `checksum`. */
export function plannerHash(bundle: object): string {
  const { checksum: _c, planner: _p, ...rest } = bundle as { checksum?: unknown; planner?: unknown };
  return `sha256:${bytesToHex(sha256(utf8ToBytes(canonicalJson(rest))))}`;
}

/** The text the planner's Ledger signs with personal_sign (EIP-191). */
export function plannerMessage(bundle: object): string {
  return `${PLANNER_MESSAGE_PREFIX}${plannerHash(bundle)}`;
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/**
 * The address that signed the bundle, once its signature is checked against the bundle's content
 * and its stated planner. Throws `BUNDLE_PLANNER_SIGNATURE` when the signature is missing, is not
 * a signature, or does not recover to the stated planner (the content changed after it was signed,
 * or someone else signed it).
 */
export async function verifyPlannerSignature(bundle: Pick<UnsignedBundle, 'planner'> & object): Promise<string> {
  const planner = (bundle as { planner?: { address?: unknown; signature?: unknown } | null }).planner;
  const hash = plannerHash(bundle);
  if (!planner || typeof planner.address !== 'string' || typeof planner.signature !== 'string' || !isAddress(planner.address)) {
    throw bundleError(
      'BUNDLE_PLANNER_SIGNATURE',
      `This bundle carries no planner signature: nothing says who planned it (plan hash ${hash}).`,
      { planHash: hash },
      'Do not sign anything from this file. Export the bundle again on the online install: its Ledger signs the plan hash as the planner.',
    );
  }
  let signer: string;
  try {
    signer = await recoverMessageAddress({ message: `${PLANNER_MESSAGE_PREFIX}${hash}`, signature: planner.signature as Hex });
  } catch {
    throw bundleError(
      'BUNDLE_PLANNER_SIGNATURE',
      `The planner signature of this bundle is not a valid signature (stated planner ${planner.address}).`,
      { planner: planner.address, planHash: hash },
    );
  }
  if (signer.toLowerCase() !== planner.address.toLowerCase()) {
    throw bundleError(
      'BUNDLE_PLANNER_SIGNATURE',
      `The planner signature does not match this bundle: it recovers to ${signer}, not to the stated planner ${planner.address}. The bundle was changed after its planner signed it (plan hash now ${hash}), or another account signed it.`,
      { planner: planner.address, signer, planHash: hash },
    );
  }
  return getAddress(signer);
}

export interface TrustedPlanner {
  address: string;
  label: string;
}

/**
 * The planner must be one this install trusts. Throws `BUNDLE_PLANNER_UNKNOWN` naming the address
 * and saying where to add it after comparing it on the planner's device.
 */
export function checkPlannerTrusted(signer: string, trusted: readonly TrustedPlanner[]): TrustedPlanner {
  const found = trusted.find((p) => p.address.toLowerCase() === signer.toLowerCase());
  if (found) return found;
  throw bundleError(
    'BUNDLE_PLANNER_UNKNOWN',
    `This bundle was planned and signed by ${signer} (${short(signer)}), which is not among this install's trusted planners${
      trusted.length ? ` (${trusted.map((p) => `${p.label} ${short(p.address)}`).join(', ')})` : ' (none yet)'
    }.`,
    { planner: signer },
    `Do not sign anything from this file unless you know this planner. If it is yours, compare ${signer} with the address its Ledger shows, add it in Settings → Trusted planners (headless: --trust-planner ${signer}), and open the bundle again.`,
  );
}
