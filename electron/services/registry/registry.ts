import { createHash } from 'node:crypto';
import path from 'node:path';
import type { PublicClient } from 'viem';
import { AppError, toAppErrorData } from '../../../shared/errors';
import { registryFileName } from '../../../shared/files/export-names';
import {
  REGISTRY_SCHEMA_VERSION,
  RegistryFileSchema,
  type PinnedToken,
  type PinnedVault,
  type RegistryExport,
  type RegistryFile,
  type VaultGenerations,
  type VaultPinReview,
} from '../../../shared/registry/schemas';
import { identityCollisions, isUnlisted } from '../../../shared/registry/identity';
import { JsonDocument } from '../storage/json-document';
import { damagedRegistry } from './registry-record';
import { allPass, evaluateRelations, failedChecks, generationsOf } from './checks';
import { describeDifferences, differences, type VaultIdentity } from './contract-set';
import { announcedOf, collisionError, type ListedVault } from './identity';
import { readRelations } from './reads';
import type { ChainMoment } from '../chain-facts/moment';

/** What to do with a vault seen for the first time when a plan asks for it. */
export type FirstSeenPolicy =
  /** Refuse; `action` tells the operator how to pin it (the review in the console, a flag headless). */
  | { kind: 'refuse'; action: string }
  /** Pin it once its on-chain checks pass (a headless run with --trust-new-vaults, the demo's own vaults). */
  | { kind: 'pin-after-checks'; by: string };

/**
 * A pinned vault as a plan uses it: the set, the block its relations were read at just now, and the
 * generation each contract answered as there (what decides which calls a plan may make).
 */
export interface VerifiedVault {
  vault: PinnedVault;
  checkedAtBlock: bigint;
  generations: VaultGenerations;
}

type Tokens = PinnedVault['tokens'];

/**
 * The operator's pinned vault registry, in the data folder (`registry.json`). A set is pinned only
 * after its relations were read on chain through the operator's RPC and all passed; before every
 * plan they are read again. A pinned vault whose set the service later names differently, or that
 * the service stops listing, is frozen (kept on disk) until the operator pins a set again or forgets
 * it: never lifted automatically. A vault is never pinned while it is taken for another one of the
 * registry (shared/registry/identity.ts), whatever the first-seen policy.
 */
export class VaultRegistry {
  private readonly doc: JsonDocument<RegistryFile>;
  private writes: Promise<unknown> = Promise.resolve();

  constructor(
    readonly dataDir: string,
    private readonly now: () => Date = () => new Date(),
    /** The offline install's registry: a damaged file refuses every read (see registry-record.ts), never reads as empty. */
    options: { failClosed?: boolean } = {},
  ) {
    const file = path.join(dataDir, 'registry.json');
    this.doc = new JsonDocument(file, RegistryFileSchema, () => ({ schemaVersion: REGISTRY_SCHEMA_VERSION, vaults: [] }), {
      ...(options.failClosed ? { failClosed: damagedRegistry(file) } : {}),
    });
  }

  async list(): Promise<PinnedVault[]> {
    return (await this.doc.read()).value.vaults;
  }

  async entry(vaultId: string): Promise<PinnedVault | null> {
    return (await this.list()).find((v) => v.vaultId === vaultId) ?? null;
  }

  /**
   * What the service lists now (null when it did not answer): each pinned vault it no longer lists
   * is frozen as unlisted (a mark kept on disk, lifted only by a new pin or by forgetting the
   * vault). A vault is looked for among the listed vaults of its own chain: a listing with no vault
   * at all on that chain (another service, or the simulation run on a shared data folder) says
   * nothing of it. Returns every entry frozen as unlisted.
   */
  async observeListing(listed: readonly ListedVault[] | null): Promise<PinnedVault[]> {
    if (listed) {
      const ids = new Set(listed.map((v) => v.vaultId));
      const chains = new Set(listed.map((v) => v.chainId));
      const gone = (await this.list()).filter((v) => !v.frozen && chains.has(v.chainId) && !ids.has(v.vaultId));
      if (gone.length > 0) {
        const at = this.now().toISOString();
        const goneIds = new Set(gone.map((v) => v.vaultId));
        await this.update((vaults) =>
          vaults.map((v) => (goneIds.has(v.vaultId) && !v.frozen ? { ...v, frozen: { at, proposed: null, reason: 'unlisted' as const } } : v)),
        );
        await this.writes;
      }
    }
    return (await this.list()).filter(isUnlisted);
  }

