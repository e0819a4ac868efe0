import { listedVaults, VaultRegistry } from '../../electron/services/registry';
import type { Portfolio } from '../../shared/portfolio/schemas';
import { entryLines, entryState, nameKey } from '../../shared/registry/identity';
import type { PinnedVault } from '../../shared/registry/schemas';
import type { SigningAction } from '../../shared/signing/schemas';
import { args, dataDirOf, fail, refuse, say } from './cli';
import { chooseVault, vaultLabel } from './vault-choice';

/**
 * The runner's side of the vault registry: which vaults a run acts on (`--vault`, exact, repeatable), the pinned
 * vaults the service stopped listing (printed and frozen on every run), and the operator's explicit
 * `--forget-vault`.
 */

/** Frozen and printed: each pinned vault the service no longer lists (nothing is planned on it). */
export async function reportUnlisted(registry: VaultRegistry, view: Portfolio): Promise<PinnedVault[]> {
  const unlisted = await registry.observeListing(listedVaults(view));
  for (const entry of unlisted) {
    say(
      `registry: ${entry.name} (id ${entry.vaultId}, chain ${entry.chainId}) is no longer listed by the service: ${entryState(entry)}. Nothing is planned on it; if it was retired, forget it with --forget-vault ${entry.vaultId}.`,
    );
  }
  return unlisted;
}

/**
 * The vaults a run acts on: each one --vault names exactly (repeated, in the order given, each once),
 * else the one vault the action makes sense on.
 */
export function pickVaults(view: Portfolio, action: SigningAction, unlisted: readonly PinnedVault[] = []): string[] {
  const named = args.vault ?? [];
  if (named.length) return [...new Set(named.map((wanted) => namedVault(view, wanted, unlisted)))];
  return [pickVault(view, action)];
}

/** The vault the action makes sense on, when --vault does not name one. */
function pickVault(view: Portfolio, action: SigningAction): string {
  const state = (id: string) => view.vaults.find((v) => v.id === id)?.cycle?.state;
  const score = (id: string): number => {
    const requests = view.requests.filter((r) => r.vaultId === id);
    switch (action) {
      case 'claim':
        return requests.filter((r) => r.action?.kind === 'claim').length;
      case 'cancel':
        return requests.filter((r) => r.action?.kind === 'cancel').length;
      case 'deposit':
      case 'redeem':
        return state(id) === 'WAITING' ? 1 : 0;
      case 'withdraw':
        return state(id) === 'RUNNING' ? 1 : 0;
      case 'agreements':
        return view.vaults.find((v) => v.id === id)!.lenderSignatureIds.length;
      case 'revoke':
        return 0;
    }
  };
  const best = [...view.vaults].sort((a, b) => score(b.id) - score(a.id))[0];
  if (!best) fail('the catalog has no epoch vault');
  return best.id;
}

function namedVault(view: Portfolio, wanted: string, unlisted: readonly PinnedVault[]): string {
  const choice = chooseVault(view.vaults, wanted);
  if (choice.kind === 'found') return choice.vault.id;
  if (choice.kind === 'ambiguous') {
    return refuse({
      code: 'BATCH_VAULT_AMBIGUOUS',
      message: `--vault "${wanted}" names ${choice.candidates.length} vaults the service lists: ${choice.candidates.map(vaultLabel).join('; ')}. Nothing was planned.`,
      action: 'Name the vault by its id (--vault ID), after checking which one its operator publishes.',
    });
  }
  const gone = unlisted.filter((e) => e.vaultId === wanted || nameKey(e.name) === nameKey(wanted));
  return refuse({
    code: 'BATCH_VAULT_UNKNOWN',
    message: `--vault "${wanted}" is not the exact name or id of a vault the service lists (a part of a name picks no vault). It lists: ${
      view.vaults.map(vaultLabel).join('; ') || 'no epoch vault'
    }.${gone.map((e) => ` ${e.name} (id ${e.vaultId}) is pinned in this registry but the service no longer lists it: it is frozen.`).join('')} Nothing was planned.`,
    action: 'Run again with --vault and one of the names or ids above.',
  });
}

/** --forget-vault ID alone: the operator takes a vault out of the data folder's registry; no service, chain or device. */
export async function forgetVaultOnly(vaultId: string): Promise<void> {
  if (args.action || args.resume || args.broadcast || args['export-unsigned'] || args.sign) {
    fail('--forget-vault runs alone (with --data-dir): forget the vault, then run the action');
  }
  const registry = new VaultRegistry(dataDirOf());
  const entry = await registry.forget(vaultId).catch(refuse);
  say(`forgotten from the vault registry of ${dataDirOf()}: its contracts are no longer trusted here`);
  for (const line of entryLines(entry)) say(line);
  say(JSON.stringify({ forgotten: { vaultId: entry.vaultId, name: entry.name, chainId: entry.chainId } }));
  process.exit(0);
}
