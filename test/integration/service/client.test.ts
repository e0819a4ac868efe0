import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { isAppError, type AppError } from '../../../shared/errors';
import type { SetAsideRecord } from '../../../shared/service';
import { createServiceClient, type ServiceClient } from '../../../electron/services/service-client';
import { startSimService, type SimService } from '../../../electron/demo/service';

/** The client against the simulated service, in-process but over real HTTP. */

let sim: SimService;
let client: ServiceClient;
const noWait = async () => {};

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    if (isAppError(err)) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  sim = await startSimService({ seed: 11, wallets: 40, now: Date.UTC(2026, 10, 1) });
  client = createServiceClient({ baseUrl: sim.url, getApiKey: async () => sim.apiKey, sleep: noWait });
});
afterAll(() => sim.close());
afterEach(() => {
  sim.faults.reset();
  client.resetRequestCounts();
});

describe('catalog', () => {
  it('lists vaults, tokens and chains in the list envelope', async () => {
    const vaults = await client.listVaults();
    expect(vaults.totalCount).toBe(vaults.data.length);
    expect(vaults.data.length).toBeGreaterThanOrEqual(8);
    expect(new Set(vaults.data.map((v) => v.visibility))).toEqual(new Set(['PUBLIC', 'RESTRICTED', 'HIDDEN']));
    expect(new Set(vaults.data.map((v) => v.status))).toEqual(new Set(['READY', 'PAUSED', 'DISABLED']));
    expect(new Set(vaults.data.map((v) => v.contractType))).toEqual(new Set(['BestYield', 'CDO', 'CDO_EPOCH']));
    expect(new Set(vaults.data.map((v) => v.chainId)).size).toBeGreaterThanOrEqual(2);

    const tokens = await client.listTokens({ limit: 200 });
    expect(new Set(tokens.data.map((t) => t.decimals))).toEqual(new Set([6, 18]));
    const chains = await client.listChains();
    for (const chain of chains.data) {
      expect(typeof chain.chainID).toBe('number');
      expect(chain.RPCs?.length).toBeGreaterThan(0);
      expect(chain.explorerUrl).toMatch(/^https:\/\//);
    }
  });

  it('joins a vault to its token and chain records', async () => {
    const epochVault = (await client.listVaults({ filter: { contractType: 'CDO_EPOCH' } })).data[0]!;
    const token = await client.getToken(epochVault.tokenId);
    const chain = await client.getChain(epochVault.chainId);
    expect(token.chainId).toBe(chain._id);
    expect(epochVault.cdoEpoch?.depositQueue?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(epochVault.kyc).toMatchObject({ isActive: expect.any(Boolean), isRequired: expect.any(Boolean) });
    expect(epochVault.signatures?.map((s) => s.entity)).toContain('LENDER');
    expect(epochVault.description?.en).toBeTruthy();
  });

  it('pages through everything at 200 per request', async () => {
    const all = await client.listAll('tokens');
    const firstPage = await client.listTokens();
    expect(all.length).toBe(firstPage.totalCount);
    const pages: number[] = [];
    for await (const page of client.pages('tokens', { limit: 5 })) pages.push(page.length);
    expect(pages.reduce((a, b) => a + b, 0)).toBe(all.length);
    expect(Math.max(...pages)).toBe(5);
  });

  it('counts requests per endpoint', async () => {
    await client.listVaults();
    await client.listVaults();
    const id = (await client.listVaults({ limit: 1 })).data[0]!._id;
    await client.getVault(id);
    expect(client.requestCounts()).toEqual({ 'GET /v1/vaults': 3, 'GET /v1/vaults/:id': 1 });
  });
});

describe('errors', () => {
  it('reports a rejected key with the action to take, without the key', async () => {
    const bad = createServiceClient({ baseUrl: sim.url, getApiKey: async () => 'wrong-key-123' });
    const err = await failure(bad.listVaults());
    expect(err.code).toBe('SERVICE_UNAUTHORIZED');
    expect(err.message).toBe('The API key was rejected');
    expect(err.action).toBe('Replace it in Settings');
    expect(JSON.stringify(err.toData())).not.toContain('wrong-key-123');
  });

  it('does not call the service without a key', async () => {
    let calls = 0;
    const counting: typeof fetch = (...args) => {
      calls++;
      return fetch(...args);
    };
    const noKey = createServiceClient({ baseUrl: sim.url, getApiKey: async () => null, fetch: counting });
    expect((await failure(noKey.listVaults())).code).toBe('SERVICE_NO_API_KEY');
    expect(calls).toBe(0);
  });

  it('maps an unknown id to SERVICE_NOT_FOUND with the service code', async () => {
    const err = await failure(client.getVault('000000000000000000000000'));
    expect(err.code).toBe('SERVICE_NOT_FOUND');
    expect(err.details).toMatchObject({ endpoint: 'GET /v1/vaults/:id', serviceCode: 'VAULT_NOT_FOUND' });
  });

  it('maps bad input to SERVICE_BAD_REQUEST', async () => {
    const err = await failure(client.listVaults({ limit: 201 }));
    expect(err.code).toBe('SERVICE_BAD_REQUEST');
    expect(err.details).toMatchObject({ status: 400, serviceCode: 'VALIDATION_ERROR' });
  });

  it('reports an unreachable service', async () => {
    const closed = await startSimService({ seed: 1 });
    await closed.close();
    const dead = createServiceClient({ baseUrl: closed.url, getApiKey: async () => 'k', sleep: noWait });
    const err = await failure(dead.listChains());
    expect(err.code).toBe('SERVICE_UNREACHABLE');
    expect(dead.requestCounts()['GET /v1/chains']).toBe(4);
  });

  it('sets aside a record that breaks the schema, naming the endpoint and the field, and keeps the rest of its page', async () => {
    const vault = (await client.listVaults({ limit: 1 })).data[0]!;
    const original = sim.store.vaults.get(vault._id)!;
    const all = await client.listAll('vaults');
    sim.store.vaults.upsert({ ...original, chainId: 42 as unknown as string });
    const setAside: SetAsideRecord[] = [];
    const told = createServiceClient({ baseUrl: sim.url, getApiKey: async () => sim.apiKey, sleep: noWait, onSetAside: (r) => setAside.push(...r) });
    try {
      const kept = await told.listAll('vaults');
      expect(kept.map((v) => v._id)).toEqual(all.map((v) => v._id).filter((id) => id !== vault._id));
      expect(setAside).toEqual([expect.objectContaining({ endpoint: 'GET /v1/vaults', id: vault._id, path: 'chainId' })]);
      await expect(told.listTokens()).resolves.toBeDefined();
    } finally {
      sim.store.vaults.upsert(original);
    }
  });

  it('keeps fields the schema does not know', async () => {
    const vault = (await client.listVaults({ limit: 1 })).data[0]!;
    const original = sim.store.vaults.get(vault._id)!;
    sim.store.vaults.upsert({ ...original, riskScore: { grade: 'A' } });
    try {
      const got = await client.getVault(vault._id);
      expect((got as Record<string, unknown>).riskScore).toEqual({ grade: 'A' });
    } finally {
      sim.store.vaults.upsert(original);
    }
  });
});

describe('faults', () => {
  it('retries 503 and 502 on GETs and then succeeds', async () => {
    sim.faults.enqueue({ kind: 'unavailable', path: '/v1/chains' }, { kind: 'badGateway', path: '/v1/chains' });
    const chains = await client.listChains();
    expect(chains.data.length).toBeGreaterThan(0);
    expect(client.requestCounts()['GET /v1/chains']).toBe(3);
  });

  it('gives up after the retry budget with SERVICE_ERROR', async () => {
    sim.faults.enqueue(...Array.from({ length: 4 }, () => ({ kind: 'unavailable' as const, path: '/v1/chains' })));
    const err = await failure(client.listChains());
    expect(err.code).toBe('SERVICE_ERROR');
    expect(err.details).toMatchObject({ status: 503 });
    expect(client.requestCounts()['GET /v1/chains']).toBe(4);
  });

  it('retries a 500 on GETs too (one failing answer must not fail a read)', async () => {
    sim.faults.enqueue({ kind: 'serverError', path: '/v1/chains' });
    expect((await client.listChains()).data.length).toBeGreaterThan(0);
    expect(client.requestCounts()['GET /v1/chains']).toBe(2);
  });

  it('waits what Retry-After asks on 429', async () => {
    const waits: number[] = [];
    const patient = createServiceClient({
      baseUrl: sim.url,
      getApiKey: async () => sim.apiKey,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    sim.faults.enqueue({ kind: 'rateLimit', path: '/v1/tokens', retryAfterSeconds: 2 });
    await patient.listTokens();
    expect(waits).toEqual([2000]);
    expect(patient.requestCounts()['GET /v1/tokens']).toBe(2);
  });

  it('fails as rate-limited when Retry-After is longer than it is willing to wait', async () => {
    sim.faults.enqueue({ kind: 'rateLimit', path: '/v1/tokens', retryAfterSeconds: 3600 });
    expect((await failure(client.listTokens())).code).toBe('SERVICE_RATE_LIMITED');
  });

  it('retries a body cut half-way', async () => {
    sim.faults.enqueue({ kind: 'truncate', path: '/v1/vaults' });
    const vaults = await client.listVaults();
    expect(vaults.data.length).toBeGreaterThan(0);
    expect(sim.faults.served.truncate).toBeGreaterThan(0);
    expect(client.requestCounts()['GET /v1/vaults']).toBe(2);
  });

  it('reports malformed JSON as a bad response', async () => {
    sim.faults.enqueue({ kind: 'malformedJson', path: '/v1/vaults' });
    const err = await failure(client.listVaults());
    expect(err.code).toBe('SERVICE_BAD_RESPONSE');
    expect(err.message).toContain('GET /v1/vaults');
  });

  it('times out a slow answer', async () => {
    sim.faults.set({ latencyMs: 400 });
    const hasty = createServiceClient({ baseUrl: sim.url, getApiKey: async () => sim.apiKey, timeoutMs: 100 });
    const err = await failure(hasty.listChains());
    expect(err.code).toBe('SERVICE_TIMEOUT');
    expect(hasty.requestCounts()['GET /v1/chains']).toBe(1);
  });

  it('stops at once when the caller aborts', async () => {
    sim.faults.set({ latencyMs: 2000 });
    const controller = new AbortController();
    const started = Date.now();
    const pending = failure(client.listChains({}, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    const err = await pending;
    expect(err.code).toBe('SERVICE_CANCELLED');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('never retries the sign POST', async () => {
    const signature = (await client.listSignatures()).data[0]!;
    const account = privateKeyToAccount(`0x${'11'.repeat(32)}`);
    const message = Buffer.from(signature.walletMessage, 'base64').toString('utf8');
    const hash = await account.signMessage({ message });
    sim.faults.enqueue({ kind: 'unavailable', path: `/v1/signatures/${signature._id}/sign` });
    const err = await failure(client.signSignature(signature._id, { walletAddress: account.address, hash }));
    expect(err.code).toBe('SERVICE_ERROR');
    expect(client.requestCounts()['POST /v1/signatures/:id/sign']).toBe(1);
    expect(await client.checkSignature(signature._id, account.address)).toBeNull();
  });
});
