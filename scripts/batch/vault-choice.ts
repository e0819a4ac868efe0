/** A vault of the listing, as far as `--vault` reads it. */
interface ListedVault {
  id: string;
  name: string;
  chain: { chainId: number };
}

/** What `--vault` named among the vaults the service lists: one vault, several, or none. */
type VaultChoice<V extends ListedVault = ListedVault> =
  { kind: 'found'; vault: V } | { kind: 'ambiguous'; candidates: V[] } | { kind: 'unknown' };

/**
 * The vault `--vault` names: its exact id, or its exact name (case aside, spaces at either end
 * aside). Never a part of a name: "alpha" names no vault, so a vault the service adds or renames
 * cannot be picked in place of the one meant. Two vaults of that name are refused as ambiguous.
 */
export function chooseVault<V extends ListedVault>(vaults: readonly V[], wanted: string): VaultChoice<V> {
  const byId = vaults.filter((v) => v.id === wanted);
  if (byId.length === 1) return { kind: 'found', vault: byId[0]! };
  const name = wanted.trim().toLowerCase();
  const byName = vaults.filter((v) => v.name.trim().toLowerCase() === name);
  if (byName.length === 1) return { kind: 'found', vault: byName[0]! };
  if (byName.length > 1 || byId.length > 1) return { kind: 'ambiguous', candidates: [...byId, ...byName] };
  return { kind: 'unknown' };
}

/** A vault as a refusal lists it: "Alpha Credit USDC (id 64…, chain 31337)". */
export const vaultLabel = (v: ListedVault) => `${v.name} (id ${v.id}, chain ${v.chain.chainId})`;
