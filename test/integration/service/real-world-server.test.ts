import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../electron/services/service-client';

/**
 * The client against a plain HTTP server that behaves like real services do rather than like our
 * spec: pages capped at 100 below the limit asked, filters ignored, a
 * rate limit answered with 429 to every request for a while, and error bodies of its own shape.
 */

const wallet = (i: number) => `0x${'abcd'[i]!.repeat(40)}`;
const transactions = Array.from({ length: 116 }, (_, i) => ({ _id: `t${i}`, type: 'DEPOSIT', status: 'SUCCESS', walletAddress: wallet(i % 4) }));

let server: Server;
let origin: string;
let limitedUntil = 0;
const seen: { path: string; at: number }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    seen.push({ path: url.pathname, at: Date.now() });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (Date.now() < limitedUntil) return send(429, { message: 'Too Many Requests' }, { 'retry-after': '1' });
    if (url.pathname === '/v1/transactions') {
      // Caps pages at 100 and ignores every filter.
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 50), 100);
      return send(200, { data: transactions.slice(offset, offset + limit), totalCount: transactions.length });
    }
    if (url.pathname === '/v1/signatures/s1/check') return send(404, { code: 'SIGNATURE_NOT_EXISTS', error: 'Not Found' });
    if (url.pathname === '/v1/chains') return send(200, { data: [] });
    send(404, { error: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a real-world server', () => {
  it('reaches /v1 routes from a pasted /v1/ address, pages a capped list and keeps only the wallets asked for', async () => {
    const client = createServiceClient({ baseUrl: `${origin}/v1/`, getApiKey: async () => 'k' });
    const rows = await client.listAll('transactions', { filter: { walletAddress: [`0x${'B'.repeat(40)}`, wallet(2)] } });
    expect(rows).toHaveLength(58);
    expect(new Set(rows.map((t) => t._id)).size).toBe(58);
    expect(rows.every((t) => t.walletAddress === wallet(1) || t.walletAddress === wallet(2))).toBe(true);
    expect(client.requestCounts()['GET /v1/transactions']).toBe(2);
    expect(await client.checkSignature('s1', wallet(1))).toBeNull();
  });

  it('holds every call of the client during a rate limit, then all of them succeed', async () => {
    const client = createServiceClient({ baseUrl: origin, getApiKey: async () => 'k' });
    limitedUntil = Date.now() + 300;
    seen.length = 0;
    const started = Date.now();
    const first = client.listChains();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const waiting = client.rateLimit.waitingUntil();
    const others = Promise.all([client.listChains(), client.listAll('transactions', { limit: 100 })]);
    await Promise.all([first, others]);
    expect(waiting).toBeGreaterThan(Date.now() - 2000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    // Only the first call met the limit: the others waited for the shared pause instead of hitting it.
    expect(seen.filter((s) => s.at < started + 900)).toHaveLength(1);
    expect(client.rateLimit.waitingUntil()).toBeNull();
  });
});
