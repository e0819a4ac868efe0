import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { getAddress, getTypesForEIP712Domain, hashStruct, hashTypedData, recoverTypedDataAddress, type Hex } from 'viem';
import { z } from 'zod';
import { canonicalFile, canonicalJson } from '../bundles/canonical';
import { PLANNER_DOMAIN } from '../bundles/planner';
import { isCanonicalSignature } from '../bundles/signature';
import { AppError } from '../errors';
import { RegistryFileSchema, type RegistryFile } from './schemas';
import { AddressSchema as Address } from '../domain/hex';

/**
 * The vault registry as it travels from the online install to the offline one: the registry, and
 * the planner's Ledger signature of its hash, in the same EIP-712 domain as the planner's bundle
 * signature (`PLANNER_DOMAIN`, `shared/bundles/planner.ts`) with a primary type of its own:
 *
 *   VaultRegistry(string format,uint16 version,bytes32 registryHash)
 *
 * The registry is the offline install's root of trust for addresses, and it crosses the same medium
 * as the bundles: a registry file changed on the way would make a bundle to 0x…dEaD pass every
 * check. Signed by a trusted planner, it is taken only as that planner wrote it. The primary type
 * differs from the bundle's (`UnsignedBundle`), so neither signature can stand for the other, and
 * like every EIP-712 signature none can be obtained as a personal_sign (a lender agreement).
 *
 * `registryHash` is `sha256:` over the compact canonical JSON of the file without its `planner`
 * field (format, version, exportedAt and the registry itself); the file is the canonical JSON of
 * the whole, indented by two spaces, with a final newline. Its fingerprint (`sha256:` of its bytes)
 * is still shown on both installs.
 */

const SIGNED_REGISTRY_FORMAT = 'vaultdesk.registry';
const SIGNED_REGISTRY_VERSION = 1;

const REGISTRY_PRIMARY_TYPE = 'VaultRegistry';
const REGISTRY_TYPES = {
  VaultRegistry: [
    { name: 'format', type: 'string' },
    { name: 'version', type: 'uint16' },
    { name: 'registryHash', type: 'bytes32' },
  ],
} as const;

/** `VaultRegistry(string format,uint16 version,bytes32 registryHash)`, as the preview names it. */
export const REGISTRY_TYPE_TEXT = `${REGISTRY_PRIMARY_TYPE}(${REGISTRY_TYPES.VaultRegistry.map((f) => `${f.type} ${f.name}`).join(',')})`;


export const SignedRegistrySchema = z
  .object({
    format: z.literal(SIGNED_REGISTRY_FORMAT),
    version: z.literal(SIGNED_REGISTRY_VERSION),
    exportedAt: z.string().max(40),
    registry: RegistryFileSchema,
    planner: z.object({ address: Address, signature: z.string().max(140) }).strict(),
  })
  .strict();
export type SignedRegistry = z.infer<typeof SignedRegistrySchema>;
/** The file before its planner signed it. */
export type RegistryDraft = Omit<SignedRegistry, 'planner'>;

export function draftRegistry(registry: RegistryFile, exportedAt: string): RegistryDraft {
  return { format: SIGNED_REGISTRY_FORMAT, version: SIGNED_REGISTRY_VERSION, exportedAt, registry };
}

/** `sha256:` of everything the planner vouches for: the file without its `planner`. */
export function registryHash(file: object): string {
  const { planner: _p, ...rest } = file as { planner?: unknown };
  return `sha256:${bytesToHex(sha256(utf8ToBytes(canonicalJson(rest))))}`;
}

/** The EIP-712 typed data the planner's Ledger signs for a registry file (or its draft). */
export function registryTypedData(file: object) {
  return {
    domain: PLANNER_DOMAIN,
    types: REGISTRY_TYPES,
    primaryType: REGISTRY_PRIMARY_TYPE,
    message: {
      format: SIGNED_REGISTRY_FORMAT,
      version: SIGNED_REGISTRY_VERSION,
      registryHash: `0x${registryHash(file).slice('sha256:'.length)}` as Hex,
    },
  } as const;
}

/** What the planner compares before approving: the registry hash, and the two hashes the device shows. */
export function registryHashes(file: object): { registryHash: string; domainHash: Hex; messageHash: Hex; digest: Hex } {
  const data = registryTypedData(file);
  return {
    registryHash: registryHash(file),
    domainHash: hashStruct({ data: data.domain, primaryType: 'EIP712Domain', types: { EIP712Domain: getTypesForEIP712Domain({ domain: data.domain }) } }),
    messageHash: hashStruct({ data: data.message, primaryType: data.primaryType, types: data.types }),
    digest: hashTypedData(data),
  };
}

