import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimService, type SimService } from '../../../electron/demo/service';
import { dataDirWithBook, publicEpochVaults, runStatus, STACK_LINE, walletsWithOpenRequests, type CliRun } from './run-status';

/**
 * `npm run status -- --json`, spawned as an operator runs it, through a small HTTP proxy in front
 * of the simulated service that changes ONE thing per run, the way real services differ from the
 * spec we were given: one odd record, nulls, new enum values, other number and date forms, paging
 * and filters that are not honoured, renamed or missing fields, 429s and 500s. Each run keeps every
 * vault but the one touched, keeps most open requests, never shows more requests than exist and
 * never prints a stack trace; a service that answers nothing ends in one line and exit code 1.
 * (An ignored walletAddress filter is not among them: only the transaction history asks for one,
 * and status does not read it; the service client's own tests cover it.)
 */

type Json = any;

interface Context {
  /** A public epoch vault with open requests of the batch: the record most cases touch. */
  target: Json;
  /** Its token's id. */
  targetToken: string;
  hidden: Json;
}

interface ProxyCase {
  name: string;
  /** The query the service sees, changed in place. */
  query?(path: string, query: URLSearchParams): void;
  /** The JSON answer the client sees, changed in place. */
  body?(path: string, body: Json, ctx: Context): void;
  /** An answer of the proxy's own for the nth request (from 1) of this path and query, or null to pass it on. */
  answer?(path: string, nth: number): { status: number; headers?: Record<string, string>; body: string } | null;
  /** The vaults this change may cost. */
  touches?(ctx: Context, store: SimService['store']): string[];
  /** Open requests it may cost beyond those of the touched vaults. */
  requestSlack?: number;
  /** The record it makes unreadable: counted in `rejected` and named in `setAside`. */
  setsAside?(ctx: Context): string;
  /** Nothing can be read through it: exit 1 with one line. */
  nothingReadable?: true;
}

const isList = (body: Json) => body && typeof body === 'object' && Array.isArray(body.data);
const records = (body: Json): Json[] => (isList(body) ? body.data : []);
const byId = (body: Json, id: string): Json | undefined => records(body).find((r) => r._id === id);
const blockOf = (body: Json, vaultId: string): Json | undefined => records(body).find((r) => r.vaultId === vaultId);
const withoutZone = (iso: string) => iso.replace(/(\.\d+)?(Z|[+-]\d\d:\d\d)$/, '');