  /**
   * Takes a vault out of the registry, the operator's explicit act: its contracts are trusted here
   * no more, a plan on it needs a new review and pin, and a vault it collided with may be reviewed.
   */
  async forget(vaultId: string): Promise<PinnedVault> {
    const entry = await this.entry(vaultId);
    if (!entry) {
      const known = (await this.list()).map((v) => `${v.name} (${v.vaultId})`);
      throw new AppError({
        code: 'REGISTRY_VAULT_UNKNOWN',
        message: `No vault with the id ${vaultId} is in this registry${known.length ? `; it holds ${known.join(', ')}` : ' (it is empty)'}.`,
        action: 'Give the exact id of a vault in the registry.',
      });
    }
    await this.update((vaults) => vaults.filter((v) => v.vaultId !== vaultId));
    await this.writes;
    return entry;
  }

  /** The registry's entries the vault is taken for (none: it may be pinned or planned on). */
  private async collisions(identity: VaultIdentity, firstSeen: boolean) {
    return identityCollisions(announcedOf(identity), await this.list(), { firstSeen });
  }

  /**
   * What the console shows before a pin: the pinned set if any, what the service names now, and
   * each relation of the proposed set read on chain. A changed set freezes the vault here too.
   */
  async review(
    identity: VaultIdentity,
    client: PublicClient | null,
    explorerUrl: string | null = null,
    listed: readonly ListedVault[] | null = null,
    /** Why `client` is null, when the caller knows (an RPC that answers for another chain). */
    unreadable: string | null = null,
  ): Promise<VaultPinReview> {
    await this.observeListing(listed);
    let pinned = await this.entry(identity.vaultId);
    if (pinned && !pinned.frozen && differences(pinned.contracts, identity.proposed).length > 0)
      pinned = await this.freeze(pinned, identity);
    const collisions = await this.collisions(identity, !pinned);
    const base = {
      vaultId: identity.vaultId,
      name: identity.name,
      chainId: identity.chainId,
      status: collisions.length > 0 ? ('collision' as const) : !pinned ? ('new' as const) : pinned.frozen ? ('frozen' as const) : ('pinned' as const),
      pinned,
      proposed: identity.proposed,
      explorerUrl,
      collisions,
    };
    if (!client)
      return {
        ...base,
        checks: null,
        checkedAtBlock: null,
        checkError: unreadable ?? `No RPC is set for chain ${identity.chainId}.`,
        tokens: null,
        generations: null,
      };
    try {
      const { reads, keyring } = await readRelations(client, identity.proposed);
      const proposed = { ...identity.proposed, keyring };
      const checks = evaluateRelations(proposed, reads);
      const { underlying, tranche, strategy } = reads.tokens;
      return {
        ...base,
        proposed,
        checks,
        checkedAtBlock: reads.block.toString(),
        checkError: null,
        tokens: underlying && tranche && strategy ? { underlying, tranche, strategy } : null,
        generations: generationsOf(proposed, reads, identity.claimed),
      };
    } catch (err) {
      return {
        ...base,
        checks: null,
        checkedAtBlock: null,
        checkError: `The chain could not be read: ${toAppErrorData(err).message}`,
        tokens: null,
        generations: null,
      };
    }
  }

