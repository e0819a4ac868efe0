import path from 'node:path';
import { getAddress, type Hex } from 'viem';
import { PLANNER_DOMAIN, PLANNER_PATH } from '../../../shared/bundles/planner';
import { registryFileName } from '../../../shared/files/export-names';
import { checkPlannerTrusted, type TrustedPlanner } from '../../../shared/bundles/planner-trust';
import { toLowS } from '../../../shared/bundles/signature';
import { typedDataHashScreens } from '../../../shared/device/screens';
import type { SignedMessage } from '../../../shared/device/state';
import {
  RegistrySourceSchema,
  type RegistryExportPreview,
  type RegistryHeld,
  type RegistrySource,
  type SignedRegistryExport,
} from '../../../shared/registry/export-schemas';
import { REGISTRY_SCHEMA_VERSION } from '../../../shared/registry/schemas';
import {
  draftRegistry,
  readSignedRegistry,
  REGISTRY_TYPE_TEXT,
  registryHashes,
  signedRegistryText,
  verifyRegistrySignature,
  type RegistryDraft,
} from '../../../shared/registry/signed-file';
import { JsonDocument } from '../storage/json-document';
import { registryFingerprint, type VaultRegistry } from './registry';

/** The planner's Ledger: signs the two EIP-712 hashes at PLANNER_PATH. */
type SignTypedDataHash = (path: string, hashes: { domainHash: string; messageHash: string }) => Promise<SignedMessage>;

/**
 * The vault registry from the online install to the offline one, signed by the planner
 * (`shared/registry/signed-file.ts`). Online: `prepareExport` drafts the file and says what the
 * planner's Ledger will sign (registry hash, domain hash, message hash), shown before the device
 * asks; `export` has it sign exactly that draft. Offline: `import` takes a file only when its
 * signature recovers to a planner the install trusts, and keeps where it came from (`held`).
 */
export class RegistryTransfer {
  private prepared: { draft: RegistryDraft; preview: RegistryExportPreview } | null = null;
  private readonly source: JsonDocument<RegistrySource | null>;

  constructor(
    private readonly registry: VaultRegistry,
    private readonly now: () => Date = () => new Date(),
  ) {
    // What the offline install shows of its registry's origin (information: the registry itself is registry.json).
    this.source = new JsonDocument(path.join(registry.dataDir, 'registry-source.json'), RegistrySourceSchema.nullable(), () => null);
  }

  async prepareExport(): Promise<RegistryExportPreview> {
    const vaults = [...(await this.registry.list())].sort((a, b) => a.vaultId.localeCompare(b.vaultId));
    const at = this.now();
    const draft = draftRegistry({ schemaVersion: REGISTRY_SCHEMA_VERSION, vaults }, at.toISOString());
    const hashes = registryHashes(draft);
    const preview: RegistryExportPreview = {
      path: PLANNER_PATH,
      fileName: registryFileName(at),
      vaults: vaults.length,
      exportedAt: draft.exportedAt,
      registryHash: hashes.registryHash,
      domain: { ...PLANNER_DOMAIN },
      type: REGISTRY_TYPE_TEXT,
      domainHash: hashes.domainHash,
      messageHash: hashes.messageHash,
      screens: typedDataHashScreens(hashes.domainHash, hashes.messageHash),
    };
    this.prepared = { draft, preview };
    return structuredClone(preview);
  }

  /** The prepared draft (one is prepared now if none was), signed by the planner's Ledger and checked as the offline install will. */
  async export(sign: SignTypedDataHash): Promise<SignedRegistryExport> {
    if (!this.prepared) await this.prepareExport();
    const { draft, preview } = this.prepared!;
    const signed = await sign(PLANNER_PATH, { domainHash: preview.domainHash, messageHash: preview.messageHash });
    const content = signedRegistryText({ ...draft, planner: { address: getAddress(signed.address), signature: toLowS(signed.signature as Hex) } });
    const { raw } = readSignedRegistry(content);
    const planner = await verifyRegistrySignature(raw);
    this.prepared = null;
    return {
      fileName: preview.fileName,
      content,
      fingerprint: registryFingerprint(content),
      vaults: preview.vaults,
      registryHash: preview.registryHash,
      exportedAt: draft.exportedAt,
      planner,
      plannerLabel: null,
    };
  }

  /**
   * Replaces this install's registry with a signed registry file, once its signature is checked and
   * recovers to one of `trusted` (this install's planners, read fail-closed by the caller). An
   * unsigned file, a signature that does not match, or a planner not trusted (a public key among
   * them) is refused and nothing is imported.
   */
  async import(content: string, fileName: string | null, trusted: readonly TrustedPlanner[]): Promise<SignedRegistryExport> {
    const { file, raw } = readSignedRegistry(content);
    const planner = checkPlannerTrusted(await verifyRegistrySignature(raw), trusted, 'registry');
    const imported = await this.registry.importFile(`${JSON.stringify(file.registry, null, 2)}\n`);
    const source: RegistrySource = {
      fileName,
      fingerprint: registryFingerprint(content),
      registryHash: registryHashes(raw).registryHash,
      exportedAt: file.exportedAt,
      planner: getAddress(planner.address),
      plannerLabel: planner.label,
      importedAt: this.now().toISOString(),
    };
    await this.source.write(source);
    return {
      fileName: fileName ?? imported.fileName,
      content,
      fingerprint: source.fingerprint,
      vaults: imported.vaults,
      registryHash: source.registryHash,
      exportedAt: source.exportedAt,
      planner: source.planner,
      plannerLabel: source.plannerLabel,
    };
  }

  /** The registry held here, and the signed file it was imported from. */
  async held(): Promise<RegistryHeld> {
    const [vaults, source] = await Promise.all([this.registry.list(), this.source.read()]);
    return { vaults: vaults.length, source: source.value };
  }
}
