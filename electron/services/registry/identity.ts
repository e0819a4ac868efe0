import { AppError } from '../../../shared/errors';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { reasonText, sideBySideLines, type AnnouncedVault } from '../../../shared/registry/identity';
import type { IdentityCollision } from '../../../shared/registry/schemas';
import type { VaultIdentity } from './contract-set';

/** The vault as the collision rule reads it: what the service announces now. */
export const announcedOf = (identity: VaultIdentity): AnnouncedVault => ({
  vaultId: identity.vaultId,
  name: identity.name,
  chainId: identity.chainId,
  contracts: identity.proposed,
});

/** A vault the service lists now: its id and its chain. */
export interface ListedVault {
  vaultId: string;
  chainId: number;
}

/**
 * The vaults the service lists now, from a portfolio it made: null when the service did not answer
 * this time (a listing taken from what was read before must not make a vault look gone).
 */
export function listedVaults(portfolio: Pick<Portfolio, 'vaults' | 'sources'>): ListedVault[] | null {
  const service = portfolio.sources.find((s) => s.id === 'service');
  if (!service?.ok) return null;
  return portfolio.vaults.map((v) => ({ vaultId: v.id, chainId: v.chain.chainId }));
}

/**
 * The refusal of a vault taken for another one of the registry: what collides, in words, with both
 * sets side by side (`details.sideBySide`, printed by the headless runner; the console shows them
 * as a table), and the operator's way out.
 */
export function collisionError(announced: AnnouncedVault, collisions: readonly IdentityCollision[], firstSeen: boolean): AppError {
  const what = collisions
    .map(
      ({ entry, reasons }) =>
        `${entry.name} (id ${entry.vaultId}, chain ${entry.chainId}): ${reasons.map((r) => reasonText(r, entry)).join('; ')}`,
    )
    .join('. It also collides with ');
  const names = collisions.map((c) => `${c.entry.name} (id ${c.entry.vaultId})`).join(', ');
  const forgets = collisions.map((c) => `--forget-vault ${c.entry.vaultId}`).join(', then ');
  return new AppError({
    code: 'REGISTRY_IDENTITY_COLLISION',
    message: firstSeen
      ? `${announced.name} (id ${announced.vaultId}, chain ${announced.chainId}) is announced by the service for the first time, but it is taken for a vault already in this install's registry: it collides with ${what}. It was not pinned; nothing was planned, signed or sent.`
      : `${announced.name} (id ${announced.vaultId}, chain ${announced.chainId}) and another vault of this install's registry are taken for each other: it collides with ${what}. Nothing was planned, signed or sent.`,
    action: `Do not use ${announced.name} until the vault's operator confirms, out of band, that ${names} was retired and that ${announced.name} replaces it with these contracts; only then forget the old entry (Settings → Vault registry → Forget; headless ${forgets}) and review ${announced.name} again. Otherwise report it to the service.`,
    details: {
      vaultId: announced.vaultId,
      collidesWith: collisions.map((c) => c.entry.vaultId),
      sideBySide: collisions.flatMap((c) => [
        `${announced.name} (id ${announced.vaultId}) beside ${c.entry.name} (id ${c.entry.vaultId}), the vault of the registry it is taken for:`,
        ...sideBySideLines(announced, c.entry, firstSeen ? undefined : 'pinned here under its own id'),
      ]),
    },
  });
}
