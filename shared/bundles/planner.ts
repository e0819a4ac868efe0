import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { getAddress, getTypesForEIP712Domain, hashStruct, hashTypedData, isAddress, keccak256, recoverTypedDataAddress, toBytes, type Hex } from 'viem';
import { PLANNER_PATH } from '../device/paths';
import { canonicalJson } from './canonical';
import { bundleError } from './errors';
import { isCanonicalSignature } from './signature';
import { BUNDLE_VERSION, UNSIGNED_BUNDLE_FORMAT, type UnsignedBundle } from './schemas';

/**
 * The planner's signature on an unsigned bundle (format version 4). The checksum only detects
 * changes in transit: anyone can compute it again. What says who planned a bundle is the planner's
 * Ledger signature of the bundle's plan hash (SHA-256 over the compact canonical JSON of the bundle
 * without its `planner` and `checksum` fields), made at the planner's own path (`PLANNER_PATH`,
 * which no wallet uses) as **EIP-712 typed data** in a Vaultdesk domain.
 *
 * Why typed data: up to format 3 the planner signed `personal_sign("Vaultdesk unsigned bundle
 * sha256:…")`, and a lender agreement is also a `personal_sign` of a text the service chooses: a
 * service that served that text as its "terms" got a planner signature for a bundle of its own.
 * A `personal_sign` signs keccak256(0x19 ‖ 0x45 "thereum Signed Message:\n" ‖ length ‖ text)
 * (EIP-191 version byte 0x45); EIP-712 signs keccak256(0x19 ‖ 0x01 ‖ domainSeparator ‖
 * hashStruct(message)) (version byte 0x01). The two preimages differ at their second byte, so a
 * personal_sign of ANY text (the old planner text, the typed-data digest written as text, or the
 * digest's or preimage's bytes given as the message) is a signature of another hash, and verifying
 * it as a planner signature recovers another address: only a keccak-256 collision would make them
 * meet. The path keeps the key itself apart too.
 *
 * The domain: `{ name: 'Vaultdesk', version: '1', salt }`, chain-independent (no `chainId`: a
 * bundle may act on any chain, and an offline install knows none) and with no
 * `verifyingContract` (nothing is verified on chain); the fixed `salt`, keccak256 of
 * "vaultdesk.planner", tells it from any other application that calls itself Vaultdesk. `version`
 * is the domain's own: it changes only if the meaning of a Vaultdesk planner signature changes.
 * The message names the bundle format it is for, so a signature of one format never passes for
 * another: `UnsignedBundle(string format,uint16 version,bytes32 planHash)`.
 *
 * On the device: the Ethereum app's hashed EIP-712 mode (E0 0C P2=00, hw-app-eth
 * `signEIP712HashedMessage`), which shows the domain hash and the message hash, the two hashes the
 * console shows before the device asks (`plannerHashes`). The full mode (E0 1A/1C definitions, then
 * E0 0C P2=01) would only add the field names and the same plan hash in hex: it needs app 1.9.19 on a
 * Nano S Plus/X and none on a Nano S, streams the struct definitions over many APDUs, and without
 * Ledger's signed filters (fetched from Ledger's service, which this console never asks) shows the
 * same opaque bytes32. The hashed mode works on every supported device and app, and the operator
 * compares two hashes as for a blind-signed transaction (it needs the app's blind signing setting).
 */

/** The Vaultdesk planner domain (see above). */
export const PLANNER_DOMAIN = {
  name: 'Vaultdesk',
  version: '1',
  salt: keccak256(toBytes('vaultdesk.planner')),
} as const;

export const PLANNER_TYPES = {
  UnsignedBundle: [
    { name: 'format', type: 'string' },
    { name: 'version', type: 'uint16' },
    { name: 'planHash', type: 'bytes32' },
  ],
} as const;

export const PLANNER_PRIMARY_TYPE = 'UnsignedBundle';

/** Where the planner's account is on its Ledger (re-exported for the bundle code's readers). */
export { PLANNER_PATH };

/** `sha256:` and the hash of everything the planner vouches for: the bundle without `planner` and `checksum`. */
export function plannerHash(bundle: object): string {
  const { checksum: _c, planner: _p, ...rest } = bundle as { checksum?: unknown; planner?: unknown };
  return `sha256:${bytesToHex(sha256(utf8ToBytes(canonicalJson(rest))))}`;
}

/** The EIP-712 typed data the planner's Ledger signs for a bundle (or its draft). */
export function plannerTypedData(bundle: object) {
  return {
    domain: PLANNER_DOMAIN,
    types: PLANNER_TYPES,
    primaryType: PLANNER_PRIMARY_TYPE,
    message: { format: UNSIGNED_BUNDLE_FORMAT, version: BUNDLE_VERSION, planHash: `0x${plannerHash(bundle).slice('sha256:'.length)}` as Hex },
  } as const;
}

/** What the planner compares before approving: the plan hash, and the two hashes the device shows. */
interface PlannerHashes {
  /** `sha256:…`, as the bundle names its plan. */
  planHash: string;
  /** The EIP-712 domain separator: the device's "Domain hash". */
  domainHash: Hex;
  /** hashStruct(UnsignedBundle): the device's "Message hash". */
  messageHash: Hex;
  /** keccak256(0x1901 ‖ domainHash ‖ messageHash): what the key signs. */
  digest: Hex;
}

export function plannerHashes(bundle: object): PlannerHashes {
  const data = plannerTypedData(bundle);
  return {
    planHash: plannerHash(bundle),
    domainHash: hashStruct({ data: data.domain, primaryType: 'EIP712Domain', types: { EIP712Domain: getTypesForEIP712Domain({ domain: data.domain }) } }),
    messageHash: hashStruct({ data: data.message, primaryType: data.primaryType, types: data.types }),
    digest: hashTypedData(data),
  };
}

/**
 * The address that signed the bundle, once its signature is checked against the bundle's content
 * and its stated planner. Throws `BUNDLE_PLANNER_SIGNATURE` when the signature is missing, is not
 * a signature (or is the high-s twin of one, or has another v than 27/28), or does not recover to
 * the stated planner over this bundle's typed data (the content changed after it was signed, someone
 * else signed it, or it is a signature of something else, such as a personal_sign of any text).
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
  const notASignature = () =>
    bundleError('BUNDLE_PLANNER_SIGNATURE', `The planner signature of this bundle is not a valid signature (stated planner ${planner.address}).`, {
      planner: planner.address,
      planHash: hash,
    });
  const sig = planner.signature;
  // Low s only (EIP-2): the high-s twin recovers to the same address but is another spelling of it.
  if (!isCanonicalSignature(sig)) throw notASignature();
  let signer: string;
  try {
    signer = await recoverTypedDataAddress({ ...plannerTypedData(bundle), signature: sig as Hex });
  } catch {
    throw notASignature();
  }
  if (signer.toLowerCase() !== planner.address.toLowerCase()) {
    throw bundleError(
      'BUNDLE_PLANNER_SIGNATURE',
      `The planner signature does not match this bundle: it recovers to ${signer}, not to the stated planner ${planner.address}. The bundle was changed after its planner signed it (plan hash now ${hash}), another account signed it, or it is not a Vaultdesk planner signature (EIP-712, domain Vaultdesk) at all.`,
      { planner: planner.address, signer, planHash: hash },
    );
  }
  return getAddress(signer);
}
