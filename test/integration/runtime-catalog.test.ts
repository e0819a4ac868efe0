import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleRuntime } from '../../electron/runtime';
import { serviceOnlySimulation } from '../support/console';
import { startTestRuntime } from '../support/test-runtime';

// The console's one catalog: the screens that join on vaults, tokens and chains share one read of
// each list, and a mode change forgets it, so the next screen reads the new source.
const ctx = { transport: 'browser' as const };
const CATALOG = ['vaults', 'tokens', 'chains', 'vault-categories', 'vault-types'];
let runtime: ConsoleRuntime;
const requests: string[] = [];

/** How many requests each catalog list has cost so far. */
const catalogRequests = () => Object.fromEntries(CATALOG.map((r) => [r, requests.filter((p) => p === `/v1/${r}`).length]));

/** The runtime's fetch: every request it sends to the service, counted by path. */
const countingFetch: typeof fetch = async (input, init) => {
  requests.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
  return fetch(input, init);
};

beforeAll(async () => {
  ({ runtime } = await startTestRuntime('runtime-catalog', { fetch: countingFetch, startSimulation: serviceOnlySimulation }));
});

afterAll(async () => {
  await runtime?.close();
});

describe('the console’s catalog', () => {
  it('is read once for the portfolio, the campaigns, operators and performance screens and the vault page', async () => {
    await runtime.handlers.portfolio.load({ groupId: null }, ctx);
    await runtime.handlers.campaigns.list({}, ctx);
    const once = catalogRequests();
    expect(Object.values(once).every((n) => n > 0)).toBe(true);
    await runtime.handlers.operators.list({}, ctx);
    await runtime.handlers.performance.overview({}, ctx);
    await runtime.handlers.portfolio.load({ groupId: null }, ctx);
    const [row] = (await runtime.handlers.performance.overview({}, ctx)).rows;
    await runtime.handlers.vaults.profile({ vaultId: row!.vault.id }, ctx);
    expect(catalogRequests()).toEqual(once);
  });

  it('is read again when the operator refreshes, and the refreshed lists serve the other screens', async () => {
    const before = catalogRequests();
    await runtime.handlers.vaults.list({}, ctx);
    const refreshed = catalogRequests();
    for (const r of CATALOG) expect(refreshed[r]).toBeGreaterThan(before[r]!);
    await runtime.handlers.campaigns.list({}, ctx);
    await runtime.handlers.portfolio.load({ groupId: null }, ctx);
    expect(catalogRequests()).toEqual(refreshed);
    await runtime.handlers.operators.list({ force: true }, ctx);
    const forced = catalogRequests();
    for (const r of CATALOG) expect(forced[r]).toBeGreaterThan(refreshed[r]!);
  });

  it('is forgotten when the console changes mode, and read from the new source', async () => {
    await runtime.handlers.settings.setOffline({ offline: true }, ctx);
    await expect(runtime.handlers.campaigns.list({}, ctx)).rejects.toMatchObject({ code: 'OFFLINE' });
    const before = catalogRequests();
    await runtime.handlers.settings.setOffline({ offline: false }, ctx);
    expect((await runtime.handlers.campaigns.list({}, ctx)).campaigns.length).toBeGreaterThan(0);
    const after = catalogRequests();
    for (const r of CATALOG) expect(after[r]).toBeGreaterThan(before[r]!);
  });
});
