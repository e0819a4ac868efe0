import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityOf, VaultRegistry } from '../../../electron/services/registry';
import { dispatch } from '../../../electron/runtime/dispatch';
import type { PortfolioVault } from '../../../shared/portfolio/schemas';
import type { RegistryFile, VaultPinReview } from '../../../shared/registry/schemas';
import { startTestConsole, type TestConsole } from '../../support/console';
import { batchOnWorld, emulatedRunFlags, lastLine, rpcFlags } from './headless';
import { startServiceProxy, type ServiceProxy } from './service-proxy';
import { signingWorldForFile, type SigningWorld } from './world';

// The attack of issue 31 (finding 2), end to end. The operator pinned "Alpha Credit USDC". A
// hostile service then lists "Alpha Credit USDC" under a new id with another real contract set on
// the same chain, around the same USDC (the demo chain's Beta vault: every relation check passes),
// and hides the original. Up to now `--trust-new-vaults` pinned it and the deposits confirmed into
// the other set under Alpha's name, and the console's review said "new", every check green. Now the
// headless run is refused with nothing signed or sent and both sets printed side by side, the
// console's review reports the collision, and the hidden vault is frozen until the operator acts.

let world: SigningWorld;
let alpha: PortfolioVault;
let beta: PortfolioVault;
let proxy: ServiceProxy;
let hostileUrl: string;
/** What the hostile service does to the vault records: hide Alpha and give Beta its name, or list a twin of Alpha's name beside it. */
let mode: 'impostor' | 'twin' = 'impostor';

/** The vault records as the hostile service serves them (Alpha's own record, and everything else, untouched otherwise). */
function rewrite(record: Record<string, any>): Record<string, any> | null {
  if (mode === 'impostor' && record._id === alpha.id) return null;
  if (record._id === beta.id) return { ...record, name: mode === 'impostor' ? alpha.name : alpha.name.toUpperCase() };
  return record;
}

/** The service as the attacker serves it: the vault list and a vault's own record rewritten, every other answer untouched. */
function hostileService(target: string): Promise<ServiceProxy> {
  return startServiceProxy(target, (url, answer) => {
    if (url.pathname === '/v1/vaults') {
      const page = JSON.parse(answer.text) as { data: Record<string, any>[]; totalCount?: number };
      const data = page.data.map(rewrite).filter((v): v is Record<string, any> => v !== null);
      const removed = page.data.length - data.length;
      return { ...answer, text: JSON.stringify({ ...page, data, ...(page.totalCount !== undefined ? { totalCount: page.totalCount - removed } : {}) }) };
    }
    if (url.pathname.startsWith('/v1/vaults/') && url.pathname.split('/').length === 4) {
      const served = rewrite(JSON.parse(answer.text) as Record<string, any>);
      return served
        ? { ...answer, text: JSON.stringify(served) }
        : { status: 404, text: JSON.stringify({ code: 'VAULT_NOT_FOUND', message: 'No such vault', statusCode: 404 }) };
    }
    return answer;
  });
}

signingWorldForFile((w, view) => {
  world = w;
  alpha = view.vaults.find((v) => v.name === 'Alpha Credit USDC')!;
  beta = view.vaults.find((v) => v.name === 'Beta Credit USDC')!;
});

beforeAll(async () => {
  // The impostor is a real vault set on the same chain around the same USDC: nothing on chain tells it from Alpha's.
  expect(beta.chain.chainId).toBe(alpha.chain.chainId);
  expect(beta.underlying.address.toLowerCase()).toBe(alpha.underlying.address.toLowerCase());
  proxy = await hostileService(world.service.url);
  hostileUrl = proxy.url;
}, 180_000);

afterAll(() => proxy?.close());

const runBatch = batchOnWorld(() => world);
const WALLETS = 4;

/** A data folder in which the operator pinned Alpha (the console's pin, after its on-chain checks). */
async function folderWithAlphaPinned(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(world.dataDir, `${name}-`));
  await new VaultRegistry(dir).pin(identityOf(alpha), world.chains.get(alpha.chain.chainId)!, 'the operator, in the console');
  return dir;
}

/** The wallets' nonces on Alpha's chain, and the agreements the service was sent: what "nothing signed or sent" is measured by. */
async function sentSoFar() {
  const client = world.chains.get(alpha.chain.chainId)!;
  const wallets = world.wallets.slice(0, WALLETS).map((w) => w.address as Hex);
  return {
    nonces: await Promise.all(wallets.map((address) => client.getTransactionCount({ address }))),
    agreementsPosted: world.service.store.signedMessages.all().length,
  };
}

const registryOf = async (dir: string) => JSON.parse(await readFile(path.join(dir, 'registry.json'), 'utf8')) as RegistryFile;
const journals = (dir: string) => readdir(path.join(dir, 'journals')).catch(() => [] as string[]);

