import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PublicClient } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VaultRegistry, type VaultIdentity } from '../../../electron/services/registry';
import { gateItems } from '../../../electron/services/registry/gate';
import type { PinnedVault, RegistryFile } from '../../../shared/registry/schemas';
import { contractSetAt, numberedAddress, pinnedVault } from '../../support/pinned-vault';

// The registry's side of vault identities (issue 31, finding 2): a vault taken for a pinned one is
// refused before any chain is read, whatever the first-seen policy; a pinned vault the service no
// longer lists is frozen, on disk, until the operator pins it again or forgets it.

const USDC = numberedAddress(0xc0);
const setAt = (base: number) => contractSetAt(base, USDC);
const ALPHA = pinnedVault('alpha-id', 'Alpha Credit USDC', setAt(0x100));
const BETA = pinnedVault('beta-id', 'Beta Credit USDC', setAt(0x200));

/** A chain that must not be read: the refusals come before any read. */
const noChain = new Proxy({} as PublicClient, {
  get(_, prop) {
    throw new Error(`the chain was read (${String(prop)})`);
  },
});
/** The service's listing: these vaults, all on the chain of the test's vaults. */
const listing = (...ids: string[]) => ids.map((vaultId) => ({ vaultId, chainId: 31337 }));
const pinAll = { kind: 'pin-after-checks', by: 'the batch runner with --trust-new-vaults' } as const;

