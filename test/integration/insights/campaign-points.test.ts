import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceClient } from '../../../electron/services/service-client';
import { CampaignPointsCache } from '../../../electron/services/insights/campaign-points';
import { startSimService, type SimService } from '../../../electron/demo/service';

// The points of a group are read per wallet (the service's only form): at most 8 at once, kept a
// few minutes, read again on demand. The simulated service answers over real HTTP, slowly enough
// for requests to overlap; the fetch the client uses counts what is in flight.
let sim: SimService;
let client: ServiceClient;
let inFlight = 0;
let maxInFlight = 0;
let requests = 0;
let campaignId: string;
let wallets: string[];

beforeAll(async () => {
  sim = await startSimService({ seed: 5, wallets: 40, now: Date.UTC(2026, 10, 1), latencyMs: 15 });
  const counting: typeof fetch = async (input, init) => {
    requests++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      return await fetch(input, init);
    } finally {
      inFlight--;
    }
  };
  client = createServiceClient({ baseUrl: sim.url, getApiKey: async () => sim.apiKey, fetch: counting, sleep: async () => {} });
  campaignId = sim.store.campaigns.all()[1]!._id;
  wallets = sim.store.wallets.all().map((w) => w.address).slice(0, 40);
});
afterAll(() => sim.close());

describe('campaign points of a group', () => {
  const cache = new CampaignPointsCache();

  it('reads every wallet at most 8 at once, with the service’s figures', async () => {
    requests = 0;
    maxInFlight = 0;
    const results = await cache.load(client, campaignId, wallets);
    expect(requests).toBe(wallets.length);
    expect(maxInFlight).toBe(8);
    for (const wallet of wallets) {
      const stored = sim.store.campaignPoints.find((p) => p.campaignId === campaignId && p.walletAddress === wallet);
      const r = results.get(wallet)!;
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.figures).toMatchObject({ points: stored?.points ?? 0, perDay: stored?.perDay ?? 0, multiplier: stored?.multiplier ?? 1 });
    }
  });

  it('answers again from its copy, and reads again when asked to', async () => {
    requests = 0;
    await cache.load(client, campaignId, wallets);
    expect(requests).toBe(0);
    await cache.load(client, campaignId, wallets.slice(0, 5), { force: true });
    expect(requests).toBe(5);
    // Figures older than the time they are kept for are read again.
    requests = 0;
    await cache.load(client, campaignId, wallets.slice(0, 3), { now: Date.now() + 6 * 60_000 });
    expect(requests).toBe(3);
  });

  it('reports a wallet the service refuses on its own, and does not keep the failure', async () => {
    const bad = '0x12';
    const results = await cache.load(client, campaignId, [wallets[0]!, bad]);
    expect(results.get(wallets[0]!)!.ok).toBe(true);
    const failed = results.get(bad)!;
    expect(failed.ok).toBe(false);
    if (!failed.ok) expect(failed.error).toContain('walletAddress');
    requests = 0;
    await cache.load(client, campaignId, [bad]);
    expect(requests).toBeGreaterThan(0);
  });
});