describe("a service that re-announces a pinned vault's name with another contract set and hides the original", () => {
  it('is refused headless whatever the flags: nothing signed, nothing sent, both sets side by side; the hidden vault is frozen', async () => {
    mode = 'impostor';
    const dir = await folderWithAlphaPinned('headless');
    const before = await sentSoFar();
    const run = await runBatch([
      ...emulatedRunFlags(world, hostileUrl, dir),
      '--wallets',
      String(WALLETS),
      '--action',
      'deposit',
      '--amount',
      '10',
      '--with-agreements',
      '--trust-new-vaults',
      '--vault',
      'Alpha Credit USDC',
    ]);
    expect(run.code, run.stderr).toBe(2);
    const refused = lastLine(run).refused as { code: string; message: string; action: string };
    expect(refused.code, refused.message).toBe('REGISTRY_IDENTITY_COLLISION');
    expect(refused.message).toContain(
      `Alpha Credit USDC (id ${beta.id}, chain ${alpha.chain.chainId}) is announced by the service for the first time`,
    );
    expect(refused.message).toContain(
      `collides with Alpha Credit USDC (id ${alpha.id}, chain ${alpha.chain.chainId}): the same name as Alpha Credit USDC`,
    );
    expect(refused.message).toContain('which is frozen (the service no longer lists it)');
    expect(refused.action).toContain(`headless --forget-vault ${alpha.id}`);
    // Both sets, side by side, before the refusal.
    const out = run.lines.join('\n');
    expect(out).toMatch(/pinned in this registry\s+announced by the service now/);
    expect(out).toContain(`${alpha.epochVault}  ${beta.epochVault}`);
    expect(out).toContain(`${alpha.tranche.address}  ${beta.tranche.address}`);
    expect(out).toMatch(new RegExp(`${alpha.id}\\s+${beta.id}`));
    // The hidden vault, named and frozen, before anything was planned.
    expect(out).toContain(`registry: Alpha Credit USDC (id ${alpha.id}, chain ${alpha.chain.chainId}) is no longer listed by the service`);
    expect(run.stderr).toContain('REGISTRY_IDENTITY_COLLISION');

    expect(await journals(dir)).toEqual([]);
    expect(await sentSoFar()).toEqual(before);
    const registry = await registryOf(dir);
    expect(registry.vaults.map((v) => [v.vaultId, v.frozen?.reason ?? null])).toEqual([[alpha.id, 'unlisted']]);
  }, 300_000);

  it("is reported by the console's registry review, and its plan and pin are refused (the demo pins first-seen vaults)", async () => {
    mode = 'impostor';
    let c: TestConsole | null = null;
    try {
      c = await startTestConsole({
        // The console's demo mode on the hostile service and the world's chains: its registry pins
        // first-seen vaults once their checks pass, the policy the attack relies on.
        startSimulation: async () => ({
          url: hostileUrl,
          apiKey: world.service.apiKey,
          wallets: world.wallets.slice(0, WALLETS).map((w, i) => ({ address: w.address as Hex, label: w.label, path: w.path, index: i })),
          localChains: world.sim.network.chains.map(({ chain }) => ({
            chainId: chain.chainId,
            rpcUrl: chain.rpcUrl,
            stop: async () => undefined,
          })),
          close: async () => undefined,
        }),
      });
      await new VaultRegistry(path.join(c.dataDir, 'demo')).pin(
        identityOf(alpha),
        world.chains.get(alpha.chain.chainId)!,
        'the demo (its own simulated vaults)',
      );
      const call = async (method: string, input: unknown): Promise<any> =>
        dispatch(c!.runtime.handlers, method, input, { transport: 'browser' });

      const reviewed = await call('registry.review', { vaultId: beta.id });
      expect(reviewed.ok, JSON.stringify(reviewed)).toBe(true);
      const review = reviewed.value as VaultPinReview;
      expect(review.status).toBe('collision');
      expect(review.name).toBe('Alpha Credit USDC');
      expect(review.collisions.map((x) => [x.entry.vaultId, x.entry.name, x.reasons.map((r) => r.kind)])).toEqual([
        [alpha.id, 'Alpha Credit USDC', ['name', 'underlying']],
      ]);
      expect(review.collisions[0]!.entry.contracts.epochVault.toLowerCase()).toBe(alpha.epochVault.toLowerCase());
      expect(review.proposed.epochVault.toLowerCase()).toBe(beta.epochVault.toLowerCase());
      // Every on-chain check of the impostor's set passes: they cannot tell which vault it is.
      expect(review.checks!.every((x) => x.ok)).toBe(true);

      const list = await call('registry.list', {});
      expect(list.value.map((v: any) => [v.vaultId, v.frozen?.reason])).toEqual([[alpha.id, 'unlisted']]);
      expect(await call('registry.pin', { vaultId: beta.id, expected: review.proposed })).toMatchObject({
        ok: false,
        error: { code: 'REGISTRY_IDENTITY_COLLISION' },
      });

      const wallets = world.wallets.slice(0, WALLETS).map((w) => w.address);
      await expect
        .poll(async () => (await call('wallets.list', {})).value.wallets.length, { timeout: 30_000 })
        .toBeGreaterThanOrEqual(WALLETS);
      const before = await sentSoFar();
      const planned = await call('signing.plan', { vaultId: beta.id, action: 'deposit', amount: '10', wallets });
      expect(planned).toMatchObject({
        ok: false,
        error: { code: 'REGISTRY_IDENTITY_COLLISION', details: { vaultId: beta.id, collidesWith: [alpha.id] } },
      });
      expect((await registryOf(path.join(c.dataDir, 'demo'))).vaults.map((v) => v.vaultId)).toEqual([alpha.id]);
      expect(await sentSoFar()).toEqual(before);
    } finally {
      await c?.close();
    }
  }, 300_000);

  it('keeps the hidden vault frozen when the service lists it again, until the operator forgets it and pins it afresh', async () => {
    mode = 'impostor';
    const dir = await folderWithAlphaPinned('relisted');
    const flags = [...emulatedRunFlags(world, world.service.url, dir), '--wallets', '3'];
    const hidden = await runBatch([
      ...flags.map((f) => (f === world.service.url ? hostileUrl : f)),
      '--action',
      'withdraw',
      '--vault',
      'Beta Credit USDC',
      '--dry-run',
    ]);
    // Beta is no longer listed under its name: refused, listing what is, and saying that Alpha is frozen.
    expect(lastLine(hidden).refused.code).toBe('BATCH_VAULT_UNKNOWN');
    expect((await registryOf(dir)).vaults[0]!.frozen?.reason).toBe('unlisted');

    // The honest service lists Alpha again: still frozen, whatever the flags.
    const again = await runBatch([...flags, '--action', 'withdraw', '--vault', alpha.id, '--trust-new-vaults', '--dry-run']);
    expect(again.code, again.stderr).toBe(2);
    expect(lastLine(again).refused).toMatchObject({
      code: 'REGISTRY_VAULT_FROZEN',
      action: expect.stringContaining(`--forget-vault ${alpha.id}`),
    });
    expect(lastLine(again).refused.message).toContain('the service stopped listing it on');

    const forgotten = await runBatch(['--data-dir', dir, '--forget-vault', alpha.id]);
    expect(forgotten.code, forgotten.stderr).toBe(0);
    expect(lastLine(forgotten)).toEqual({ forgotten: { vaultId: alpha.id, name: alpha.name, chainId: alpha.chain.chainId } });
    expect(forgotten.lines.join('\n')).toContain(alpha.epochVault);
    expect((await registryOf(dir)).vaults).toEqual([]);

    const repinned = await runBatch([...flags, '--action', 'withdraw', '--vault', alpha.id, '--trust-new-vaults', '--dry-run']);
    expect(repinned.code, repinned.stderr).toBe(0);
    expect(lastLine(repinned).signed).toBe(0);
    const entry = (await registryOf(dir)).vaults[0]!;
    expect([entry.vaultId, entry.frozen, entry.pinnedBy]).toEqual([alpha.id, null, 'the batch runner with --trust-new-vaults']);
  }, 300_000);
});

