import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedFetch } from '../../../electron/services/service-client/pinned-fetch';

/** A service on this machine's loopback that answers with what it received. */
let server: Server;
let port: number;
const received: Array<{
  host: string | undefined;
  method: string | undefined;
  url: string | undefined;
  body: string;
  auth: string | undefined;
}> = [];
beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    received.push({ host: req.headers.host, method: req.method, url: req.url, body, auth: req.headers.authorization });
    if (req.url === '/empty') {
      res.writeHead(204).end();
      return;
    }
    if (req.url === '/stall') return; // never answers
    res.writeHead(418, { 'content-type': 'application/json', 'retry-after': '7' });
    res.end(JSON.stringify({ seen: req.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('a connection pinned to the addresses a check judged', () => {
  it('reaches the checked address while the request still names the host', async () => {
    const fetch = pinnedFetch({ host: 'service.pinned.example', addresses: ['127.0.0.1'] });
    const response = await fetch(`http://service.pinned.example:${port}/v1/vaults?limit=1`, {
      method: 'POST',
      headers: { authorization: 'Bearer k1', 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(response.status).toBe(418);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(await response.json()).toEqual({ seen: '/v1/vaults?limit=1' });
    expect(received.at(-1)).toEqual({
      host: `service.pinned.example:${port}`,
      method: 'POST',
      url: '/v1/vaults?limit=1',
      body: '{"a":1}',
      auth: 'Bearer k1',
    });

    const empty = await fetch(`http://service.pinned.example:${port}/empty`);
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
  });

  it('connects to no other host, and to nothing when the name did not resolve', async () => {
    const fetch = pinnedFetch({ host: 'service.pinned.example', addresses: ['127.0.0.1'] });
    await expect(fetch(`http://other.pinned.example:${port}/`)).rejects.toThrow(
      /checked for service\.pinned\.example, not other\.pinned\.example/,
    );
    const unresolved = pinnedFetch({ host: 'gone.pinned.example', addresses: [] });
    await expect(unresolved(`http://gone.pinned.example:${port}/`)).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('gives up when its signal aborts', async () => {
    const fetch = pinnedFetch({ host: 'service.pinned.example', addresses: ['127.0.0.1'] });
    const before = received.length;
    const controller = new AbortController();
    const pending = fetch(`http://service.pinned.example:${port}/stall`, { signal: controller.signal });
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(before + 1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
