import { ROLE_NAMES, roleAddress as pinnedAddress, withdrawQueueOf, type PinnedVault, type RegistryRole } from '../registry/schemas';
import { roleAddress } from './calls';
import type { PlanVault } from '../signing/schemas';
import { bundleError } from './errors';
import { plainText } from './plain-text';
import type { BundleVaultPart } from './vaults';

/**
 * The offline install's own records against a bundle's claims. The bundle's `vault` object is what
 * its planner says; the install's registry (imported from the online install, its fingerprint
 * compared by the operator) is what the operator trusts. Every chain, address, token and name the
 * bundle states for its vault must be the pinned one; the plan reviewed and signed here is then
 * built on the pinned vault, never on the bundle's.
 */

const REGISTRY_ACTION =
  "Do not sign anything from this file. Compare the vault's addresses with its operator and with the online install's registry; if the online install pinned a new set, export its registry again and import it here (Settings → Vault registry), comparing the fingerprint.";

const NOT_PINNED_ACTION =
  'Nothing was signed. On the online install export the vault registry (Settings → Vault registry, or --export-registry FILE), import it here and compare the fingerprints shown on both installs; then import the bundle again.';

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/** The vault a plan on this install uses: the pinned contracts and tokens, the bundle's cycle state. */
export function pinnedPlanVault(entry: PinnedVault, state: string): PlanVault {
  return {
    id: entry.vaultId,
    name: plainText(entry.name),
    chainId: entry.chainId,
    state: plainText(state),
    epochVault: entry.contracts.epochVault,
    queue: entry.contracts.queue,
    withdrawQueue: withdrawQueueOf(entry.contracts),
    strategy: entry.contracts.strategy,
    tranche: { symbol: plainText(entry.tokens.tranche.symbol), decimals: entry.tokens.tranche.decimals, address: entry.contracts.tranche },
    underlying: {
      symbol: plainText(entry.tokens.underlying.symbol),
      decimals: entry.tokens.underlying.decimals,
      address: entry.contracts.underlying,
    },
  };
}

/** A vault of the bundle this install's registry does not hold: the whole bundle is refused, naming it. */
export function vaultNotPinned(vault: Pick<PlanVault, 'id' | 'name' | 'chainId'>, of = 1): Error {
  const whole = of > 1 ? `nothing in this bundle may be signed, in any of its ${of} vaults` : 'nothing in this bundle may be signed';
  return bundleError(
    'BUNDLE_VAULT_NOT_PINNED',
    `${plainText(vault.name)} (vault ${plainText(vault.id)}, chain ${vault.chainId}) is not in this install's vault registry: its addresses cannot be checked here, so ${whole}.`,
    { vaultId: vault.id },
    NOT_PINNED_ACTION,
  );
}

function mismatch(entry: PinnedVault, what: string, role: string, pinned: string, stated: string): Error {
  return bundleError(
    'BUNDLE_REGISTRY_MISMATCH',
    `${plainText(entry.name)}: the bundle's ${what} is ${plainText(stated)}, but this install's registry pins ${plainText(pinned)} (pinned ${entry.pinnedAt.slice(0, 10)}). The bundle does not act on the vault pinned here.`,
    { vaultId: entry.vaultId, vault: entry.name, role, pinned, stated },
    REGISTRY_ACTION,
  );
}

const ADDRESS_ROLES: { role: RegistryRole; of: (v: PlanVault) => string | null }[] = [
  { role: 'epochVault', of: (v) => v.epochVault },
  { role: 'queue', of: (v) => v.queue },
  { role: 'withdrawQueue', of: (v) => roleAddress(v, 'withdrawQueue') },
  { role: 'tranche', of: (v) => v.tranche.address },
  { role: 'underlying', of: (v) => v.underlying.address },
  { role: 'strategy', of: (v) => v.strategy },
];

/**
 * Throws the first difference between the bundle's vault (and every chain id it states) and the
 * pinned entry: the vault, the role and both addresses are named.
 */
export function checkVaultAgainstRegistry(part: BundleVaultPart, entry: PinnedVault): void {
  const v = part.vault;
  if (entry.frozen) {
    throw bundleError(
      'BUNDLE_REGISTRY_MISMATCH',
      `${plainText(entry.name)} is frozen in this install's registry (${
        entry.frozen.reason === 'unlisted' ? 'the service stopped listing it' : 'the service named other contracts than the pinned ones'
      }): nothing may be signed on it.`,
      { vaultId: entry.vaultId },
      REGISTRY_ACTION,
    );
  }
  const chainIds = [v.chainId, part.snapshot.block.chainId, part.snapshot.vault.chainId];
  for (const item of part.items) if (item.kind === 'transaction') chainIds.push(item.transaction.chainId, item.review.chainId);
  const otherChain = chainIds.find((c) => c !== entry.chainId);
  if (otherChain !== undefined) {
    throw bundleError(
      'BUNDLE_WRONG_CHAIN',
      `${plainText(entry.name)}: the bundle is for chain ${otherChain}, but this install's registry pins the vault on chain ${entry.chainId}. Signed, its transactions would be valid on chain ${otherChain}.`,
      { vaultId: entry.vaultId, role: 'chain', pinned: String(entry.chainId), stated: String(otherChain) },
      REGISTRY_ACTION,
    );
  }
  for (const { role, of } of ADDRESS_ROLES) {
    const stated = of(v);
    const pinned = pinnedAddress(entry.contracts, role);
    if (!same(stated, pinned)) throw mismatch(entry, ROLE_NAMES[role], role, pinned ?? 'none', stated ?? 'none');
  }
  const tokens = [
    { role: 'underlying' as const, stated: v.underlying, pinned: entry.tokens.underlying },
    { role: 'tranche' as const, stated: v.tranche, pinned: entry.tokens.tranche },
  ];
  for (const t of tokens) {
    if (t.stated.symbol !== t.pinned.symbol)
      throw mismatch(entry, `${ROLE_NAMES[t.role]} symbol`, t.role, t.pinned.symbol, t.stated.symbol);
    if (t.stated.decimals !== t.pinned.decimals)
      throw mismatch(entry, `${ROLE_NAMES[t.role]} decimals`, t.role, String(t.pinned.decimals), String(t.stated.decimals));
  }
  for (const name of [v.name, part.snapshot.vault.name]) {
    if (name !== entry.name) throw mismatch(entry, 'vault name', 'name', `"${entry.name}"`, `"${name}"`);
  }
}
