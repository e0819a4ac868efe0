import { INVISIBLE } from '../bundles/plain-text';
import {
  ROLE_NAMES,
  roleAddress,
  type CollisionReason,
  type ContractSet,
  type IdentityCollision,
  type PinnedVault,
  type RegistryRole,
} from './schemas';

/**
 * A vault's identity, as the operator knows it: its name, and the contracts pinned for it. A vault
 * the service announces for the first time must not be taken for one already in the registry, or
 * money planned "into Alpha" goes to another set under Alpha's name. It collides with an entry
 * (pinned or frozen) of another id when:
 *
 * - its name reads the same as the entry's, on any chain (see `nameKey`): the operator picks
 *   vaults by name, in the console and with `--vault`;
 * - one of its contracts (epoch vault, deposit or withdraw queue, tranche, strategy) is one of the
 *   entry's, in any role, on the same chain: one contract belongs to one vault (the tranche's
 *   `minter()` and the strategy's `idleCDO()` name one epoch vault, each queue names its epoch
 *   vault). The registry models a vault as its epoch vault and the AA tranche that epoch vault
 *   names (`AATranche()`), so a second record on the same epoch vault (its BB tranche) could not be
 *   pinned anyway;
 * - it is built around the same underlying token on the same chain as an entry that is frozen
 *   (the service stopped listing it, or names other contracts for it): a stand-in for a vault the
 *   service hid or changed. Two vaults of one token on one chain are ordinary while both are
 *   listed (the protocol runs several USDC vaults on one chain; the demo runs Alpha and Beta
 *   around one USDC), so a pinned entry that is listed and unchanged does not collide by its token.
 *
 * Only the operator lifts a collision, by forgetting the entry (Settings → Vault registry, or
 * `--forget-vault ID` headless) once the vault's operator confirms the old vault is gone.
 */

/** A vault as the service announces it now. */
export interface AnnouncedVault {
  vaultId: string;
  name: string;
  chainId: number;
  contracts: ContractSet;
}

/** The contracts that belong to one vault only (the underlying is shared, the keyring is named by the epoch vault). */
const OWN_ROLES: readonly RegistryRole[] = ['epochVault', 'queue', 'withdrawQueue', 'tranche', 'strategy'];

/**
 * Letters that read as Latin ones in the fonts a console uses (Cyrillic, Greek), and digits and
 * pairs that read as letters: folded so that "Аlpha" (Cyrillic А) or "A1pha" reads as "alpha".
 */
const LOOKALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'l',
  ї: 'l',
  ј: 'j',
  ӏ: 'l',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  α: 'a',
  β: 'b',
  γ: 'y',
  ε: 'e',
  η: 'n',
  ι: 'l',
  κ: 'k',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  '0': 'o',
  '1': 'l',
  i: 'l',
  '|': 'l',
};

/**
 * The form in which two names are compared: compatibility forms and accents folded (NFKD without
 * marks), invisible characters removed, case folded, look-alike letters and digits folded, and
 * spaces, punctuation and symbols left out ("Alpha Credit USDC", "alpha-credit usdc" and
 * "Аlpha Credit USDC" with a Cyrillic А are one name). A name made only of what is left out keeps
 * its lower case.
 */
export function nameKey(name: string): string {
  const folded = name.normalize('NFKD').replace(/\p{M}/gu, '').replace(INVISIBLE, '').toLowerCase().replace(/rn/g, 'm').replace(/vv/g, 'w');
  const key = [...folded]
    .map((c) => LOOKALIKES[c] ?? c)
    .join('')
    .replace(/[\p{P}\p{S}\p{Z}\s]/gu, '');
  return key || name.trim().toLowerCase();
}

const same = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** A frozen entry: the service named other contracts for it, or stopped listing it. */
const isFrozen = (entry: PinnedVault): boolean => entry.frozen !== null;

/** Whether the entry froze because the service stopped listing it. */
export const isUnlisted = (entry: PinnedVault): boolean => entry.frozen?.reason === 'unlisted';

/**
 * Every entry of the registry (other than the vault's own) the announced vault collides with. A
 * vault already pinned under its own id is held to the name and contract rules only: the token
 * rule is for a vault seen for the first time (a pinned sibling of a frozen vault stays usable).
 */
