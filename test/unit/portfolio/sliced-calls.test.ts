import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import { createRpcClient } from '../../../electron/services/chain/rpc-client';
import { sliceCap } from '../../../electron/services/chain/node-learning';
import { sendSliced, type SlicedJob } from '../../../electron/services/portfolio/sliced-calls';

// A node with a gas cap per eth_call, over real HTTP: a call of more than four items (a byte each)
// fails as geth with `--rpc.gascap` answers; a call of fewer answers how many it was given, and
// one whose first byte is 0xee is refused for its content.
const CAP = 4;
let node: Server;
let url: string;
let calls: number[] = [];
beforeAll(async () => {
  node = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const message = JSON.parse(body) as { id: number; params: [{ data: string }] }[];
      const answer = message.map((m) => {
        const items = (m.params[0].data.length - 2) / 2;
        calls.push(items);
        if (m.params[0].data.startsWith('0xee')) return { jsonrpc: '2.0', id: m.id, error: { code: 3, message: 'execution reverted' } };
        return items > CAP
          ? { jsonrpc: '2.0', id: m.id, error: { code: -32000, message: 'gas required exceeds allowance (600000)' } }
          : { jsonrpc: '2.0', id: m.id, result: `0x${items.toString(16).padStart(2, '0')}` };
      });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => node.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => node.close(() => r())));

const job = (items: readonly number[], byte = 'aa'): SlicedJob<number, { items: readonly number[]; counted: number }> => ({
  items,
  kind: 'test',
  size: 16,
  build: (slice) => ({
    call: { to: '0x000000000000000000000000000000000000dEaD', data: `0x${byte.repeat(slice.length)}` as Hex },
    read: (answer) => ({ items: slice, counted: Number(answer) }),
  }),
});

describe('calls sliced by what the node accepts', () => {
  it('halves a slice over the gas cap until it fits, answers every item in order, and starts at the learned size next time', async () => {
    const client = createRpcClient({ chainId: 1, name: 'capped', url }, { http: 0 });
    const items = [...Array(20).keys()];
    const first = await sendSliced(client, job(items));
    expect(first.flatMap((a) => a.items)).toEqual(items);
    expect(first.every((a) => a.counted === a.items.length && a.items.length <= CAP)).toBe(true);
    expect(sliceCap(client, 'test')).toBeLessThanOrEqual(CAP);
    calls = [];
    await sendSliced(client, job(items));
    // Nothing over the cap is sent again.
    expect(Math.max(...calls)).toBeLessThanOrEqual(CAP);
  });

  it('fails the round on a refusal that is not about size', async () => {
    const client = createRpcClient({ chainId: 1, name: 'capped', url }, { http: 0 });
    await expect(sendSliced(client, job([1, 2], 'ee'))).rejects.toThrow('execution reverted');
  });
});
