import type { PortfolioVault } from '../../../shared/portfolio/schemas';
import type { ClaimedGenerations } from './checks';
import type { PlanVault } from '../../../shared/signing/schemas';
import { ROLE_NAMES, roleAddress, type ContractSet, type RegistryRole } from '../../../shared/registry/schemas';

/** A vault as the registry knows it: its id, name and chain, and the contracts the service names for it. */
export interface VaultIdentity {
  vaultId: string;
  name: string;
  chainId: number;
  proposed: ContractSet;
  /** The generations the record names (abiCodes), shown beside what the chain answers. */
  claimed?: ClaimedGenerations;
}

/** The contracts the service names for a vault (the keyring is named by the epoch vault, not the service). */
function proposedSet(
  vault: Pick<PortfolioVault, 'epochVault' | 'queue' | 'tranche' | 'underlying' | 'strategy'> & { withdrawQueue?: string | null | undefined },
): ContractSet {
  return {
    epochVault: vault.epochVault,
    queue: vault.queue,
    withdrawQueue: vault.withdrawQueue === undefined ? vault.queue : vault.withdrawQueue,
    tranche: vault.tranche.address,
    underlying: vault.underlying.address,
    strategy: vault.strategy,
    keyring: null,
  };
}

/** The contracts a plan names (a bundle's vault), as a set to pin or compare. */
export function proposedFromPlanVault(vault: PlanVault): ContractSet {
  return proposedSet({ ...vault, tranche: vault.tranche, underlying: vault.underlying });
}

export function identityOf(vault: PortfolioVault): VaultIdentity {
  return { vaultId: vault.id, name: vault.name, chainId: vault.chain.chainId, proposed: proposedSet(vault), claimed: vault.abiCodes };
}

/** The roles the service names; the keyring is read from the epoch vault, so it never differs by the service's say. */
const SERVICE_ROLES: readonly RegistryRole[] = ['epochVault', 'queue', 'withdrawQueue', 'tranche', 'underlying', 'strategy'];

const norm = (a: string | null) => (a ? a.toLowerCase() : null);

/** Each role whose address differs between the pinned set and the proposed one. */
export function differences(
  pinned: ContractSet,
  proposed: ContractSet,
): { role: RegistryRole; pinned: string | null; proposed: string | null }[] {
  return SERVICE_ROLES.filter((r) => norm(roleAddress(pinned, r)) !== norm(roleAddress(proposed, r))).map((role) => ({
    role,
    pinned: roleAddress(pinned, role),
    proposed: roleAddress(proposed, role),
  }));
}

export function describeDifferences(diff: ReturnType<typeof differences>): string {
  return diff.map((d) => `${ROLE_NAMES[d.role]}: pinned ${d.pinned ?? 'none'}, now ${d.proposed ?? 'none'}`).join('; ');
}
