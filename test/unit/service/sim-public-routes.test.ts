import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimService, type SimService } from '../../../electron/demo/service';

// The protocol's service answers some resources without a key under /v1/public/…, in the same
// shapes as the keyed routes; the demo's service does too, and keeps everything else keyed.
describe('the simulated service’s key-less public routes', () => {
  let sim: SimService;
  const keyed = async (path: string) => (await fetch(`${sim.url}${path}`, { headers: { authorization: `Bearer ${sim.apiKey}` } })).json();
  const bare = (path: string) => fetch(`${sim.url}${path}`);

  beforeAll(async () => {
    sim = await startSimService({ seed: 7, wallets: 20, now: Date.UTC(2026, 10, 20) });
  });
  afterAll(() => sim.close());

  it('answers vaults, their latest blocks, blocks, performances, operators and tokens without a key, as the keyed routes do', async () => {
    const vault = sim.store.vaults.all()[0]!;
    const operator = sim.store.operators.all()[0]!;
    const token = sim.store.tokens.all()[0]!;
    const paths = [
      '/v1/vaults?limit=200',
      `/v1/vaults/${vault._id}`,
      '/v1/vaults/performances',
      `/v1/vault-latest-blocks?vaultId=${vault._id}`,
      `/v1/vault-blocks?vaultId=${vault._id}&limit=5`,
      `/v1/vault-performances?vaultId=${vault._id}&limit=5`,
      '/v1/operators',
      `/v1/operators/${operator._id}`,
      `/v1/tokens?_id=${token._id}`,
      `/v1/tokens/${token._id}`,
    ];
    for (const path of paths) {
      const response = await bare(path.replace('/v1/', '/v1/public/'));
      expect(response.status, path).toBe(200);
      expect(await response.json(), path).toEqual(await keyed(path));
    }
  });

  it('keeps the rules of the keyed routes: an unknown query parameter is refused', async () => {
    const response = await bare('/v1/public/vaults?colour=blue');
    expect(response.status).toBe(400);
  });

  it('keeps wallets’ records keyed: requests, transactions and positions need the key', async () => {
    for (const path of ['/v1/public/vault-requests', '/v1/public/transactions', '/v1/public/vault-epochs']) {
      const response = await bare(path);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { message: string }).message).toMatch(/needs an API key/);
    }
    expect((await bare('/v1/vaults')).status).toBe(401);
  });
});
