/**
 * An offline install beside a signing world's online one: its own data folder, a registry that
 * fails closed, and no service, chain or portfolio at all (each throws if touched); it trusts the
 * simulation's planner (the online install's Ledger account at the planner's path) in memory, as
 * a demo run does, and its registry is the online install's export, signed by that planner's
 * Ledger, checked and imported here.
 */
import { copyFile, mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { RegistryTransfer, VaultRegistry } from '../../../electron/services/registry';
import { PLANNER_PATH } from '../../../shared/bundles';
import { deriveAtPath } from '../../../electron/demo/chain/accounts';
import { offlineServices } from '../../support/offline-services';
import type { SigningWorld } from '../signing/world';

/** The simulation's planner: its seed's account at the planner's path, on the online install's Ledger. */
export const PLANNER = deriveAtPath(PLANNER_PATH).address;

/**
 * The offline install, its registry imported from the online one's export less the vaults named in
 * `without` (what an online install exports before it pinned them); the export and the import are
 * returned for the test to check.
 */
export async function offlineInstall(world: SigningWorld, without: readonly string[] = []) {
  const dataDir = await mkdtemp(path.join(world.dataDir, 'offline-'));
  const registry = new VaultRegistry(dataDir, undefined, { failClosed: true });
  const { signing, bundles } = offlineServices({ dataDir, registry, device: world.device, demoPlanners: [{ address: PLANNER, label: 'Planning desk' }] });
  const sourceDir = await mkdtemp(path.join(world.dataDir, 'registry-'));
  await copyFile(path.join(world.dataDir, 'registry.json'), path.join(sourceDir, 'registry.json'));
  const source = new VaultRegistry(sourceDir);
  for (const vaultId of without) await source.forget(vaultId);
  const exported = await new RegistryTransfer(source).export((p, hashes) => world.device.signTypedDataHash(p, hashes));
  const imported = await new RegistryTransfer(registry).import(exported.content, exported.fileName, await bundles.records.trusted());
  return { signing, bundles, exported, imported };
}