/** The file's text. */
export function signedRegistryText(file: SignedRegistry): string {
  return canonicalFile(file);
}

const EXPORT_AGAIN = 'Nothing was imported. Export the vault registry again on the online install (Settings → Vault registry; headless --export-registry FILE), whose planner Ledger signs it, and import that file.';

function invalid(why: string): AppError {
  return new AppError({
    code: 'REGISTRY_FILE_INVALID',
    message: `This file is not a vault registry exported by Vaultdesk: ${why}. Nothing was imported.`,
    action: 'Export the registry again on the online install (Settings → Vault registry) and import that file.',
  });
}

/**
 * The signed registry file, read: refused when it is not JSON or not the format, and with
 * `REGISTRY_UNSIGNED` when it is a registry without a planner signature (an older export, or one
 * written by hand). Its signature is checked by `verifyRegistrySignature`.
 */
export function readSignedRegistry(content: string): { file: SignedRegistry; raw: object } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw invalid('it is not JSON (damaged or cut short)');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid('it is not a JSON object');
  const o = parsed as Record<string, unknown>;
  if (o.format === undefined && 'vaults' in o) {
    throw new AppError({
      code: 'REGISTRY_UNSIGNED',
      message:
        'This registry file carries no planner signature: nothing says who wrote it, and the registry decides where this install lets money go. An unsigned registry is never imported.',
      action: EXPORT_AGAIN,
    });
  }
  if (o.format !== SIGNED_REGISTRY_FORMAT) throw invalid(`its format is ${JSON.stringify(o.format ?? null)}, not ${SIGNED_REGISTRY_FORMAT}`);
  if (o.version !== SIGNED_REGISTRY_VERSION) throw invalid(`it is version ${JSON.stringify(o.version ?? null)}; this console reads version ${SIGNED_REGISTRY_VERSION}`);
  if (o.planner === undefined || o.planner === null) {
    throw new AppError({
      code: 'REGISTRY_UNSIGNED',
      message: 'This registry file carries no planner signature: nothing says who wrote it. An unsigned registry is never imported.',
      action: EXPORT_AGAIN,
    });
  }
  const result = SignedRegistrySchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw invalid(`${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'not the expected shape'}`);
  }
  const ids = result.data.registry.vaults.map((v) => v.vaultId);
  if (new Set(ids).size !== ids.length) throw invalid('a vault is listed twice');
  return { file: result.data, raw: parsed as object };
}

/**
 * The address that signed the registry file, once its signature is checked against its content
 * (the raw JSON as read: what the planner signed is exactly what is imported). Throws
 * `REGISTRY_PLANNER_SIGNATURE` when the signature is not one (or is a high-s twin, or has another v
 * than 27/28), or recovers to another address than the stated planner (the content changed after
 * it was signed, or it is a signature of something else, such as a bundle's).
 */
export async function verifyRegistrySignature(raw: object): Promise<string> {
  const planner = (raw as { planner: { address: string; signature: string } }).planner;
  const hash = registryHash(raw);
  const bad = (why: string, details: Record<string, unknown> = {}) =>
    new AppError({
      code: 'REGISTRY_PLANNER_SIGNATURE',
      message: `The planner signature of this registry file ${why} (registry hash now ${hash}).`,
      action: `${EXPORT_AGAIN} Do not sign bundles against a registry you cannot trust.`,
      details: { planner: planner.address, registryHash: hash, ...details },
    });
  // Low s only (EIP-2): the high-s twin recovers to the same address but is another spelling of it.
  if (!isCanonicalSignature(planner.signature)) throw bad(`is not a valid signature (stated planner ${planner.address}; 65 bytes, v 27 or 28, low s)`);
  let signer: string;
  try {
    signer = await recoverTypedDataAddress({ ...registryTypedData(raw), signature: planner.signature as Hex });
  } catch {
    throw bad(`is not a valid signature (stated planner ${planner.address})`);
  }
  if (signer.toLowerCase() !== planner.address.toLowerCase()) {
    throw bad(
      `does not match it: it recovers to ${signer}, not to the stated planner ${planner.address}. The file was changed after its planner signed it, another account signed it, or it is not a Vaultdesk registry signature (EIP-712, domain Vaultdesk, ${REGISTRY_TYPE_TEXT}) at all`,
      { signer },
    );
  }
  return getAddress(signer);
}
