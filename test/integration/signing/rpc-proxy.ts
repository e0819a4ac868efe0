import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An RPC between the pipeline and a local chain, as an operator's RPC provider stands there: it
 * passes every JSON-RPC request on (single or batched) and records its method, unless the test
 * makes it lie about the chain id or refuse a transaction sent.
 */
export interface RpcProxy {
  url: string;
  /** Answered to eth_chainId instead of the chain's id (null: the chain's own answer). */
  lieChainId: number | null;
  /** Refuses eth_sendRawTransaction with a node error (nothing reaches the chain). */
  refuseSends: boolean;
  /** Every method asked, in order. */
  methods: string[];
  close(): Promise<void>;
}

interface Call {
  jsonrpc: '2.0';
  id: number | string;
  method: string;
  params?: unknown[];
}

export async function startRpcProxy(target: string): Promise<RpcProxy> {
  const proxy: Omit<RpcProxy, 'url' | 'close'> = { lieChainId: null, refuseSends: false, methods: [] };
  const answer = async (call: Call): Promise<unknown> => {
    proxy.methods.push(call.method);
    if (call.method === 'eth_chainId' && proxy.lieChainId !== null) return { jsonrpc: '2.0', id: call.id, result: `0x${proxy.lieChainId.toString(16)}` };
    if (call.method === 'eth_sendRawTransaction' && proxy.refuseSends) {
      return { jsonrpc: '2.0', id: call.id, error: { code: -32000, message: 'the test RPC refuses transactions now' } };
    }
    const response = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call) });
    return response.json();
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Call | Call[];
        const out = Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(out));
      })().catch((err: unknown) => {
        res.statusCode = 502;
        res.end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
