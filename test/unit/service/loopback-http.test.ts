import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../electron/services/service-client';
import { isLoopbackAddress } from '../../../electron/services/service-client/loopback-http';

const KEY = 'vk_cleartext_0123456789';
const chains = { data: [{ _id: 'c1', chainID: 1, name: 'Ethereum' }], totalCount: 1 };

/** A real service on this machine's loopback, which records the keys it was sent. */
let server: Server;
let port: number;
const keysSeen: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    keysSeen.push(req.headers.authorization ?? '');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(chains));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('plain http only to this machine, by where the name leads', () => {
  it('refuses a *.localhost name that a forwarding resolver answers with a network address: the key is never sent', async () => {
    let sent = 0;
    const client = createServiceClient({
      baseUrl: `http://svc.localhost:${port}`,
      getApiKey: async () => KEY,
      lookup: async () => ['10.20.30.40'],
      fetch: (async () => {
        sent++;
        return new Response(JSON.stringify(chains));
      }) as unknown as typeof fetch,
    });
    await expect(client.listChains()).rejects.toMatchObject({
      code: 'SERVICE_BAD_URL',
      message: expect.stringContaining('svc.localhost resolves to 10.20.30.40, which is not this machine'),
    });
    // Some answers loopback, one does not: refused too.
    const mixed = createServiceClient({ baseUrl: `http://svc.localhost:${port}`, getApiKey: async () => KEY, lookup: async () => ['127.0.0.1', '192.168.1.9'] });
    await expect(mixed.listChains()).rejects.toMatchObject({ code: 'SERVICE_BAD_URL' });
    expect(sent).toBe(0);
    expect(keysSeen).toEqual([]);
  });

  it('connects to the loopback addresses the name resolved to, and nowhere else', async () => {
    const client = createServiceClient({ baseUrl: `http://svc.localhost:${port}`, getApiKey: async () => KEY, lookup: async () => ['127.0.0.1'] });
    expect((await client.listChains()).data[0]!.chainID).toBe(1);
    expect(keysSeen).toEqual([`Bearer ${KEY}`]);
  });

  it('knows the loopback addresses', () => {
    for (const a of ['127.0.0.1', '127.255.0.9', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['10.0.0.1', '0.0.0.0', '::', 'fe80::1', '::ffff:10.0.0.1', 'localhost']) expect(isLoopbackAddress(a), a).toBe(false);
  });
});
