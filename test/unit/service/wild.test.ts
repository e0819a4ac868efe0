import { describe, expect, it } from 'vitest';
import { createSimApp, FaultControl, generateDataset, withWildRealism } from '../../../electron/demo/service';
import { LIST_FILTERS } from '../../../electron/demo/service/resources';
import type { SimStore } from '../../../electron/demo/service/store';
import { otherDateForm, wildBody } from '../../../electron/demo/service/wild/records';
import { Prng } from '../../../electron/demo/service/prng';

/**
 * `--realism wild`: every transform happens, the same seed gives the same answers, and strict
 * serving is what it was. Requests go straight to the app's `fetch`, no socket.
 */

const NOW = Date.UTC(2026, 10, 1);
const KEY = 'wild-key';
const store: SimStore = generateDataset({ seed: 3, wallets: 40, now: NOW });

function server(realism: 'strict' | 'wild', seed = 7, faultRate = 0) {
  const app = createSimApp({ store, apiKey: KEY, faults: new FaultControl(), now: () => NOW });
  const fetch = realism === 'wild' ? withWildRealism(app.fetch, { seed, faultRate, listFilters: LIST_FILTERS }) : app.fetch;
  return async (path: string) => {
    const response = await fetch(new Request(`http://sim${path}`, { headers: { authorization: `Bearer ${KEY}` } }));
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
}

type Json = Record<string, any>;
const json = (answer: { text: string }) => JSON.parse(answer.text) as Json;

/** Every record of every page of a list, wild or not. */
async function records(get: ReturnType<typeof server>, path: string): Promise<Json[]> {
  const out: Json[] = [];
  for (let offset = 0; offset < 5000; offset += 100) {
    const page = json(await get(`${path}${path.includes('?') ? '&' : '?'}limit=100&offset=${offset}`)).data as Json[];
    out.push(...page);
    if (page.length < 100) break;
  }
  return out;
}

const PATHS = ['/v1/vaults', '/v1/tokens', '/v1/chains', '/v1/vault-latest-blocks', '/v1/signatures', '/v1/vault-requests', '/v1/vault-epochs?limit=80'];

describe('wild realism', () => {
  it('answers the same bytes for the same seed and request, other bytes for another seed', async () => {
    const a = server('wild', 7);
    const b = server('wild', 7);
    const c = server('wild', 8);
    for (const path of PATHS) {
      const first = await a(path);
      expect(first.status).toBe(200);
      expect((await b(path)).text).toBe(first.text);
      expect((await a(path)).text).toBe(first.text);
    }
    const differs = await Promise.all(PATHS.map(async (p) => (await c(p)).text !== (await a(p)).text));
    expect(differs.some(Boolean)).toBe(true);
  });

  it('sends null for some optional fields, never for all of them', async () => {
    const tokens = await records(server('wild'), '/v1/tokens');
    const nulls = tokens.filter((t) => t.logoURI === null).length;
    expect(nulls).toBeGreaterThan(0);
    expect(nulls).toBeLessThan(tokens.length);
    const vaults = await records(server('wild'), '/v1/vaults');
    expect(vaults.some((v) => v.typeId === null || v.kyc === null)).toBe(true);
  });

  it('adds unknown fields to records and envelopes', async () => {
    const get = server('wild');
    const vaults = await records(get, '/v1/vaults');
    expect(vaults.some((v) => '__v' in v && 'indexedAt' in v)).toBe(true);
    const envelopes = await Promise.all(PATHS.map(async (p) => json(await get(p))));
    expect(envelopes.some((e) => 'meta' in e)).toBe(true);
  });

  it('sends new enum values on some records, never on every record of a page', async () => {
    const get = server('wild');
    const vaults = await records(get, '/v1/vaults');
    expect(vaults.some((v) => v.visibility === 'PRIVATE')).toBe(true);
    expect(vaults.every((v) => v.visibility === 'PRIVATE')).toBe(false);
    const requests = await records(get, '/v1/vault-requests');
    expect(requests.some((r) => r.status === 'FULFILLED')).toBe(true);
    expect(requests.every((r) => r.status === 'FULFILLED')).toBe(false);
    const definitions = await records(get, '/v1/signatures');
    expect(definitions.some((s) => s.entity === 'BORROWER')).toBe(true);
    expect(definitions.every((s) => s.entity === 'BORROWER')).toBe(false);
    expect(vaults.some((v) => ((v.signatures ?? []) as Json[]).some((s) => s.entity === 'BORROWER'))).toBe(true);
  });

  it('sends loosely typed numbers as numeric strings and dates in other ISO forms, all meaning the same', async () => {
    const wild = await records(server('wild'), '/v1/vaults');
    const strict = await records(server('strict'), '/v1/vaults');
    const fees = wild.filter((v) => typeof v.feePercentage === 'string');
    expect(fees.length).toBeGreaterThan(0);
    for (const v of fees) expect(Number(v.feePercentage)).toBe(strict.find((s) => s._id === v._id)!.feePercentage);
    const reformed = wild.filter((v) => typeof v.createdAt === 'string' && !v.createdAt.endsWith('.000Z') && !/\.\d{3}Z$/.test(v.createdAt));
    expect(reformed.length).toBeGreaterThan(0);
    for (const v of reformed) {
      expect(Date.parse(v.createdAt)).toBe(Date.parse(strict.find((s) => s._id === v._id)!.createdAt));
    }
    const rng = new Prng(1);
    const forms = new Set(Array.from({ length: 20 }, () => otherDateForm('2026-11-01T10:00:00.000Z', rng)));
    expect(forms).toContain('2026-11-01T10:00:00Z');
    expect([...forms].some((f) => /[+-]\d{2}:00$/.test(f))).toBe(true);
    for (const f of forms) expect(Date.parse(f)).toBe(Date.parse('2026-11-01T10:00:00.000Z'));
  });

  it('sends some large amounts as JSON numbers a double cannot hold exactly, never on the first record of a page', async () => {
    const wild = await records(server('wild'), '/v1/vault-requests');
    const strict = await records(server('strict'), '/v1/vault-requests');
    const numeric = (r: Json) => ['amount', 'lpAmount'].filter((k) => typeof r[k] === 'number');
    const inexact = wild.filter((r) => numeric(r).length > 0);
    expect(inexact.length).toBeGreaterThan(0);
    expect(inexact.length).toBeLessThan(wild.length / 4);
    for (const r of inexact) for (const k of numeric(r)) expect(Number.isSafeInteger(r[k])).toBe(false);
    expect(numeric(wild[0]!)).toEqual([]);
    expect(strict.every((r) => numeric(r).length === 0)).toBe(true);
  });

  it('caps pages at 100 whatever limit asks, and leaves totalCount out of some answers', async () => {
    const get = server('wild');
    const strict = json(await server('strict')('/v1/transactions?limit=200'));
    expect(strict.data.length).toBeGreaterThan(100);
    const capped = json(await get('/v1/transactions?limit=200'));
    expect(capped.data).toHaveLength(100);
    const answers = await Promise.all(Array.from({ length: 12 }, async (_, i) => json(await get(`/v1/vault-requests?limit=10&offset=${i * 10}`))));
    expect(answers.some((a) => !('totalCount' in a))).toBe(true);
    expect(answers.some((a) => 'totalCount' in a)).toBe(true);
  });

  it('ignores unknown query parameters that strict mode rejects, and keeps the known filters', async () => {
    const path = '/v1/vaults?visibility=PUBLIC&unknownParam=1&sortBy:x=2';
    expect((await server('strict')(path)).status).toBe(400);
    const answer = await server('wild')(path);
    expect(answer.status).toBe(200);
    const strictPublic = json(await server('strict')('/v1/vaults?visibility=PUBLIC')).data as Json[];
    expect((json(answer).data as Json[]).map((v) => v._id)).toEqual(strictPublic.map((v) => v._id));
  });

  it('answers some reads 429 (with and without Retry-After) or 5xx, never the sign POST, and a retry gets through', async () => {
    const get = server('wild', 7, 0.5);
    const statuses: number[] = [];
    let retryAfter = 0;
    let bare429 = 0;
    for (let i = 0; i < 60; i++) {
      const path = `/v1/chains?limit=${i + 1}`;
      const first = await get(path);
      statuses.push(first.status);
      if (first.status === 429 && first.headers.get('retry-after')) retryAfter++;
      else if (first.status === 429) bare429++;
      if (first.status !== 200) expect((await get(path)).status).toBe(200);
    }
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(10);
    expect(retryAfter).toBeGreaterThan(0);
    expect(bare429).toBeGreaterThan(0);
    expect(statuses.some((s) => s >= 500)).toBe(true);
    const post = withWildRealism(createSimApp({ store, apiKey: KEY, faults: new FaultControl(), now: () => NOW }).fetch, { seed: 7, faultRate: 1, listFilters: LIST_FILTERS });
    const sign = await post(new Request('http://sim/v1/signatures/none/sign', { method: 'POST', headers: { authorization: `Bearer ${KEY}` }, body: '{}' }));
    expect(sign.status).toBe(404);
    const again = server('wild', 7, 0.5);
    const replay: number[] = [];
    for (let i = 0; i < 60; i++) replay.push((await again(`/v1/chains?limit=${i + 1}`)).status);
    expect(replay).toEqual(statuses);
  });
});

describe('strict realism', () => {
  it('is byte for byte what the app serves without the wild layer', async () => {
    const app = createSimApp({ store, apiKey: KEY, faults: new FaultControl(), now: () => NOW });
    const get = server('strict');
    const wallet = store.wallets.all()[0]!.address;
    for (const path of [...PATHS, '/v1/vaults?limit=3&sort=-feePercentage', `/v1/transactions?walletAddress=${wallet}`, '/v1/vaults?unknown=1']) {
      const direct = await app.fetch(new Request(`http://sim${path}`, { headers: { authorization: `Bearer ${KEY}` } }));
      const served = await get(path);
      expect(served.status).toBe(direct.status);
      expect(served.text).toBe(await direct.text());
    }
  });
});

describe('query parameters outside the official schemas', () => {
  it('are a 400 in strict realism and ignored in wild, known filters still applied', async () => {
    const store = generateDataset({ seed: 4, wallets: 10, now: Date.UTC(2026, 10, 20) });
    const strict = createSimApp({ store, faults: new FaultControl(), apiKey: 'k' });
    const wild = withWildRealism(strict.fetch.bind(strict), { seed: 4, listFilters: LIST_FILTERS });
    const get = (handler: (r: Request) => Response | Promise<Response>, path: string) =>
      handler(new Request(`http://sim.test${path}`, { headers: { authorization: 'Bearer k' } }));
    const vaultId = store.vaultRequests.all()[0]!.vaultId;
    for (const path of [
      `/v1/vault-requests?vaultId=${vaultId}&status:ne=CLAIMED`,
      `/v1/vault-performances?vaultId=${vaultId}&block.timestamp:gte=0`,
      `/v1/vault-requests?vaultId=${vaultId}&sort=-requestedOn`,
    ]) {
      expect((await get(strict.fetch.bind(strict), path)).status, path).toBe(400);
      const answer = await get(wild, path);
      expect(answer.status, path).toBe(200);
      const rows = ((await answer.json()) as { data: { vaultId: string }[] }).data;
      expect(rows.length, path).toBeGreaterThan(0);
      expect(rows.every((r) => r.vaultId === vaultId), path).toBe(true);
    }
  });
});

describe('inexact amounts on every page that can carry one', () => {
  it('writes at least one amount above 2^53 as a JSON number on a page with two or more such records, never the first', () => {
    const big = (10n ** 21n).toString();
    const page = {
      data: [
        { _id: 'a', amount: big },
        { _id: 'b', vaultId: 'v', totalSupply: '5', requests: [{ amount: big }, { amount: big }] },
        { _id: 'c', amount: big },
      ],
    };
    // Whatever the seed: the draws alone may give none.
    for (let seed = 1; seed <= 20; seed++) {
      const out = wildBody(structuredClone(page), new Prng(seed)) as { data: Record<string, any>[] };
      const numbers = [out.data[1]!.requests[1].amount, out.data[2]!.amount].filter((v) => typeof v === 'number');
      expect(typeof out.data[0]!.amount, `seed ${seed}`).toBe('string');
      expect(typeof out.data[1]!.requests[0].amount, `seed ${seed}`).toBe('string');
      expect(numbers.length, `seed ${seed}`).toBeGreaterThanOrEqual(1);
    }
  });
});
