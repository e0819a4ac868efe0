import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceClient } from '../../../electron/services/service-client';
import { startSimService, type SimService } from '../../../electron/demo/service';
import { isKnownValue, type SetAsideRecord } from '../../../shared/service';
import { epochRates } from '../../../shared/domain/rates';

/**
 * The simulated service's strict mode answers in the shapes of the protocol's own client, and the
 * console's client, fed by it, reads every vault, open request, transaction and epoch APR.
 */
describe('the simulated service in the protocol’s shapes', () => {
  let sim: SimService;
  let client: ServiceClient;
  const setAside: SetAsideRecord[] = [];
  const raw = async (path: string) =>
    (await fetch(`${sim.url}${path}`, { headers: { authorization: `Bearer ${sim.apiKey}` } })).json() as Promise<Record<string, unknown>>;

  beforeAll(async () => {
    sim = await startSimService({ seed: 7, wallets: 40, now: Date.UTC(2026, 10, 20) });
    client = createServiceClient({ baseUrl: sim.url, getApiKey: async () => sim.apiKey, onSetAside: (s) => setAside.push(...s) });
  });
  afterAll(() => sim.close());

  it('writes limits as {amount, isActive}, no manager for a hidden vault, and request totals as amounts', async () => {
    const vaults = (await raw('/v1/vaults?limit=200')).data as Array<Record<string, any>>;
    expect(
      vaults.every((v) => typeof v.maxCap === 'object' && typeof v.maxCap.amount === 'string' && typeof v.maxCap.isActive === 'boolean'),
    ).toBe(true);
    expect(vaults.filter((v) => v.visibility === 'HIDDEN' && v.cdoEpoch).every((v) => v.cdoEpoch.manager.address === '')).toBe(true);
    const blocks = (await raw('/v1/vault-latest-blocks?limit=200')).data as Array<Record<string, any>>;
    const totals = blocks.flatMap((b) => Object.values(b.totalRequests ?? {}).flatMap((byStatus) => Object.values(byStatus as object)));
    expect(totals.length).toBeGreaterThan(0);
    expect(totals.every((t) => typeof t === 'string' && /^\d+$/.test(t))).toBe(true);
  });

  it('writes transactions without status, in tranche tokens and the underlying, with the protocol’s types', async () => {
    const txs = (await raw('/v1/transactions?limit=200')).data as Array<Record<string, any>>;
    expect(txs.length).toBeGreaterThan(0);
    expect(txs.some((t) => 'status' in t)).toBe(false);
    // Nor a chain, an epoch or a USD figure: the protocol's TransactionData has none.
    for (const field of ['chainId', 'epochId', 'amountUSD', 'gasFeeUSD']) expect(txs.some((t) => field in t), field).toBe(false);
    expect(txs.every((t) => /^\d+$/.test(t.tokenAmount) && /^\d+$/.test(t.amount) && /^\d+$/.test(t.price))).toBe(true);
    expect(txs.every((t) => isKnownValue('transactionType', t.type))).toBe(true);
  });

  it('writes epoch rates as APRs, points as strings, ages in seconds, and the performances as one aggregate', async () => {
    const epochs = (await raw('/v1/vault-epochs?limit=200')).data as Array<Record<string, any>>;
    expect(epochs.every((e) => !('apr' in e) && typeof e.APRs.EPOCH === 'number')).toBe(true);
    expect(epochs.some((e) => e.status === 'FINISHED')).toBe(true);
    const aggregate = await raw('/v1/vaults/performances');
    expect(aggregate).toMatchObject({ TVL: expect.stringMatching(/^\d+$/), vaults: expect.any(Number), APRs: { AVG: expect.any(Number) } });
    expect('data' in aggregate).toBe(false);
    const perf = (await raw('/v1/vault-performances?limit=5')).data as Array<Record<string, any>>;
    expect(perf.some((p) => p.age >= 86_400)).toBe(true);
    const campaign = sim.store.campaigns.all()[0]!;
    const holder = sim.store.campaignPoints.find((p) => p.campaignId === campaign._id)!;
    const points = await raw(`/v1/campaigns/${campaign._id}/points?walletAddress=${holder.walletAddress}`);
    expect(typeof points.points).toBe('string');
    expect(typeof points.perDay).toBe('string');
    expect(typeof points.multiplier).toBe('string');
  });

  it('is read whole by the console’s client: every vault, open request, transaction and epoch APR', async () => {
    const vaults = await client.listAll('vaults');
    expect(vaults).toHaveLength(sim.store.vaults.size);
    const blocks = await client.listAllVaultLatestBlocks(vaults.map((v) => v._id));
    const open = blocks.reduce((n, b) => n + (b.requests?.length ?? 0), 0);
    const expected = vaults.reduce((n, v) => n + sim.store.openRequests(v._id).length, 0);
    expect(open).toBe(expected);
    expect(await client.listAll('transactions')).toHaveLength(sim.store.transactions.size);
    const epochs = await client.listAll('vaultEpochs');
    expect(epochs).toHaveLength(sim.store.vaultEpochs.size);
    expect(epochs.every((e) => typeof epochRates(e).gross === 'number')).toBe(true);
    const answer = await client.getVaultsPerformances();
    expect(answer.kind).toBe('aggregate');
    expect(setAside).toEqual([]);
  });
});
