import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleRuntime } from '../../../electron/runtime';
import { startSimService, type SimService } from '../../../electron/demo/service';
import { createServiceClient } from '../../../electron/services/service-client';
import { apiKeyAccount } from '../../../electron/services/secrets/api-key';
import type { KeychainSecretStore } from '../../../electron/services/secrets/keychain-store';
import { startTestRuntime, testDataDir } from '../../support/test-runtime';

// An operator who set a service address but holds no key for it: the console reads what the
// service answers without a key, under /v1/public/…, and refuses the rest itself, saying to add a
// key, so the service never sees a keyed route without one. The demo's service stands in for the
// real one, over real HTTP; the keychain is the real one (empty for this address).

const ctx = { transport: 'browser' as const };
const NEEDS_KEY = { code: 'SERVICE_KEY_NEEDED', message: expect.stringMatching(/needs an API key/), action: 'Add an API key in Settings → Service API key.' };
let sim: SimService;
let runtime: ConsoleRuntime;
let secrets: KeychainSecretStore;
/** Every request the console sent: its path and whether it carried a key. */
const sent: { path: string; keyed: boolean; status: number }[] = [];

const recordingFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const headers = new Headers(init?.headers);
  const response = await fetch(input, init);
  sent.push({ path: url.pathname, keyed: headers.has('authorization'), status: response.status });
  return response;
};
const sentSince = (mark: number) => sent.slice(mark);

beforeAll(async () => {
  sim = await startSimService({ port: 0, seed: 7, wallets: 12 });
  const dataDir = testDataDir('public-mode');
  // The address saved in Settings, as an operator leaves it after removing the key.
  writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ version: 1, serviceUrl: sim.url, offline: false }));
  ({ runtime, secrets } = await startTestRuntime('public-mode', {
    dataDir,
    fetch: recordingFetch,
    startSimulation: () => Promise.reject(new Error('the demo must not start while a service address is set')),
  }));
  const lender = sim.store.vaultRequests.all()[0]!.walletAddress;
  await runtime.handlers.wallets.add({ address: lender, label: 'Lender' }, ctx);
}, 60_000);

afterAll(async () => {
  await secrets?.delete(apiKeyAccount(sim.url)).catch(() => false);
  await runtime?.close();
  await sim?.close();
});

