import { describe, expect, it } from 'vitest';
import { createServiceClient, parseRetryAfter } from '../../../electron/services/service-client';
import { failure } from './fake-service';

/** The client's transport against scripted answers (no server): retry policy, jitter, cancellation. */

type Step = Response | Error;

function scripted(steps: Step[]) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    const step = steps.shift();
    if (!step) throw new Error('no more steps');
    if (step instanceof Error) throw step;
    return step;
  }) as unknown as typeof fetch;
  return { fetchImpl, seen };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const chains = { data: [{ _id: 'c1', chainID: 1, name: 'Ethereum' }], totalCount: 1 };

describe('service client transport', () => {
  it('sends the bearer key and retries network errors with growing, jittered waits', async () => {
    const { fetchImpl, seen } = scripted([new TypeError('fetch failed'), new TypeError('fetch failed'), json(chains)]);
    const waits: number[] = [];
    const client = createServiceClient({
      baseUrl: 'https://svc.test/',
      getApiKey: async () => 'k-123',
      fetch: fetchImpl,
      random: () => 1,
      retry: { baseDelayMs: 100, maxDelayMs: 1000 },
      sleep: async (ms) => void waits.push(ms),
    });
    expect((await client.listChains()).data[0]!.chainID).toBe(1);
    expect(waits).toEqual([100, 200]);
    expect(seen[0]!.url).toBe('https://svc.test/v1/chains');
    expect(new Headers(seen[0]!.init.headers).get('authorization')).toBe('Bearer k-123');
  });

  it('keeps jittered waits between half and all of the backoff ceiling', async () => {
    const waits: number[] = [];
    const { fetchImpl } = scripted([json({}, 504), json({}, 504), json({}, 504), json(chains)]);
    const client = createServiceClient({
      baseUrl: 'https://svc.test',
      getApiKey: async () => 'k',
      fetch: fetchImpl,
      random: () => 0,
      retry: { baseDelayMs: 100, maxDelayMs: 250 },
      sleep: async (ms) => void waits.push(ms),
    });
    await client.listChains();
    expect(waits).toEqual([50, 100, 125]);
  });

  it('honours Retry-After on a 503 as well', async () => {
    const waits: number[] = [];
    const { fetchImpl } = scripted([json({}, 503, { 'retry-after': '5' }), json(chains)]);
    const client = createServiceClient({ baseUrl: 'https://svc.test', getApiKey: async () => 'k', fetch: fetchImpl, sleep: async (ms) => void waits.push(ms) });
    await client.listChains();
    expect(waits).toEqual([5000]);
  });

  it('never retries the sign POST, even on a network error', async () => {
    const { fetchImpl, seen } = scripted([new TypeError('socket hang up'), json({ _id: 's', hash: '0x1', signedOn: '2026-01-01T00:00:00Z' })]);
    const client = createServiceClient({ baseUrl: 'https://svc.test', getApiKey: async () => 'k', fetch: fetchImpl, sleep: async () => {} });
    const err = await failure(client.signSignature('sig', { walletAddress: `0x${'1'.repeat(40)}`, hash: '0xabcd' }));
    expect(err.code).toBe('SERVICE_UNREACHABLE');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.init.method).toBe('POST');
  });

  it('stops waiting between retries when the caller aborts', async () => {
    const { fetchImpl } = scripted([json({}, 503), json(chains)]);
    const client = createServiceClient({
      baseUrl: 'https://svc.test',
      getApiKey: async () => 'k',
      fetch: fetchImpl,
      retry: { baseDelayMs: 10_000, maxDelayMs: 10_000 },
    });
    const controller = new AbortController();
    const pending = failure(client.listChains({}, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    expect((await pending).code).toBe('SERVICE_CANCELLED');
  });

  it('maps 403 with an action, and keeps the service code of a 404', async () => {
    const { fetchImpl } = scripted([
      json({ code: 'FORBIDDEN', message: 'no', statusCode: 403 }, 403),
      json({ code: 'TOKEN_NOT_FOUND', message: 'No token', statusCode: 404 }, 404),
    ]);
    const client = createServiceClient({ baseUrl: 'https://svc.test', getApiKey: async () => 'k', fetch: fetchImpl });
    const forbidden = await failure(client.listTokens());
    expect(forbidden.code).toBe('SERVICE_FORBIDDEN');
    expect(forbidden.action).toMatch(/Settings/);
    const missing = await failure(client.getToken('t'));
    expect(missing).toMatchObject({ code: 'SERVICE_NOT_FOUND', details: { serviceCode: 'TOKEN_NOT_FOUND', endpoint: 'GET /v1/tokens/:id' } });
  });

  it('accepts records missing optional fields, and sets aside one missing a required field while keeping the rest of its page', async () => {
    const vault = { _id: 'v2', name: 'Kept', address: `0x${'1'.repeat(40)}`, tokenId: 't', chainId: 'c', contractType: 'CDO_EPOCH', visibility: 'PUBLIC', status: 'READY' };
    const { fetchImpl } = scripted([
      json({ data: [{ _id: 'c1' }] }),
      json({ data: [{ _id: 'v1', name: 'V' }, vault], totalCount: 2 }),
    ]);
    const setAside: unknown[] = [];
    const client = createServiceClient({
      baseUrl: 'https://svc.test',
      getApiKey: async () => 'k',
      fetch: fetchImpl,
      onSetAside: (records) => setAside.push(...records),
    });
    expect((await client.listChains()).data).toEqual([{ _id: 'c1' }]);
    const page = await client.listVaults();
    expect(page.data.map((v) => v._id)).toEqual(['v2']);
    expect(page.totalCount).toBe(2);
    expect(setAside).toEqual([{ endpoint: 'GET /v1/vaults', index: 0, id: 'v1', path: 'address', reason: expect.any(String) }]);
  });

  it('takes null as absent, in a record and deep inside one', async () => {
    const block = {
      _id: 'b1',
      vaultId: 'v1',
      block: { number: 1, timestamp: 2 },
      requests: [{ vaultId: 'v1', walletAddress: `0x${'a'.repeat(40)}`, amount: '5', type: 'DEPOSIT', status: 'PENDING', isInstant: null, epochNumber: null }, null],
    };
    const { fetchImpl } = scripted([json({ data: [{ _id: 'c1', name: null, color: null, RPCs: null }], totalCount: null }), json({ data: [block] })]);
    const setAside: unknown[] = [];
    const client = createServiceClient({ baseUrl: 'https://svc.test', getApiKey: async () => 'k', fetch: fetchImpl, onSetAside: (r) => setAside.push(...r) });
    expect(await client.listChains()).toEqual({ data: [{ _id: 'c1' }] });
    const blocks = await client.listVaultLatestBlocks(['v1']);
    expect(blocks.data).toHaveLength(1);
    expect(blocks.data[0]!.requests).toEqual([{ vaultId: 'v1', walletAddress: `0x${'a'.repeat(40)}`, amount: '5', type: 'DEPOSIT', status: 'PENDING' }]);
    expect(setAside).toEqual([]);
  });

  it('still fails a page that is not a list at all', async () => {
    const { fetchImpl } = scripted([json({ data: { _id: 'c1' }, totalCount: 1 })]);
    const client = createServiceClient({ baseUrl: 'https://svc.test', getApiKey: async () => 'k', fetch: fetchImpl });
    const err = await failure(client.listChains());
    expect(err).toMatchObject({ code: 'SERVICE_BAD_RESPONSE', details: { endpoint: 'GET /v1/chains', field: 'data' } });
  });

  it('validates projected rows with every field optional but _id', async () => {
    const { fetchImpl, seen } = scripted([json({ data: [{ _id: 'v1', name: 'V' }], totalCount: 1 })]);
    const client = createServiceClient({ baseUrl: 'https://svc.test', getApiKey: async () => 'k', fetch: fetchImpl });
    const page = await client.listFields('vaults', ['name']);
    expect(page.data).toEqual([{ _id: 'v1', name: 'V' }]);
    expect(seen[0]!.url).toBe('https://svc.test/v1/vaults?fields=name');
  });

  it('reports a keychain that cannot be read without calling the service', async () => {
    const { fetchImpl, seen } = scripted([json(chains)]);
    const client = createServiceClient({
      baseUrl: 'https://svc.test',
      getApiKey: async () => {
        throw new Error('secret service locked');
      },
      fetch: fetchImpl,
    });
    const err = await failure(client.listChains());
    expect(err.code).toBe('SERVICE_NO_API_KEY');
    expect(err.message).toMatch(/keychain/);
    expect(seen).toHaveLength(0);
  });

  it('sends only the filters a resource takes (a misspelt one does not type-check)', async () => {
    const { fetchImpl, seen } = scripted([json({ data: [], totalCount: 0 })]);
    const client = createServiceClient({ baseUrl: 'https://svc.test', getApiKey: async () => 'k', fetch: fetchImpl });
    await client.listVaultRequests({ filter: { vaultId: ['a', 'b'], status: ['PENDING', 'CLAIMABLE'] }, sort: 'requestedOn', order: 'desc' });
    expect(decodeURIComponent(seen[0]!.url)).toBe(
      'https://svc.test/v1/vault-requests?sort=requestedOn&order=desc&vaultId=a,b&status=PENDING,CLAIMABLE',
    );
    // Outside the protocol's query schema (no `status:ne`, no `-field` sort): refused before any request.
    await expect(client.listVaultRequests({ filter: { status: { ne: 'CLAIMED' } } })).rejects.toThrow(/status:ne/);
    await expect(client.listVaultRequests({ sort: '-requestedOn' })).rejects.toThrow(/sort=-requestedOn/);
    expect(seen).toHaveLength(1);
    // Checked by `tsc`, never run.
    const typo = () =>
      client.listVaults({
        filter: {
          // @ts-expect-error `adress` is not a filter of /v1/vaults
          adress: '0x0',
        },
      });
    expect(typo).toBeTypeOf('function');
  });

  it('retries any 5xx on GETs, a 500 included', async () => {
    const { fetchImpl, seen } = scripted([json({}, 500), json({}, 507), json(chains)]);
    const client = createServiceClient({ baseUrl: 'https://svc.test', getApiKey: async () => 'k', fetch: fetchImpl, sleep: async () => {} });
    expect((await client.listChains()).data).toHaveLength(1);
    expect(seen).toHaveLength(3);
  });

  it('reads error bodies loosely: code and/or message, nested or plain text, statusCode optional', async () => {
    const { fetchImpl } = scripted([
      json({ code: 'VALIDATION_ERROR' }, 400),
      json({ message: ['limit must be at most 200', 'offset must be an integer'] }, 400),
      json({ error: { code: 'TOKEN_NOT_FOUND', message: 'No such token' } }, 404),
      new Response('quota exceeded for this key', { status: 403 }),
      new Response('<html><body>Bad gateway</body></html>', { status: 404 }),
    ]);
    const client = createServiceClient({ baseUrl: 'https://svc.test', getApiKey: async () => 'k', fetch: fetchImpl });
    expect((await failure(client.listTokens())).details).toMatchObject({ serviceCode: 'VALIDATION_ERROR' });
    const listed = await failure(client.listTokens());
    expect(listed.message).toContain('limit must be at most 200; offset must be an integer');
    expect((await failure(client.getToken('t'))).details).toMatchObject({ serviceCode: 'TOKEN_NOT_FOUND', serviceMessage: 'No such token' });
    expect((await failure(client.listTokens())).details).toMatchObject({ serviceMessage: 'quota exceeded for this key' });
    const html = await failure(client.getToken('t'));
    expect(html.code).toBe('SERVICE_NOT_FOUND');
    expect(html.details).not.toHaveProperty('serviceMessage');
  });

  it('recognises "not signed yet" whatever else the 404 body holds', async () => {
    const wallet = `0x${'1'.repeat(40)}`;
    const notSigned = [
      json({ code: 'SIGNATURE_NOT_EXISTS', message: 'Signature not found', statusCode: 404 }, 404),
      json({ code: 'SIGNATURE_NOT_EXISTS' }, 404),
      json({ code: 'SIGNATURE_NOT_EXISTS', statusCode: '404', details: null, path: '/v1/signatures/s/check' }, 404),
      json({ error: { code: 'SIGNATURE_NOT_EXISTS', message: 'no' } }, 404),
      new Response('SIGNATURE_NOT_EXISTS', { status: 404 }),
    ];
    const { fetchImpl } = scripted([...notSigned, json({ code: 'SIGNATURE_NOT_FOUND', message: 'No such signature' }, 404)]);
    const client = createServiceClient({ baseUrl: 'https://svc.test', getApiKey: async () => 'k', fetch: fetchImpl });
    for (let i = 0; i < notSigned.length; i++) expect(await client.checkSignature('s', wallet)).toBeNull();
    expect((await failure(client.checkSignature('s', wallet))).code).toBe('SERVICE_NOT_FOUND');
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });
});