let dir: string;
let registry: VaultRegistry;
const file = () => path.join(dir, 'registry.json');
const onDisk = async () => (JSON.parse(await readFile(file(), 'utf8')) as RegistryFile).vaults;
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => err as { code: string; message: string; action: string; details: Record<string, unknown> },
  );

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vaultdesk-registry-identity-'));
  await writeFile(file(), JSON.stringify({ schemaVersion: 1, vaults: [ALPHA] }));
  registry = new VaultRegistry(dir, () => new Date('2026-11-05T12:00:00.000Z'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The service's "Alpha Credit USDC" under another id, with another set around the same USDC. */
const impostor: VaultIdentity = { vaultId: 'beta-id', name: 'Alpha Credit USDC', chainId: 31337, proposed: setAt(0x200) };

describe('a vault taken for a pinned one', () => {
  it('is refused with both sets side by side, even when the policy pins first-seen vaults, and nothing is pinned', async () => {
    const err = await refusal(registry.verifyForPlan(impostor, noChain, pinAll, listing('alpha-id', 'beta-id')));
    expect(err).toMatchObject({ code: 'REGISTRY_IDENTITY_COLLISION', details: { vaultId: 'beta-id', collidesWith: ['alpha-id'] } });
    expect(err!.message).toContain('Alpha Credit USDC (id beta-id, chain 31337) is announced by the service for the first time');
    expect(err!.message).toContain('the same name as Alpha Credit USDC');
    expect(err!.action).toContain('headless --forget-vault alpha-id');
    expect(err!.action).toContain('Settings → Vault registry → Forget');
    const table = (err!.details.sideBySide as string[]).join('\n');
    expect(table).toContain(`${ALPHA.contracts.epochVault}  ${impostor.proposed.epochVault}`);
    expect(table).toMatch(/alpha-id\s+beta-id/);
    expect((await onDisk()).map((v) => v.vaultId)).toEqual(['alpha-id']);
    // The console's explicit pin is refused the same way.
    expect(await refusal(registry.pin(impostor, noChain, 'the operator, in the console'))).toMatchObject({
      code: 'REGISTRY_IDENTITY_COLLISION',
    });
  });

  it('is a collision in the review, with the pinned entry, and pinnable only once the operator forgets that entry', async () => {
    const review = await registry.review(impostor, null, null, listing('alpha-id', 'beta-id'));
    expect(review.status).toBe('collision');
    expect(review.collisions.map((c) => [c.entry.vaultId, c.reasons])).toEqual([['alpha-id', [{ kind: 'name' }]]]);
    expect((await registry.forget('alpha-id')).name).toBe('Alpha Credit USDC');
    expect((await registry.review(impostor, null, null, listing('beta-id'))).status).toBe('new');
    expect(await refusal(registry.forget('alpha-id'))).toMatchObject({ code: 'REGISTRY_VAULT_UNKNOWN' });
  });

  it('refuses a renamed stand-in around the same USDC once the pinned vault left the listing, and keeps a listed sibling working', async () => {
    await writeFile(file(), JSON.stringify({ schemaVersion: 1, vaults: [ALPHA, BETA] }));
    const standIn: VaultIdentity = { vaultId: 'new-id', name: 'Alpha Prime USDC', chainId: 31337, proposed: setAt(0x300) };
    // While Alpha is listed, a new vault around the same USDC is an ordinary sibling (as Beta is).
    expect((await registry.review(standIn, null, null, listing('alpha-id', 'beta-id', 'new-id'))).status).toBe('new');
    const err = await refusal(registry.verifyForPlan(standIn, noChain, pinAll, listing('beta-id', 'new-id')));
    expect(err?.code).toBe('REGISTRY_IDENTITY_COLLISION');
    expect(err!.message).toContain(
      `the same underlying token ${USDC} on chain 31337 as Alpha Credit USDC, which is frozen (the service no longer lists it)`,
    );
    // Beta, pinned and listed, is not taken for the frozen Alpha.
    expect(
      (
        await registry.review(
          { vaultId: 'beta-id', name: BETA.name, chainId: 31337, proposed: BETA.contracts },
          null,
          null,
          listing('beta-id'),
        )
      ).status,
    ).toBe('pinned');
  });
});

describe('a pinned vault named with another vault’s contract', () => {
  it('is refused as a collision and frozen, so it stays frozen when the service names its own set again', async () => {
    await writeFile(file(), JSON.stringify({ schemaVersion: 1, vaults: [ALPHA, BETA] }));
    const borrowed: VaultIdentity = {
      vaultId: 'alpha-id',
      name: ALPHA.name,
      chainId: 31337,
      proposed: { ...ALPHA.contracts, queue: BETA.contracts.queue },
    };
    const err = await refusal(registry.verifyForPlan(borrowed, noChain, pinAll, listing('alpha-id', 'beta-id')));
    expect(err).toMatchObject({ code: 'REGISTRY_IDENTITY_COLLISION', details: { collidesWith: ['beta-id'] } });
    expect(err!.message).toContain(
      `its deposit queue ${BETA.contracts.queue} is the deposit queue and withdraw queue pinned for Beta Credit USDC`,
    );
    expect((await onDisk()).find((v) => v.vaultId === 'alpha-id')!.frozen).toMatchObject({ reason: 'contracts-changed' });
    const own: VaultIdentity = { vaultId: 'alpha-id', name: ALPHA.name, chainId: 31337, proposed: ALPHA.contracts };
    expect(await refusal(registry.verifyForPlan(own, noChain, pinAll, listing('alpha-id', 'beta-id')))).toMatchObject({
      code: 'REGISTRY_VAULT_FROZEN',
    });
  });
});

describe('a pinned vault the service no longer lists', () => {
  it('is frozen on disk, across restarts, refused for plans and by the gate, and not lifted when the service lists it again', async () => {
    // The service could not be read: nothing is marked.
    expect(await registry.observeListing(null)).toEqual([]);
    expect((await onDisk())[0]!.frozen).toBeNull();

    // Another service, or the simulation on a shared data folder, lists nothing on Alpha's chain: it says nothing of Alpha.
    expect(await registry.observeListing([{ vaultId: 'sim-vault', chainId: 1 }])).toEqual([]);
    expect((await onDisk())[0]!.frozen).toBeNull();

    const marked = await registry.observeListing([{ vaultId: 'some-other-vault', chainId: 31337 }]);
    expect(marked.map((v) => v.vaultId)).toEqual(['alpha-id']);
    expect((await onDisk())[0]!.frozen).toEqual({ at: '2026-11-05T12:00:00.000Z', proposed: null, reason: 'unlisted' });

    const restarted = new VaultRegistry(dir);
    const identity: VaultIdentity = { vaultId: 'alpha-id', name: ALPHA.name, chainId: 31337, proposed: ALPHA.contracts };
    const err = await refusal(restarted.verifyForPlan(identity, noChain, pinAll, listing('alpha-id')));
    expect(err).toMatchObject({ code: 'REGISTRY_VAULT_FROZEN' });
    expect(err!.message).toContain('the service stopped listing it on 2026-11-05');
    expect(err!.action).toContain('--forget-vault alpha-id');
    expect(() => gateItems({ vault: marked[0] as PinnedVault, action: 'claim', approval: 'exact' }, [])).toThrow(/stopped listing/);
    expect((await restarted.review(identity, null, null, listing('alpha-id'))).status).toBe('frozen');
    expect((await onDisk())[0]!.frozen?.reason).toBe('unlisted');
  });

  it('keeps a freeze for other contracts as it was', async () => {
    const changed = { ...ALPHA, frozen: { at: '2026-11-02T00:00:00.000Z', proposed: setAt(0x900), reason: 'contracts-changed' as const } };
    await writeFile(file(), JSON.stringify({ schemaVersion: 1, vaults: [changed] }));
    expect(await registry.observeListing([{ vaultId: 'other', chainId: 31337 }])).toEqual([]);
    expect((await onDisk())[0]!.frozen).toEqual(changed.frozen);
  });
});
