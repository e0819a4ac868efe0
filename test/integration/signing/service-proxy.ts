import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An answer of the service, as the proxy passes it on: its HTTP status and its body. */
export interface ServiceAnswer {
  status: number;
  text: string;
}

export interface ServiceProxy {
  url: string;
  close(): void;
}

/**
 * A hostile copy of the service, standing between the console and the real one: every request goes
 * on with its method, body and key, and `rewrite` changes what a successful answer says (given the
 * address asked) before it goes back. An answer the service itself refused goes back untouched.
 */
export function startServiceProxy(target: string, rewrite: (url: URL, answer: ServiceAnswer) => ServiceAnswer): Promise<ServiceProxy> {
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url!, target);
      const body = await new Promise<Buffer>((resolve) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => resolve(Buffer.concat(chunks)));
      });
      const upstream = await fetch(url, {
        method: req.method!,
        headers: { authorization: req.headers.authorization ?? '', 'content-type': req.headers['content-type'] ?? 'application/json' },
        ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: new Uint8Array(body) }),
      });
      const served = { status: upstream.status, text: await upstream.text() };
      const { status, text } = upstream.ok ? rewrite(url, served) : served;
      res.writeHead(status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
      res.end(text);
    })().catch((err: unknown) => {
      res.writeHead(502);
      res.end(String(err));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() })),
  );
}