const CASES: ProxyCase[] = [
  {
    name: 'one record off in a hidden vault',
    body: (path, body, ctx) => {
      const v = path === '/v1/vaults' && byId(body, ctx.hidden._id);
      if (v) Object.assign(v, { address: 42, cdoEpoch: 'not an object', visibility: ['HIDDEN'] });
    },
    setsAside: (ctx) => ctx.hidden._id,
  },
  {
    name: 'nulls in optional fields (vault typeId and kyc, token logoURI, chain color)',
    body: (path, body) => {
      for (const r of records(body)) {
        if (path === '/v1/vaults') Object.assign(r, { typeId: null, kyc: null, shortDescription: null });
        if (path === '/v1/tokens') r.logoURI = null;
        if (path === '/v1/chains') r.color = null;
      }
    },
  },
  {
    name: 'a null queue address',
    body: (path, body, ctx) => {
      const v = path === '/v1/vaults' && byId(body, ctx.target._id);
      if (v?.cdoEpoch?.depositQueue) v.cdoEpoch.depositQueue.address = null;
    },
  },
  {
    name: 'a null inside one request of a latest block',
    body: (path, body, ctx) => {
      const request = path === '/v1/vault-latest-blocks' && blockOf(body, ctx.target._id)?.requests?.[0];
      if (request) Object.assign(request, { isInstant: null, lpAmount: null });
    },
  },
  {
    name: 'visibility "PRIVATE" on one vault',
    body: (path, body, ctx) => {
      const v = path === '/v1/vaults' && byId(body, ctx.target._id);
      if (v) v.visibility = 'PRIVATE';
    },
    touches: (ctx) => [ctx.target._id],
  },
  {
    name: 'a signature with entity "BORROWER"',
    body: (path, body, ctx) => {
      const v = path === '/v1/vaults' && byId(body, ctx.target._id);
      if (v) v.signatures = [...(v.signatures ?? []), { _id: 'f00dfeedf00dfeedf00dfeed', entity: 'BORROWER' }];
    },
  },
  {
    name: 'an unknown request type',
    body: (path, body, ctx) => {
      const request = path === '/v1/vault-latest-blocks' && blockOf(body, ctx.target._id)?.requests?.[0];
      if (request) request.type = 'WRITEOFF';
    },
    requestSlack: 1,
  },
  {
    name: 'feePercentage "10"',
    body: (path, body, ctx) => {
      const v = path === '/v1/vaults' && byId(body, ctx.target._id);
      if (v) v.feePercentage = '10';
    },
  },
  {
    name: 'kyc.policyId "12"',
    body: (path, body, ctx) => {
      const v = path === '/v1/vaults' && byId(body, ctx.target._id);
      if (v) v.kyc = { ...(v.kyc ?? { isActive: false, isRequired: false }), policyId: '12' };
    },
  },
  {
    name: 'dates without a time zone',
    body: (path, body, ctx) => {
      const block = path === '/v1/vault-latest-blocks' && blockOf(body, ctx.target._id);
      if (!block) return;
      for (const key of ['startDate', 'endDate'] as const)
        if (typeof block.cdoEpoch?.[key] === 'string') block.cdoEpoch[key] = withoutZone(block.cdoEpoch[key]);
      for (const r of block.requests ?? []) r.requestedOn = withoutZone(r.requestedOn);
    },
  },
  {
    name: 'a description without "en"',
    body: (path, body, ctx) => {
      const v = path === '/v1/vaults' && byId(body, ctx.target._id);
      if (v) Object.assign(v, { description: { fr: 'Crédit aux PME' }, shortDescription: { de: 'Kredit' } });
    },
  },
  {
    name: 'a non-EVM token address',
    body: (path, body, ctx) => {
      const token = path === '/v1/tokens' && byId(body, ctx.targetToken);
      if (token) token.address = 'So11111111111111111111111111111111111111112';
    },
    touches: (ctx, store) =>
      publicEpochVaults(store)
        .filter((v) => v.tokenId === ctx.targetToken)
        .map((v) => v._id),
  },
  {
    name: 'an amount as a JSON number',
    body: (path, body, ctx) => {
      const request = path === '/v1/vault-latest-blocks' && blockOf(body, ctx.target._id)?.requests?.[0];
      if (request) request.amount = Number(request.amount);
    },
    requestSlack: 1,
  },
  {
    name: 'pages capped at 3 records',
    query: (_path, q) => {
      if (q.has('limit')) q.set('limit', String(Math.min(3, Number(q.get('limit')))));
    },
  },
  {
    name: 'limit ignored (the service pages at its own size)',
    query: (_path, q) => q.delete('limit'),
  },
  {
    name: 'offset ignored',
    query: (_path, q) => q.delete('offset'),
  },
  {
    name: 'no totalCount',
    body: (_path, body) => {
      if (isList(body)) delete body.totalCount;
    },
  },
  {
    name: 'the vault filter ignored',
    query: (_path, q) => q.delete('vaultId'),
  },
  {
    name: 'latest blocks without their requests, and the requests list ignoring its vault filter',
    body: (path, body) => {
      if (path === '/v1/vault-latest-blocks') for (const b of records(body)) delete b.requests;
    },
    query: (path, q) => {
      if (path === '/v1/vault-requests') q.delete('vaultId');
    },
  },
  {
    name: 'chains with chainId instead of chainID',
    body: (path, body) => {
      if (path !== '/v1/chains') return;
      for (const c of records(body)) {
        c.chainId = c.chainID;
        delete c.chainID;
      }
    },
  },
  {
    name: 'tokens without decimals',
    body: (path, body) => {
      if (path === '/v1/tokens') for (const t of records(body)) delete t.decimals;
    },
  },
  {
    name: '429 without Retry-After on the first try of every request',
    answer: (_path, nth) => (nth === 1 ? { status: 429, body: JSON.stringify({ message: 'slow down' }) } : null),
  },
  {
    name: 'a 500 on the first try of every request',
    answer: (_path, nth) => (nth === 1 ? { status: 500, body: JSON.stringify({ error: 'Internal Server Error' }) } : null),
  },
  {
    name: 'every request answered 500',
    answer: () => ({ status: 500, body: JSON.stringify({ code: 'INTERNAL_ERROR', message: 'Internal server error', statusCode: 500 }) }),
    nothingReadable: true,
  },
];