describe('a service address without a key', () => {
  it('is the public mode, reading that service (never the demo)', async () => {
    const info = await runtime.handlers.app.info({}, ctx);
    expect(info).toMatchObject({ mode: 'public', serviceUrl: sim.url, simulation: null });
  });

  it('lists the vaults through /v1/public, without a key, as the keyed service lists them', async () => {
    const mark = sent.length;
    const list = await runtime.handlers.vaults.list({}, ctx);
    const keyed = createServiceClient({ baseUrl: sim.url, getApiKey: async () => sim.apiKey });
    const publicVaults = (await keyed.listAll('vaults')).filter((v) => v.visibility === 'PUBLIC');
    expect(list.vaults.map((v) => v.id).sort()).toEqual(publicVaults.map((v) => v._id).sort());
    // Categories and types need a key: the list goes without them rather than failing.
    expect(list.categories).toEqual([]);
    const reads = sentSince(mark);
    expect(reads.map((r) => r.path)).toContain('/v1/public/vaults');
    expect(reads.every((r) => r.path.startsWith('/v1/public/') && !r.keyed && r.status === 200)).toBe(true);
  });

  it('builds the portfolio from public data only, says so, and asks for no requests list', async () => {
    const mark = sent.length;
    const view = await runtime.handlers.portfolio.load({ groupId: null }, ctx);
    const service = view.sources.find((s) => s.id === 'service')!;
    expect(service).toMatchObject({ ok: true, label: 'Credit vault service (public data only)' });
    const reads = sentSince(mark);
    expect(reads.some((r) => r.path.includes('vault-requests'))).toBe(false);
    expect(reads.every((r) => r.path.startsWith('/v1/public/') && !r.keyed)).toBe(true);
    // No RPC of the operator's: the service names no chain without a key, and the console says which vaults it cannot place.
    const unplaced = view.sources.find((s) => s.id === 'vaults-without-chain');
    expect(unplaced?.error).toMatchObject({ code: 'CHAIN_UNKNOWN_WITHOUT_KEY', action: expect.stringContaining('Settings → Chains') });
    expect(unplaced?.error?.message).toMatch(/Without an API key the service does not say which chain a vault is on/);
  });

  it('reads operators, and the performance overview with the vaults’ latest blocks, through /v1/public', async () => {
    const mark = sent.length;
    expect((await runtime.handlers.operators.list({}, ctx)).operators.length).toBeGreaterThan(0);
    expect((await runtime.handlers.performance.overview({}, ctx)).rows.length).toBeGreaterThan(0);
    const reads = sentSince(mark);
    expect(reads.map((r) => r.path)).toEqual(expect.arrayContaining(['/v1/public/operators', '/v1/public/vaults/performances', '/v1/public/vault-latest-blocks']));
    expect(reads.every((r) => r.path.startsWith('/v1/public/') && !r.keyed && r.status === 200)).toBe(true);
  });

  it('refuses what needs a key itself, saying to add one: nothing of it reaches the service', async () => {
    const mark = sent.length;
    const vaultId = (await runtime.handlers.vaults.list({}, ctx)).vaults[0]!.id;
    const afterList = sent.length;

    await expect(runtime.handlers.campaigns.list({}, ctx)).rejects.toMatchObject(NEEDS_KEY);
    await expect(runtime.handlers.vaults.epochs({ vaultId }, ctx)).rejects.toMatchObject(NEEDS_KEY);
    const transactions = await runtime.handlers.transactions.list({ groupId: null }, ctx);
    expect(transactions.error).toMatchObject({ code: 'SERVICE_KEY_NEEDED', action: NEEDS_KEY.action });
    const records = await runtime.handlers.positions.records({ groupId: null }, ctx);
    if (records.rows.length > 0) expect(records.source.error).toMatchObject({ code: 'SERVICE_KEY_NEEDED', action: NEEDS_KEY.action });

    const plan = runtime.handlers.signing.plan({ vaultId, action: 'deposit', amount: '10', wallets: [] }, ctx);
    await expect(plan).rejects.toMatchObject({ code: 'SIGNING_NEEDS_KEY', message: expect.stringMatching(/^Signing needs an API key/), action: NEEDS_KEY.action });
    const agreements = runtime.handlers.signing.plan({ vaultId, action: 'agreements', wallets: [] }, ctx);
    await expect(agreements).rejects.toMatchObject({ code: 'SIGNING_NEEDS_KEY', message: expect.stringMatching(/agreements need an API key: they are the service’s signature records/) });

    // Only public routes were asked (the catalog, read again), never a keyed one: no 401 came back.
    expect(sentSince(afterList).every((r) => r.path.startsWith('/v1/public/') && !r.keyed)).toBe(true);
    expect(sentSince(mark).some((r) => r.status === 401)).toBe(false);
  });

  it('switches to live once a key is saved, and back to public data when it is removed', async () => {
    await runtime.handlers.settings.setApiKey({ serviceUrl: sim.url, apiKey: sim.apiKey }, ctx);
    expect((await runtime.handlers.app.info({}, ctx)).mode).toBe('live');
    const mark = sent.length;
    expect((await runtime.handlers.campaigns.list({}, ctx)).campaigns.length).toBeGreaterThan(0);
    expect(sentSince(mark).every((r) => !r.path.startsWith('/v1/public/') && r.keyed)).toBe(true);

    await runtime.handlers.settings.removeApiKey({}, ctx);
    expect((await runtime.handlers.app.info({}, ctx)).mode).toBe('public');
    await expect(runtime.handlers.campaigns.list({}, ctx)).rejects.toMatchObject(NEEDS_KEY);
  });

  it('goes back to the demo only when the operator forgets the address', async () => {
    const status = await runtime.handlers.settings.forgetService({}, ctx);
    expect(status.serviceUrl).toBeNull();
    expect((await runtime.handlers.app.info({}, ctx)).mode).toBe('demo');
  });
});
