import { createServer, type Server } from 'node:http';

/**
 * An HTTP JSON-RPC proxy that answers each request `latencyMs` late, standing for a remote RPC:
 * a fork reads every account and storage slot it needs through it once.
 */
export interface LatencyProxy {
  url: string;
  /** Requests forwarded so far. */
  readonly requests: number;
  close(): Promise<void>;
}

export async function startLatencyProxy(target: string, latencyMs: number): Promise<LatencyProxy> {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests++;
      setTimeout(() => {
        fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
          .then(async (r) => {
            res.writeHead(r.status, { 'content-type': 'application/json' });
            res.end(Buffer.from(await r.arrayBuffer()));
          })
          .catch((err: unknown) => {
            res.writeHead(502);
            res.end(String(err));
          });
      }, latencyMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