  /**
   * Pins the set the service names now, after reading its relations on chain: refused unless every
   * check passes, and refused while the vault is taken for another one of the registry. Replaces a
   * pinned or frozen entry (the explicit re-pin that unfreezes a vault).
   */
  async pin(identity: VaultIdentity, client: PublicClient | ChainMoment, by: string): Promise<PinnedVault> {
    const firstSeen = !(await this.entry(identity.vaultId));
    const collisions = await this.collisions(identity, firstSeen);
    if (collisions.length > 0) throw collisionError(announcedOf(identity), collisions, firstSeen);
    const { reads, keyring } = await readRelations(client, identity.proposed);
    const contracts = { ...identity.proposed, keyring };
    const checks = evaluateRelations(contracts, reads);
    if (!allPass(checks)) {
      throw new AppError({
        code: 'REGISTRY_CHECKS_FAILED',
        message: `${identity.name} was not pinned: its contracts do not check out on chain ${identity.chainId} (block ${reads.block}). ${failedChecks(checks)}.`,
        action: 'Do not use this vault until the service names contracts that belong together; report it to the service.',
        details: { vaultId: identity.vaultId, checks },
      });
    }
    const { underlying, tranche, strategy } = reads.tokens as { [K in keyof Tokens]: PinnedToken };
    const entry: PinnedVault = {
      vaultId: identity.vaultId,
      name: identity.name,
      chainId: identity.chainId,
      contracts,
      tokens: { underlying, tranche, strategy },
      pinnedAt: this.now().toISOString(),
      pinnedBy: by,
      pinnedAtBlock: reads.block.toString(),
      frozen: null,
    };
    await this.update((vaults) => [...vaults.filter((v) => v.vaultId !== entry.vaultId), entry]);
    return entry;
  }

  /**
   * The pinned set a plan may use, checked again on chain now. Refused for a vault taken for another
   * one of the registry (whatever the policy), a vault not pinned (unless the policy pins first-seen
   * vaults after their checks), a frozen one, one whose set the service now names differently (which
   * freezes it), or one whose relations no longer hold. `listed`: the vaults the service lists
   * now, so that a pinned vault it hid is frozen before a newcomer is weighed against it.
   */
  async verifyForPlan(
    identity: VaultIdentity,
    client: PublicClient | ChainMoment,
    firstSeen: FirstSeenPolicy,
    listed: readonly ListedVault[] | null = null,
  ): Promise<VerifiedVault> {
    await this.observeListing(listed);
    let entry = await this.entry(identity.vaultId);
    // A changed set freezes the vault first, so that the freeze holds whatever else refuses the plan.
    if (entry && !entry.frozen && (entry.chainId !== identity.chainId || differences(entry.contracts, identity.proposed).length > 0)) {
      entry = await this.freeze(entry, identity);
    }
    const collisions = await this.collisions(identity, !entry);
    if (collisions.length > 0) throw collisionError(announcedOf(identity), collisions, !entry);
    if (!entry) {
      if (firstSeen.kind === 'refuse') {
        throw new AppError({
          code: 'REGISTRY_VAULT_NOT_PINNED',
          message: `${identity.name} is not in the vault registry yet: its contracts have not been reviewed and pinned.`,
          action: firstSeen.action,
          details: { vaultId: identity.vaultId },
        });
      }
      entry = await this.pin(identity, client, firstSeen.by);
    }
    if (entry.frozen) throw frozenError(entry);
    const { reads } = await readRelations(client, entry.contracts);
    const checks = evaluateRelations(entry.contracts, reads);
    const tokenDrift = (['underlying', 'tranche', 'strategy'] as const).filter(
      (t) => reads.tokens[t]?.decimals !== entry.tokens[t].decimals,
    );
    if (!allPass(checks) || tokenDrift.length > 0) {
      const drift = tokenDrift.map(
        (t) => `the ${t}'s decimals() is ${reads.tokens[t]?.decimals ?? 'unread'}, pinned ${entry.tokens[t].decimals}`,
      );
      throw new AppError({
        code: 'REGISTRY_CHECKS_FAILED',
        message: `${entry.name}: the pinned contracts no longer check out on chain ${entry.chainId} (block ${reads.block}). ${[failedChecks(checks), ...drift].filter(Boolean).join('; ')}.`,
        action: 'Nothing was planned. Check the vault with its operator before pinning its contracts again.',
        details: { vaultId: entry.vaultId },
      });
    }
    return { vault: entry, checkedAtBlock: reads.block, generations: generationsOf(entry.contracts, reads, identity.claimed) };
  }

