import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../electron/services/service-client';
import { failure } from './fake-service';

/** One rate limiter for every call of a client: a 429 pauses them all, for as long as the service asks. */

const ok = () => new Response(JSON.stringify({ data: [], totalCount: 0 }), { status: 200 });
const limited = (headers: Record<string, string> = {}) => new Response('{}', { status: 429, headers });

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('shared rate limiter', () => {
  it('makes every call of the client wait out a 429, and says until when', async () => {
    let clock = 1_000_000;
    const sent: string[] = [];
    const answers = [limited({ 'retry-after': '3' })];
    const fetchImpl = (async (url: string) => {
      sent.push(new URL(url).pathname);
      return answers.shift() ?? ok();
    }) as unknown as typeof fetch;
    const sleeping: { ms: number; wake: () => void }[] = [];
    const sleep = (ms: number) => new Promise<void>((wake) => sleeping.push({ ms, wake }));
    const client = createServiceClient({ baseUrl: 'https://svc.test', getApiKey: async () => 'k', fetch: fetchImpl, sleep, now: () => clock });
    const seen: (number | null)[] = [];
    client.rateLimit.subscribe((until) => seen.push(until));

    const first = client.listChains();
    await settle();
    expect(sleeping.map((s) => s.ms)).toEqual([3000]);
    expect(client.rateLimit.waitingUntil()).toBe(1_003_000);

    // A call started during the pause does not reach the service before it ends.
    const second = client.listTokens();
    await settle();
    expect(sent).toEqual(['/v1/chains']);
    expect(sleeping.map((s) => s.ms)).toEqual([3000, 3000]);

    clock += 3000;
    for (const s of sleeping) s.wake();
    await Promise.all([first, second]);
    expect(sent).toEqual(['/v1/chains', '/v1/chains', '/v1/tokens']);
    expect(client.rateLimit.waitingUntil()).toBeNull();
    expect(seen).toEqual([1_003_000, null]);
  });

  it('without Retry-After backs off for tens of seconds before giving up', async () => {
    const waits: number[] = [];
    let calls = 0;
    const fetchImpl = (async () => (calls++, limited())) as unknown as typeof fetch;
    const client = createServiceClient({
      baseUrl: 'https://svc.test',
      getApiKey: async () => 'k',
      fetch: fetchImpl,
      random: () => 0,
      sleep: async (ms) => void waits.push(ms),
    });
    const err = await failure(client.listChains());
    expect(err.code).toBe('SERVICE_RATE_LIMITED');
    expect(calls).toBe(7);
    expect(waits).toEqual([1000, 2000, 4000, 8000, 15000, 15000]);
    expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThan(30_000);
  });

  it('honours Retry-After given as an HTTP date', async () => {
    const waits: number[] = [];
    const answers = [limited({ 'retry-after': new Date(Date.now() + 5000).toUTCString() }), ok()];
    const fetchImpl = (async () => answers.shift()!) as unknown as typeof fetch;
    const client = createServiceClient({ baseUrl: 'https://svc.test', getApiKey: async () => 'k', fetch: fetchImpl, sleep: async (ms) => void waits.push(ms) });
    await client.listChains();
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(3000);
    expect(waits[0]).toBeLessThanOrEqual(5000);
  });

  it('never retries the sign POST after a 429', async () => {
    const answers = [limited({ 'retry-after': '1' }), limited()];
    const sent: string[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => (sent.push(`${init.method} ${new URL(url).pathname}`), answers.shift() ?? ok())) as unknown as typeof fetch;
    const client = createServiceClient({ baseUrl: 'https://svc.test', getApiKey: async () => 'k', fetch: fetchImpl, sleep: async () => {} });
    const err = await failure(client.signSignature('sig', { walletAddress: `0x${'1'.repeat(40)}`, hash: '0xabcd' }));
    expect(err.code).toBe('SERVICE_RATE_LIMITED');
    expect(sent).toEqual(['POST /v1/signatures/sig/sign']);
  });
});
