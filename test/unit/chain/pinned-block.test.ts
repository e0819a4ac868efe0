import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpcClient } from '../../../electron/services/chain/rpc-client';
import { hashAt, pinHead } from '../../../electron/services/chain/pinned-block';

// Three nodes behind one address, over real HTTP: each request lands on the next, at heads 29, 32
// and 30 (two of them behind); a block's hash is its number's, so every node agrees on it.
const HEADS = [29, 32, 30];
let node: Server;
let url: string;
let served = 0;
let chainId = '0x1';
beforeAll(async () => {
  node = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const head = HEADS[served++ % HEADS.length]!;
      const message = JSON.parse(body) as
        { id: number; method: string; params: unknown[] } | { id: number; method: string; params: unknown[] }[];
      const answer = (m: { id: number; method: string; params: unknown[] }) => {
        if (m.method === 'eth_chainId') return { jsonrpc: '2.0', id: m.id, result: chainId };
        const number = m.params[0] === 'latest' ? head : Number(m.params[0]);
        return {
          jsonrpc: '2.0',
          id: m.id,
          result: { number: `0x${number.toString(16)}`, hash: `0x${number.toString(16).padStart(64, '0')}`, timestamp: '0x64' },
        };
      };
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(Array.isArray(message) ? message.map(answer) : answer(message)));
    });
  });
  await new Promise<void>((r) => node.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => node.close(() => r())));

describe('the block a refresh is pinned to', () => {
  it('is the highest head of three requests, whichever nodes of the address answered them', async () => {
    const client = createRpcClient({ chainId: 1, name: 'Chain 1', url }, { http: 0 });
    for (let i = 0; i < 3; i++) {
      const pinned = await pinHead(client, { chainId: 1, name: 'Chain 1' });
      expect(pinned).toMatchObject({ number: 32, tag: '0x20', timestamp: 100 });
      expect(await hashAt(client, pinned)).toBe(pinned.hash);
    }
  });

  it('refuses an address that answers for another chain, saying both ids', async () => {
    const client = createRpcClient({ chainId: 1, name: 'Chain 1', url }, { http: 0 });
    chainId = '0x5';
    try {
      await expect(pinHead(client, { chainId: 1, name: 'Chain 1' })).rejects.toMatchObject({
        code: 'CHAIN_WRONG_ID',
        message: expect.stringContaining('now answers for chain 5, not 1'),
      });
    } finally {
      chainId = '0x1';
    }
  });
});
