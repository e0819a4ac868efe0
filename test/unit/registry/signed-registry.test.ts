import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { secp256k1 } from '@noble/curves/secp256k1';
import { describe, expect, it } from 'vitest';
import { concat, hashMessage, hashTypedData, hexToBytes, keccak256, recoverTypedDataAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { RegistryTransfer, VaultRegistry } from '../../../electron/services/registry';
import { plannerTypedData } from '../../../shared/bundles/planner';
import { isCanonicalSignature, toLowS } from '../../../shared/bundles/signature';
import { PLANNER_PATH } from '../../../shared/device/paths';
import { readSignedRegistry, registryHash, registryHashes, registryTypedData, signedRegistryText, verifyRegistrySignature } from '../../../shared/registry/signed-file';
import {
  ACCOUNTS,
  asyncRefusalOf,
  DEFAULT_VAULT,
  KEYS,
  pinnedOf,
  refusalOf,
  registryText,
  signedRegistry,
  unsignedRegistryText,
} from '../../support/bundle-fixture';

// The vault registry travels to the offline install signed by the planner (EIP-712, the planner's
// domain, primary type VaultRegistry): it is taken only as a trusted planner wrote it.

const sign = (digest: Hex, key: Hex): Hex => {
  const sig = secp256k1.sign(hexToBytes(digest), hexToBytes(key));
  return `0x${sig.toCompactHex()}${(27 + sig.recovery).toString(16)}` as Hex;
};
/** The high-s twin of a signature: (r, n − s, v ^ 1), which recovers to the same address. */
const twin = (sig: string): string => {
  const n = secp256k1.CURVE.n;
  const s = BigInt(`0x${sig.slice(66, 130)}`);
  const v = Number.parseInt(sig.slice(130), 16);
  return `${sig.slice(0, 66)}${(n - s).toString(16).padStart(64, '0')}${(v === 27 ? 28 : 27).toString(16)}`;
};
const withSignature = (file: object, signature: string) => ({ ...(file as { planner: { address: string } }), planner: { ...(file as { planner: { address: string } }).planner, signature } });

describe('the signed registry file', () => {
  const file = signedRegistry();
  const { raw } = readSignedRegistry(signedRegistryText(file));

  it("recovers to its planner over the registry's typed data", async () => {
    expect(await verifyRegistrySignature(raw)).toBe(ACCOUNTS.planner.address);
    const hashes = registryHashes(raw);
    expect(hashes.registryHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(hashes.digest).toBe(hashTypedData(registryTypedData(raw)));
    expect(registryTypedData(raw).primaryType).toBe('VaultRegistry');
    expect(registryTypedData(raw).message.registryHash).toBe(`0x${registryHash(raw).slice(7)}`);
  });

  it('is refused once an address changed after it was signed, naming both the stated planner and the signer', async () => {
    const changed = structuredClone(raw) as typeof file;
    changed.registry.vaults[0]!.contracts.queue = '0x000000000000000000000000000000000000dEaD';
    const refusal = await asyncRefusalOf(() => verifyRegistrySignature(readSignedRegistry(signedRegistryText(changed)).raw));
    expect(refusal.code).toBe('REGISTRY_PLANNER_SIGNATURE');
    expect(refusal.message).toContain(`not to the stated planner ${ACCOUNTS.planner.address}`);
    expect(refusal.message).toContain('changed after its planner signed it');
  });

  it('is refused unsigned: the registry as exported before, or with no planner', () => {
    const legacy = refusalOf(() => readSignedRegistry(unsignedRegistryText()));
    expect(legacy.code).toBe('REGISTRY_UNSIGNED');
    expect(legacy.action).toContain('Export the vault registry again on the online install');
    const { planner: _p, ...bare } = file;
    expect(refusalOf(() => readSignedRegistry(JSON.stringify(bare))).code).toBe('REGISTRY_UNSIGNED');
    expect(refusalOf(() => readSignedRegistry('{"format":"vaultdesk.registry",')).code).toBe('REGISTRY_FILE_INVALID');
  });

  it('is refused as the high-s twin of its signature, which recovers to the same planner', async () => {
    const high = twin(file.planner.signature);
    expect(await recoverTypedDataAddress({ ...registryTypedData(raw), signature: high as Hex })).toBe(ACCOUNTS.planner.address);
    expect(isCanonicalSignature(high)).toBe(false);
    const refusal = await asyncRefusalOf(() => verifyRegistrySignature(withSignature(raw, high)));
    expect(refusal.code).toBe('REGISTRY_PLANNER_SIGNATURE');
    expect(refusal.message).toContain('low s');
    expect(toLowS(high as Hex)).toBe(file.planner.signature);
  });

  it("is not a bundle's planner signature, nor a personal_sign, over the same 32 bytes", async () => {
    const hash = `sha256:${registryHash(raw).slice(7)}`;
    // The planner signing a bundle whose plan hash happens to be these bytes: another primary type, another digest.
    const asBundle = plannerTypedData({});
    const bundleDigest = hashTypedData({ ...asBundle, message: { ...asBundle.message, planHash: `0x${hash.slice(7)}` as Hex } });
    for (const signature of [sign(bundleDigest, KEYS.planner), sign(hashMessage(hash), KEYS.planner), sign(hashMessage({ raw: `0x${hash.slice(7)}` }), KEYS.planner)]) {
      const refusal = await asyncRefusalOf(() => verifyRegistrySignature(withSignature(raw, signature)));
      expect(refusal.code).toBe('REGISTRY_PLANNER_SIGNATURE');
    }
  });
});

describe('exported online, imported offline', () => {
  const tmp = () => mkdtemp(path.join(os.tmpdir(), 'vaultdesk-signed-registry-'));
  /** The online install's registry, holding the fixture vault. */
  async function online(): Promise<VaultRegistry> {
    const registry = new VaultRegistry(await tmp());
    await registry.importFile(unsignedRegistryText([pinnedOf(), pinnedOf({ ...DEFAULT_VAULT, id: '65a1f0c2b3d4e5f6071829aa', name: 'Beta Credit USDC' })]));
    return registry;
  }
  /** The planner's Ledger, signing with a local key; `high` gives the high-s twin, as a device might. */
  const ledger = (key: Hex, high = false) => async (p: string, hashes: { domainHash: string; messageHash: string }) => {
    expect(p).toBe(PLANNER_PATH);
    const sig = sign(keccak256(concat(['0x1901', hashes.domainHash as Hex, hashes.messageHash as Hex])), key);
    return { address: privateKeyToAccount(key).address, signature: high ? twin(sig) : sig };
  };

  it('shows what the Ledger will sign, then signs exactly that; the file is taken from a trusted planner and replaces the registry', async () => {
    const transfer = new RegistryTransfer(await online());
    const preview = await transfer.prepareExport();
    expect(preview).toMatchObject({ path: PLANNER_PATH, vaults: 2, type: 'VaultRegistry(string format,uint16 version,bytes32 registryHash)' });
    const exported = await transfer.export(ledger(KEYS.planner, true));
    // The device gave the high-s twin: the file carries the low-s one, and its hashes are the ones shown.
    const { raw } = readSignedRegistry(exported.content);
    expect(isCanonicalSignature((raw as { planner: { signature: string } }).planner.signature)).toBe(true);
    expect(registryHashes(raw)).toMatchObject({ registryHash: preview.registryHash, domainHash: preview.domainHash, messageHash: preview.messageHash });
    expect(exported).toMatchObject({ planner: ACCOUNTS.planner.address, registryHash: preview.registryHash, fingerprint: expect.stringMatching(/^sha256:/) });

    const dir = await tmp();
    const offline = new VaultRegistry(dir, undefined, { failClosed: true });
    const imported = await new RegistryTransfer(offline).import(exported.content, exported.fileName, [{ address: ACCOUNTS.planner.address, label: 'Planning desk' }]);
    expect(imported).toMatchObject({ vaults: 2, fingerprint: exported.fingerprint, planner: ACCOUNTS.planner.address, plannerLabel: 'Planning desk' });
    expect((await offline.list()).map((v) => v.name).sort()).toEqual(['Alpha Credit USDC', 'Beta Credit USDC']);
    expect((await new RegistryTransfer(offline).held()).source).toMatchObject({ fingerprint: exported.fingerprint, planner: ACCOUNTS.planner.address, fileName: exported.fileName });
  });

  it('refuses a file from a planner not trusted here, or from a public key even when listed, importing nothing', async () => {
    const dir = await tmp();
    const offline = new RegistryTransfer(new VaultRegistry(dir, undefined, { failClosed: true }));
    const untrusted = await asyncRefusalOf(() => offline.import(registryText(undefined, 'stranger'), 'r.json', [{ address: ACCOUNTS.planner.address, label: 'Planning desk' }]));
    expect(untrusted).toMatchObject({ code: 'REGISTRY_PLANNER_UNKNOWN', message: expect.stringContaining(ACCOUNTS.stranger.address) });
    expect(untrusted.action).toContain(`--trust-planner ${ACCOUNTS.stranger.address}`);
    const byAnvil = await asyncRefusalOf(() => offline.import(registryText(undefined, 'anvil0'), 'r.json', [{ address: ACCOUNTS.anvil0.address, label: 'listed' }]));
    expect(byAnvil).toMatchObject({ code: 'REGISTRY_PLANNER_PUBLIC_KEY' });
    const unsigned = await asyncRefusalOf(() => offline.import(unsignedRegistryText(), 'r.json', [{ address: ACCOUNTS.planner.address, label: 'Planning desk' }]));
    expect(unsigned.code).toBe('REGISTRY_UNSIGNED');
    expect(await readdir(dir)).toEqual([]);
  });
});
