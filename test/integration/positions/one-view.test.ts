import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestConsole } from '../../support/console';
import { requestUrl, startDemoConsole } from './demo-console';

// The last portfolio view is held once, by the portfolio service: the position records, the
// agreements and a plan take it from there, and none of them refreshes the portfolio again (a
// refresh asks the service for the vaults' latest blocks: counted here).
const ctx = { transport: 'browser' as const };
let c: TestConsole;
let refreshes = 0;
const serviceFetch: typeof fetch = async (input, init) => {
  if (requestUrl(input).includes('/v1/vault-latest-blocks')) refreshes++;
  return fetch(input, init);
};

beforeAll(async () => {
  c = await startDemoConsole(serviceFetch);
}, 180_000);

afterAll(async () => {
  await c?.close();
});

describe('the last portfolio view, held once', () => {
  it('serves the position records, the agreements and a plan without another portfolio refresh', async () => {
    const view = await c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
    expect(view.positions.length).toBeGreaterThan(0);
    const after = refreshes;
    expect(after).toBeGreaterThan(0);

    const records = await c.runtime.handlers.positions.records({ groupId: null }, ctx);
    expect(records.groupId).toBeNull();
    const agreements = await c.runtime.handlers.portfolio.agreements({ groupId: null }, ctx);
    expect(agreements.rows.length).toBeGreaterThan(0);
    // A plan takes the vault and the requests from the view and reads the chain's facts itself.
    const wallet = view.wallets[0]!.address;
    const plan = await c.runtime.handlers.signing.plan({ vaultId: view.vaults[0]!.id, action: 'agreements', wallets: [wallet] }, ctx);
    expect(plan.wallets.map((w) => w.address.toLowerCase())).toEqual([wallet.toLowerCase()]);
    expect(refreshes).toBe(after);

    // The screens' own refresh still reads (and is counted).
    await c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
    expect(refreshes).toBe(after + 1);
  });
});