  /** The registry as a file, with the fingerprint of its bytes (shown where it is written and where it is read). */
  async export(): Promise<RegistryExport> {
    const vaults = [...(await this.list())].sort((a, b) => a.vaultId.localeCompare(b.vaultId));
    const content = `${JSON.stringify({ schemaVersion: REGISTRY_SCHEMA_VERSION, vaults }, null, 2)}\n`;
    return { fileName: registryFileName(this.now()), content, fingerprint: registryFingerprint(content), vaults: vaults.length };
  }

  /**
   * An offline install's registry: the registry of the file another install exported, taken whole
   * (it replaces what was pinned here). The offline install cannot read a chain: it takes the file
   * only once its planner signature recovers to a planner it trusts (`RegistryTransfer.import`).
   */
  async importFile(content: string): Promise<RegistryExport> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      throw notARegistry('it is not JSON (damaged or cut short)');
    }
    const result = RegistryFileSchema.safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw notARegistry(`${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'not the expected shape'}`);
    }
    const ids = result.data.vaults.map((v) => v.vaultId);
    if (new Set(ids).size !== ids.length) throw notARegistry('a vault is listed twice');
    // Replaced whole, without reading what was there: importing is how a damaged file is repaired.
    await this.update(() => result.data.vaults, { replace: true });
    return { ...(await this.export()), fingerprint: registryFingerprint(content) };
  }

  private async freeze(entry: PinnedVault, identity: VaultIdentity): Promise<PinnedVault> {
    const frozen: PinnedVault = { ...entry, frozen: { at: this.now().toISOString(), proposed: identity.proposed, reason: 'contracts-changed' } };
    await this.update((vaults) => vaults.map((v) => (v.vaultId === entry.vaultId ? frozen : v)));
    return frozen;
  }

  /** One write at a time, each on the latest file (`replace`: without reading it). */
  private update(change: (vaults: PinnedVault[]) => PinnedVault[], options: { replace?: boolean } = {}): Promise<void> {
    const next = this.writes
      .catch(() => undefined)
      .then(async () => {
        const current = options.replace ? [] : (await this.doc.read()).value.vaults;
        await this.doc.write({ schemaVersion: REGISTRY_SCHEMA_VERSION, vaults: change(current) });
      });
    this.writes = next;
    return next;
  }
}

export function frozenError(entry: PinnedVault): AppError {
  if (entry.frozen && !entry.frozen.proposed) {
    return new AppError({
      code: 'REGISTRY_VAULT_FROZEN',
      message: `${entry.name} (id ${entry.vaultId}) is frozen: the service stopped listing it on ${entry.frozen.at.slice(0, 10)} (pinned on ${entry.pinnedAt.slice(0, 10)}). No plan is possible on it.`,
      action: `Ask the vault's operator what became of it. If the service lists it again with the same contracts, review and pin it again (the console's review); if it was retired, forget it (Settings → Vault registry → Forget; headless: --forget-vault ${entry.vaultId}).`,
      details: { vaultId: entry.vaultId },
    });
  }
  const diff = entry.frozen?.proposed ? describeDifferences(differences(entry.contracts, entry.frozen.proposed)) : '';
  return new AppError({
    code: 'REGISTRY_VAULT_FROZEN',
    message: `${entry.name} is frozen: the service now names other contracts than the ones pinned on ${entry.pinnedAt.slice(0, 10)} (${diff}). No plan is possible on it.`,
    action:
      'Compare the pinned and the new addresses (in the console, shown with this refusal); pin the new set only if its on-chain checks pass and its operator confirms the change.',
    details: { vaultId: entry.vaultId },
  });
}

function notARegistry(why: string): AppError {
  return new AppError({
    code: 'REGISTRY_FILE_INVALID',
    message: `This file is not a vault registry exported by Vaultdesk: ${why}. Nothing was imported.`,
    action: 'Export the registry again on the online install (Settings → Vault registry) and import that file.',
  });
}

/** `sha256:` and the hex digest of the file's bytes. */
export function registryFingerprint(content: string): string {
  return `sha256:${createHash('sha256').update(content, 'utf8').digest('hex')}`;
}