export function identityCollisions(
  announced: AnnouncedVault,
  entries: readonly PinnedVault[],
  options: { firstSeen: boolean },
): IdentityCollision[] {
  const key = nameKey(announced.name);
  const out: IdentityCollision[] = [];
  for (const entry of entries) {
    if (entry.vaultId === announced.vaultId) continue;
    const reasons: CollisionReason[] = [];
    if (nameKey(entry.name) === key) reasons.push({ kind: 'name' });
    if (entry.chainId === announced.chainId) {
      const shared = new Map<string, { roles: RegistryRole[]; pinnedRoles: RegistryRole[] }>();
      for (const role of OWN_ROLES) {
        const address = roleAddress(announced.contracts, role);
        if (!address) continue;
        const pinnedRoles = OWN_ROLES.filter((r) => same(roleAddress(entry.contracts, r), address));
        if (pinnedRoles.length === 0) continue;
        const at = shared.get(address.toLowerCase()) ?? { roles: [], pinnedRoles };
        at.roles.push(role);
        shared.set(address.toLowerCase(), at);
      }
      for (const [, { roles, pinnedRoles }] of shared) {
        reasons.push({ kind: 'contract', address: roleAddress(announced.contracts, roles[0]!)!, roles, pinnedRoles });
      }
      if (options.firstSeen && isFrozen(entry) && same(entry.contracts.underlying, announced.contracts.underlying)) {
        reasons.push({ kind: 'underlying', address: announced.contracts.underlying });
      }
    }
    if (reasons.length > 0) out.push({ entry, reasons });
  }
  return out;
}

const roleList = (roles: readonly RegistryRole[]) => roles.map((r) => ROLE_NAMES[r]).join(' and ');

/** One reason, in words: "the same name", "its tranche token 0x… is the pinned vault's tranche token". */
export function reasonText(reason: CollisionReason, entry: PinnedVault): string {
  switch (reason.kind) {
    case 'name':
      return `the same name as ${entry.name}`;
    case 'contract':
      return `its ${roleList(reason.roles)} ${reason.address} is the ${roleList(reason.pinnedRoles)} pinned for ${entry.name}`;
    case 'underlying':
      return `the same underlying token ${reason.address} on chain ${entry.chainId} as ${entry.name}, which is frozen (${
        isUnlisted(entry) ? 'the service no longer lists it' : 'the service names other contracts for it'
      })`;
  }
}

/** The entry's state in words: pinned when and by whom, and why it froze. */
export function entryState(entry: PinnedVault): string {
  const pinned = `pinned ${entry.pinnedAt.slice(0, 10)} by ${entry.pinnedBy}`;
  if (!entry.frozen) return pinned;
  const since = entry.frozen.at.slice(0, 10);
  return `${pinned}; frozen since ${since}: ${isUnlisted(entry) ? 'the service no longer lists it' : 'the service names other contracts for it'}`;
}

/** The rows of the side-by-side view, in the order the review and the refusal show them. */
export const SIDE_BY_SIDE_ROLES: readonly RegistryRole[] = ['epochVault', 'tranche', 'queue', 'withdrawQueue', 'underlying', 'strategy'];

/**
 * The pinned vault and the announced one side by side, as lines of text (the headless refusal,
 * the logs): name, id, chain, each contract by role, and the state of each (`announcedState`: the
 * announced vault's, when it is not seen for the first time).
 */
export function sideBySideLines(announced: AnnouncedVault, entry: PinnedVault, announcedState = 'seen for the first time'): string[] {
  const rows: [string, string, string][] = [
    ['', 'pinned in this registry', 'announced by the service now'],
    ['name', entry.name, announced.name],
    ['id', entry.vaultId, announced.vaultId],
    ['chain', String(entry.chainId), String(announced.chainId)],
    ...SIDE_BY_SIDE_ROLES.map((role): [string, string, string] => [
      ROLE_NAMES[role],
      roleAddress(entry.contracts, role) ?? 'none',
      roleAddress(announced.contracts, role) ?? 'none',
    ]),
  ];
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  const table = rows.map(([label, pinned, now]) => {
    const mark = label && rowCollides(label, pinned, now) ? ' ◀ same' : '';
    return `  ${label.padEnd(w0)}  ${pinned.padEnd(w1)}  ${now}${mark}`.trimEnd();
  });
  // The states under the table: a long one would push the announced column off the screen.
  return [...table, `  the pinned vault: ${entryState(entry)}`, `  the announced vault: ${announcedState}`];
}

const rowCollides = (label: string, pinned: string, now: string) =>
  label === 'name' ? nameKey(pinned) === nameKey(now) : label !== 'id' && label !== 'chain' && pinned !== 'none' && same(pinned, now);

/** One entry of the registry as lines of text (what a forget takes out): name, id, chain, each contract by role, its state. */
export function entryLines(entry: PinnedVault): string[] {
  const rows: [string, string][] = [
    ['name', entry.name],
    ['id', entry.vaultId],
    ['chain', String(entry.chainId)],
    ...SIDE_BY_SIDE_ROLES.map((role): [string, string] => [ROLE_NAMES[role], roleAddress(entry.contracts, role) ?? 'none']),
    ['state', entryState(entry)],
  ];
  const w = Math.max(...rows.map((r) => r[0].length));
  return rows.map(([label, value]) => `  ${label.padEnd(w)}  ${value}`);
}