/** A proxy in front of the service that applies one case to every request that passes. */
async function startProxy(
  upstream: string,
  change: ProxyCase,
  ctx: Context,
): Promise<{ url: string; changed(): number; close(): Promise<void> }> {
  const asked = new Map<string, number>();
  // Answers the case actually changed: a case that changes nothing would pass for nothing.
  let changed = 0;
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', upstream);
      const nth = (asked.get(url.pathname + url.search) ?? 0) + 1;
      asked.set(url.pathname + url.search, nth);
      const own = change.answer?.(url.pathname, nth);
      if (own) {
        changed++;
        res.writeHead(own.status, { 'content-type': 'application/json', ...own.headers });
        res.end(own.body);
        return;
      }
      const asAsked = url.search;
      change.query?.(url.pathname, url.searchParams);
      if (url.search !== asAsked) changed++;
      const answer = await fetch(new URL(url.pathname + url.search, upstream), {
        headers: { authorization: req.headers.authorization ?? '' },
      });
      let text = await answer.text();
      if (answer.ok && change.body && (answer.headers.get('content-type') ?? '').includes('json')) {
        const body = JSON.parse(text);
        change.body(url.pathname, body, ctx);
        const sent = JSON.stringify(body);
        if (sent !== JSON.stringify(JSON.parse(text))) changed++;
        text = sent;
      }
      const headers: Record<string, string> = { 'content-type': answer.headers.get('content-type') ?? 'application/json' };
      const retryAfter = answer.headers.get('retry-after');
      if (retryAfter) headers['retry-after'] = retryAfter;
      res.writeHead(answer.status, headers);
      res.end(text);
    } catch (err) {
      res.writeHead(599, { 'content-type': 'text/plain' });
      res.end(`proxy failed: ${(err as Error).message}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    changed: () => changed,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let sim: SimService;
let dataDir: string;
let ctx: Context;
/** Open requests of the batch in every vault (the most any run may show) and in the vaults shown. */
let exist: number;
let baseline: Record<string, any>;
const limit = pLimit(3);

async function statusThrough(change: ProxyCase, format: '--json' | 'human' = '--json'): Promise<CliRun & { changed: number }> {
  const proxy = await startProxy(sim.url, change, ctx);
  try {
    const args = ['--service', proxy.url, '--data-dir', dataDir, ...(format === '--json' ? ['--json'] : [])];
    const run = await limit(() => runStatus(args, { VAULTDESK_API_KEY: sim.apiKey }));
    return { ...run, changed: proxy.changed() };
  } finally {
    await proxy.close();
  }
}

const requestsIn = (summary: Record<string, any>, vaultIds: readonly string[]) =>
  summary.walletList.flatMap((w: Json) => w.requests).filter((r: Json) => vaultIds.includes(r.vaultId)).length;

beforeAll(async () => {
  sim = await startSimService({ seed: 3, wallets: 40, port: 0 });
  const found = walletsWithOpenRequests(sim.store);
  exist = found.open.length;
  dataDir = await dataDirWithBook(found.wallets);
  const target = publicEpochVaults(sim.store).find((v) => found.shownOpen.filter((r) => r.vaultId === v._id).length >= 2)!;
  ctx = { target, targetToken: target.tokenId, hidden: sim.store.vaults.all().find((v) => v.visibility === 'HIDDEN')! };
  const run = await statusThrough({ name: 'nothing changed' });
  expect(run.code, run.stderr).toBe(0);
  baseline = run.json!;
  expect(baseline).toMatchObject({ vaults: publicEpochVaults(sim.store).length, requests: found.shownOpen.length, rejected: 0 });
}, 180_000);

afterAll(async () => {
  await sim?.close();
});

describe('npm run status through a proxy that changes one thing', () => {
  it.concurrent(
    'names the record it set aside, with its field and reason, in the human output',
    async () => {
      const run = await statusThrough(CASES[0]!, 'human');
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`Vaults (${baseline.vaults})`);
      expect(run.stdout).toContain('Records set aside: 1 (left out of their page, the rest kept)');
      expect(run.stdout).toMatch(new RegExp(`GET /v1/vaults #\\d+ ${ctx.hidden._id} \\S+: .+`));
    },
    240_000,
  );

  for (const change of CASES) {
    it.concurrent(
      change.name,
      async () => {
        const run = await statusThrough(change);
        expect(run.changed, 'answers the proxy changed').toBeGreaterThan(0);
        expect(run.stdout + run.stderr).not.toMatch(STACK_LINE);
        if (change.nothingReadable) {
          expect(run.code).toBe(1);
          expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^status: nothing could be read: .+/)]);
          return;
        }
        expect(run.code, run.stderr).toBe(0);
        const summary = run.json!;
        const touched = change.touches?.(ctx, sim.store) ?? [];
        const shownIds = summary.vaultList.map((v: Json) => v.id);
        // Every vault but the one touched, and never one that was not there.
        expect(shownIds.sort()).toEqual(
          baseline.vaultList
            .map((v: Json) => v.id)
            .filter((id: string) => !touched.includes(id) || shownIds.includes(id))
            .sort(),
        );
        // Most open requests, never more than exist.
        expect(summary.requests).toBeLessThanOrEqual(exist);
        expect(summary.requests).toBeLessThanOrEqual(baseline.requests);
        expect(summary.requests).toBeGreaterThanOrEqual(baseline.requests - requestsIn(baseline, touched) - (change.requestSlack ?? 0));
        expect(summary.sources.find((s: Json) => s.id === 'service')).toMatchObject({ ok: true });
        if (change.setsAside) {
          expect(summary.rejected).toBeGreaterThanOrEqual(1);
          expect(summary.setAside).toContainEqual(expect.objectContaining({ endpoint: 'GET /v1/vaults', id: change.setsAside(ctx) }));
        }
      },
      240_000,
    );
  }
});
