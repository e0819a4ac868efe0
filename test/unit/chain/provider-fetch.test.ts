import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerFetch } from '../../../electron/services/chain/provider-fetch';
import { nodeLearning } from '../../../electron/services/chain/node-learning';
import { startRpcRealismProxy } from '../../../electron/demo/rpc-realism/proxy';
import type { RpcRealismOptions } from '../../../electron/demo/rpc-realism/profile';

// A node that answers eth_blockNumber (its head, 0x10) and nothing else, over real HTTP, with the
// RPC realism proxy before it for each provider behaviour.
let node: Server;
let nodeUrl: string;
beforeAll(async () => {
  node = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const message = JSON.parse(body) as { id: unknown; method: string } | { id: unknown; method: string }[];
      const answer = (m: { id: unknown }) => ({ jsonrpc: '2.0', id: m.id, result: '0x10' });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(Array.isArray(message) ? message.map(answer) : answer(message)));
    });
  });
  await new Promise<void>((r) => node.listen(0, '127.0.0.1', r));
  nodeUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => node.close(() => r())));

const calls = (n: number) =>
  JSON.stringify(Array.from({ length: n }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_blockNumber', params: [] })));
const post = (f: typeof fetch, url: string, body: string) =>
  f(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }).then((r) => r.json());

async function through<T>(options: RpcRealismOptions, run: (f: typeof fetch, url: string) => Promise<T>): Promise<T> {
  const proxy = await startRpcRealismProxy(nodeUrl, options);
  try {
    return await run(providerFetch(fetch, { http: 0 }), proxy.url);
  } finally {
    await proxy.close();
  }
}

describe('requests to a hosted provider', () => {
  it.each(['retry-after', 'plain-429', 'alchemy', 'infura', 'quicknode'] as const)(
    'waits out %s rate limits, learns the pace and answers every call',
    async (style) => {
      await through({ seed: 1, rateLimit: { perSecond: 3, styles: [style], retryAfterSeconds: 1 } }, async (f, url) => {
        const answers = await Promise.all(Array.from({ length: 6 }, () => post(f, url, calls(1))));
        expect(answers).toEqual(Array(6).fill([{ jsonrpc: '2.0', id: 0, result: '0x10' }]));
        const learned = nodeLearning(url);
        expect(learned.rateLimited).toBeGreaterThan(0);
        expect(learned.pace).toBeLessThanOrEqual(3);
        expect(learned.waitedMs).toBeGreaterThan(0);
      });
    },
    30_000,
  );

  it('grows a pace learned too low (slow calls at the first limit) back while the node does not limit it', async () => {
    await through({ seed: 2, rateLimit: { perSecond: 12, styles: ['retry-after'], retryAfterSeconds: 1 } }, async (f, url) => {
      const learned = nodeLearning(url);
      // What a limit met under lens calls that take the node a second each teaches: two calls a second.
      learned.pace = 2;
      const answers: unknown[] = [];
      let left = 24;
      const worker = async () => {
        while (left-- > 0) answers.push(await post(f, url, calls(1)));
      };
      await Promise.all(Array.from({ length: 4 }, worker));
      expect(answers).toEqual(Array(24).fill([{ jsonrpc: '2.0', id: 0, result: '0x10' }]));
      // Held at two a second, 24 calls would have kept it at 2; it grew while the node took them.
      expect(learned.pace).toBeGreaterThan(3);
      expect(learned.rateLimited).toBe(0);
    });
  }, 60_000);

  it('sends a batch a node refuses as one call per request, and one it caps as smaller batches', async () => {
    for (const [batch, max] of [
      [{ refuse: true }, 1],
      [{ max: 4 }, 4],
    ] as const) {
      await through({ seed: 2, batch }, async (f, url) => {
        const answer = (await post(f, url, calls(12))) as { id: number; result: string }[];
        expect(answer.map((a) => a.id)).toEqual([...Array(12).keys()]);
        expect(answer.every((a) => a.result === '0x10')).toBe(true);
        expect(nodeLearning(url).batchMax).toBeLessThanOrEqual(max);
      });
    }
  });

  it('re-asks the calls of a batch answered "response too large" after the answers before them filled it', async () => {
    await through({ seed: 3, responseBytes: 200 }, async (f, url) => {
      const answer = (await post(f, url, calls(10))) as { result?: string }[];
      expect(answer.every((a) => a.result === '0x10')).toBe(true);
    });
  });
});
