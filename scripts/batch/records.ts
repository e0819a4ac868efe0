import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getAddress, isAddress } from 'viem';
import type { BundleService } from '../../electron/services/bundles';
import { publicPlannerRefusal, TRUSTED_PLANNERS_FILE } from '../../electron/services/bundles/trusted-planners';
import type { RegistryExportPreview } from '../../shared/registry/export-schemas';
import { RegistryTransfer, type VaultRegistry } from '../../electron/services/registry';
import type { TrustedPlanner } from '../../shared/bundles/planner-trust';
import { publicDevAccount } from '../../shared/bundles/public-keys';
import { PLANNER_PATH } from '../../shared/device/paths';
import { args, dataDirOf, fail, refuse, say } from './cli';

/**
 * The offline run's own records on the command line: whose planner signature it takes (and for how
 * long), and the registry file it imports, verified against them.
 */

/**
 * The planners this run trusts in memory only, never written to the data folder: with --sim (a demo
 * run) the simulation's planner, whose key is public, and any --trust-planner that is a public
 * development key. Outside a demo run a public key given with --trust-planner ends the run.
 */
export async function demoPlanners(): Promise<TrustedPlanner[]> {
  const demo: TrustedPlanner[] = [];
  if (args.sim) {
    const { deriveAtPath } = await import('../../electron/demo/chain/accounts');
    demo.push({ address: deriveAtPath(PLANNER_PATH).address, label: "the simulation's planner" });
  }
  for (const address of args['trust-planner'] ?? []) {
    if (!isAddress(address, { strict: false })) fail(`--trust-planner takes an address (0x and 40 hex digits), got "${address}"`);
    if (!publicDevAccount(address)) continue;
    if (!args.sim) refuse(publicPlannerRefusal(getAddress(address), ' outside a demo run (--sim)'));
    demo.push({ address: getAddress(address), label: 'added with --trust-planner, for this demo run' });
  }
  return demo;
}

/**
 * Each --trust-planner ADDRESS that is not a public key, the scripted desk's explicit choice (no
 * device shows it: compare it beforehand), is added to the data folder's trusted planners; then
 * what this run trusts is printed, with the entries of the file it ignores.
 */
export async function trustPlanners(bundles: BundleService, demo: readonly TrustedPlanner[]): Promise<void> {
  const added: string[] = [];
  for (const address of args['trust-planner'] ?? []) {
    if (publicDevAccount(address)) continue;
    await bundles.planners.add({ address, label: 'added with --trust-planner', checkedBy: 'command-line' }).catch(refuse);
    added.push(getAddress(address));
  }
  const file = path.join(dataDirOf(), TRUSTED_PLANNERS_FILE);
  const listed = await bundles.planners.list().catch(refuse);
  const kept = listed.filter((p) => !p.publicKey);
  say(`trusted planners (${file}): ${kept.length ? kept.map((p) => `${p.address} (${p.label})`).join(', ') : 'none'}${added.length ? `; added now ${added.join(', ')}` : ''}`);
  for (const p of listed.filter((x) => x.publicKey)) {
    say(`  ignored: ${p.address} (${p.label}) is ${p.publicKey}: anyone can sign with it, so it is never trusted from a file; remove it from ${file}`);
  }
  if (demo.length) say(`  trusted for this demo run only (not written): ${demo.map((p) => `${p.address} (${p.label})`).join(', ')}`);
}

/** --registry FILE: the online install's signed export, imported once its planner is trusted here. */
export async function importRegistryFile(registry: VaultRegistry, bundles: BundleService, file: string): Promise<void> {
  const transfer = new RegistryTransfer(registry);
  const content = await readFile(file, 'utf8');
  const imported = await transfer.import(content, path.basename(file), await bundles.records.trusted()).catch(refuse);
  say(
    `vault registry ${file} imported: ${imported.vaults} vaults, signed by the planner ${imported.plannerLabel ?? ''} ${imported.planner} (trusted here), fingerprint ${imported.fingerprint} (compare it with the one the online install printed)`,
  );
}

/** What the planner's Ledger will sign for the registry file, printed before it asks. */
export function printRegistryPreview(preview: RegistryExportPreview): void {
  say(`planner: the Ledger signs the vault registry's hash ${preview.registryHash} (${preview.vaults} vaults) as EIP-712 typed data (${preview.type}) in the domain ${JSON.stringify(preview.domain)}`);
  say(`  with its planner account ${preview.path}; approve on the device once it shows:`);
  say(`  domain hash ${preview.domainHash}`);
  say(`  message hash ${preview.messageHash}`);
}