describe('npm run batch -- --vault', () => {
  it('takes an exact name or id: a part of a name, or a name two vaults share, is refused with the vaults listed', async () => {
    const flags = [
      '--service',
      world.service.url,
      ...rpcFlags(world),
      '--emulated-device',
      '--wallets',
      '3',
      '--action',
      'withdraw',
      '--dry-run',
    ];
    const dir = await mkdtemp(path.join(world.dataDir, 'vault-flag-'));
    const part = await runBatch([...flags, '--data-dir', dir, '--vault', 'alpha']);
    expect(part.code).toBe(2);
    expect(lastLine(part).refused.code).toBe('BATCH_VAULT_UNKNOWN');
    expect(lastLine(part).refused.message).toContain('--vault "alpha" is not the exact name or id of a vault the service lists');
    expect(lastLine(part).refused.message).toContain(`Alpha Credit USDC (id ${alpha.id}, chain ${alpha.chain.chainId})`);
    expect(lastLine(part).refused.message).toContain(`Beta Credit USDC (id ${beta.id}, chain ${beta.chain.chainId})`);

    mode = 'twin';
    const twin = await runBatch([
      ...flags.map((f) => (f === world.service.url ? hostileUrl : f)),
      '--data-dir',
      dir,
      '--vault',
      'alpha credit usdc',
    ]);
    expect(twin.code).toBe(2);
    expect(lastLine(twin).refused.code).toBe('BATCH_VAULT_AMBIGUOUS');
    expect(lastLine(twin).refused.message).toContain(`Alpha Credit USDC (id ${alpha.id}`);
    expect(lastLine(twin).refused.message).toContain(`ALPHA CREDIT USDC (id ${beta.id}`);
    expect(await journals(dir)).toEqual([]);
  }, 300_000);
});
