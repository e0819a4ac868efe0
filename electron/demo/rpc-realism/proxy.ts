import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Prng } from '../service/prng';
import type { RateLimitStyle, RpcRealismOptions } from './profile';

/**
 * A JSON-RPC proxy that answers like a hosted provider rather than a local anvil (see README.md):
 * latency, a rate limit worded as providers word it, a gas cap per call, a response size cap,
 * refused state overrides, refused or capped batches, a node behind, a reorg and a wrong chain id,
 * each switched on by its option. Stateless towards the target except for the reorg, which asks
 * the target (an anvil) to drop blocks.
 */
export interface RpcRealismProxy {
  url: string;
  readonly stats: RpcRealismStats;
  close(): Promise<void>;
}

export interface RpcRealismStats {
  /** HTTP requests received. */
  requests: number;
  /** JSON-RPC calls received (a batch counts each). */
  calls: number;
  /** Requests answered "too many requests" (HTTP 429 or a JSON-RPC rate-limit error). */
  rateLimited: number;
  /** `eth_call`s whose gas the cap lowered. */
  gasCapped: number;
  /** Answers replaced by `response too large`. */
  tooLarge: number;
  overridesRefused: number;
  batchesRefused: number;
  /** `eth_getLogs` calls refused for a range wider than the cap. */
  logRangesRefused: number;
  /** Requests served by the node behind. */
  behind: number;
  reorgs: number;
  wrongChainIds: number;
  /** When the last answer went out (`performance.now()` of this process), or null before any. */
  lastAnswerAt: number | null;
}

interface RpcCall {
  jsonrpc?: string;
  id?: unknown;
  method?: string;
  params?: unknown[];
}

const LATEST_TAGS = new Set(['latest', 'pending', 'safe', 'finalized']);
/** Methods whose block parameter is at this index (the node behind answers them at its own head). */
const BLOCK_PARAM: Record<string, number> = {
  eth_call: 1,
  eth_getBalance: 1,
  eth_getCode: 1,
  eth_getTransactionCount: 1,
  eth_getStorageAt: 2,
  eth_getBlockByNumber: 0,
  eth_estimateGas: 1,
};

const rpcError = (id: unknown, code: number, message: string, data?: unknown) => ({
  jsonrpc: '2.0',
  id: id ?? null,
  error: data === undefined ? { code, message } : { code, message, data },
});

const hex = (n: number | bigint) => `0x${n.toString(16)}`;

interface RpcRealismProxyOptions {
  port?: number;
  host?: string;
  /** Told the methods of each HTTP request received, in order (a batch: all of its calls). */
  onRequest?: (methods: string[]) => void;
}

export async function startRpcRealismProxy(target: string, options: RpcRealismOptions, serve: RpcRealismProxyOptions = {}): Promise<RpcRealismProxy> {
  const { port = 0, host = '127.0.0.1' } = serve;
  const prng = new Prng(options.seed);
  const stats: RpcRealismStats = {
    requests: 0,
    calls: 0,
    rateLimited: 0,
    gasCapped: 0,
    tooLarge: 0,
    overridesRefused: 0,
    batchesRefused: 0,
    logRangesRefused: 0,
    behind: 0,
    reorgs: 0,
    wrongChainIds: 0,
    lastAnswerAt: null,
  };
  // Calls counted in the current one-second window.
  let windowStart = 0;
  let windowCalls = 0;

  const forward = async (body: unknown): Promise<unknown> => {
    const response = await fetch(target, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return response.json();
  };
  const head = async (): Promise<number> => Number(((await forward({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] })) as { result: string }).result);

  /** The rate-limit answer of one style: status, headers, body. */
  const limited = (style: RateLimitStyle, calls: readonly RpcCall[], batch: boolean): [number, Record<string, string>, string] => {
    const retryAfter = String(options.rateLimit?.retryAfterSeconds ?? 1);
    const each = (f: (id: unknown) => unknown) => JSON.stringify(batch ? calls.map((c) => f(c.id)) : f(calls[0]?.id));
    switch (style) {
      case 'retry-after':
        return [429, { 'Content-Type': 'application/json', 'Retry-After': retryAfter }, each((id) => rpcError(id, -32005, 'limit exceeded'))];
      case 'plain-429':
        return [429, { 'Content-Type': 'text/plain' }, 'Too Many Requests'];
      case 'alchemy':
        return [
          429,
          { 'Content-Type': 'application/json' },
          each((id) =>
            rpcError(id, 429, 'Your app has exceeded its compute units per second capacity. If you have retries enabled, you can safely ignore this message.'),
          ),
        ];
      case 'infura':
        return [
          429,
          { 'Content-Type': 'application/json' },
          each((id) => rpcError(id, -32005, 'project ID request rate exceeded', { see: 'https://infura.io/dashboard', backoff_seconds: Number(retryAfter) })),
        ];
      case 'quicknode':
        return [200, { 'Content-Type': 'application/json' }, each((id) => rpcError(id, -32007, `${options.rateLimit!.perSecond}/second request limit reached - reduce calls per second or upgrade your account`))];
    }
  };

  /** One call's answer (null: forward it as it is, possibly rewritten). */
  const refuseCall = (call: RpcCall): unknown => {
    if (call.method === 'eth_call' && Array.isArray(call.params) && call.params.length > 2 && options.refuseStateOverrides !== undefined) {
      if (prng.next() < options.refuseStateOverrides) {
        stats.overridesRefused++;
        // geth's wording for a parameter a method does not take.
        return rpcError(call.id, -32602, 'too many arguments, want at most 2');
      }
    }
    if (call.method === 'eth_getLogs' && options.logsRangeCap !== undefined) {
      const filter = (Array.isArray(call.params) ? call.params[0] : null) as { fromBlock?: unknown; toBlock?: unknown } | null;
      const from = typeof filter?.fromBlock === 'string' && filter.fromBlock.startsWith('0x') ? Number(filter.fromBlock) : null;
      const to = typeof filter?.toBlock === 'string' && filter.toBlock.startsWith('0x') ? Number(filter.toBlock) : null;
      // A range named by tags ('latest') is let through: the console names its blocks by number.
      if (from !== null && to !== null && to - from + 1 > options.logsRangeCap) {
        stats.logRangesRefused++;
        const fits = `[${hex(from)}, ${hex(from + options.logsRangeCap - 1)}]`;
        // Alchemy's wording for its free tier's range cap.
        return rpcError(call.id, -32600, `You can make eth_getLogs requests with up to a ${options.logsRangeCap} block range. Based on your parameters, this block range should work: ${fits}`);
      }
    }
    return null;
  };

  const rewrite = (call: RpcCall, behindAt: number | null): [RpcCall, boolean] => {
    let capped = false;
    const params = Array.isArray(call.params) ? [...call.params] : [];
    if (options.gasCap !== undefined && (call.method === 'eth_call' || call.method === 'eth_estimateGas') && params[0] && typeof params[0] === 'object') {
      const tx = { ...(params[0] as Record<string, unknown>) };
      const asked = typeof tx.gas === 'string' ? Number(BigInt(tx.gas)) : Infinity;
      if (asked > options.gasCap) {
        tx.gas = hex(options.gasCap);
        stats.gasCapped++;
        capped = true;
      }
      params[0] = tx;
    }
    const at = call.method ? BLOCK_PARAM[call.method] : undefined;
    if (behindAt !== null && at !== undefined) {
      const tag = params[at];
      if (tag === undefined || (typeof tag === 'string' && LATEST_TAGS.has(tag))) {
        while (params.length < at) params.push(undefined);
        params[at] = hex(behindAt);
      }
    }
    return [{ ...call, params }, capped];
  };

  const answerCall = async (call: RpcCall, behindAt: number | null): Promise<unknown> => {
    const refused = refuseCall(call);
    if (refused) return refused;
    if (call.method === 'eth_chainId' && options.wrongChainId && stats.requests >= options.wrongChainId.atRequest) {
      stats.wrongChainIds++;
      return { jsonrpc: '2.0', id: call.id ?? null, result: hex(options.wrongChainId.chainId) };
    }
    if (call.method === 'eth_blockNumber' && behindAt !== null) return { jsonrpc: '2.0', id: call.id ?? null, result: hex(behindAt) };
    const [sent, capped] = rewrite(call, behindAt);
    const answer = (await forward(sent)) as { error?: unknown };
    // A call the cap cut short fails as on geth run with `--rpc.gascap`.
    if (capped && answer.error) return rpcError(call.id, -32000, `gas required exceeds allowance (${options.gasCap})`);
    return answer;
  };

  const handle = async (raw: string): Promise<[number, Record<string, string>, string]> => {
    stats.requests++;
    const json = { 'Content-Type': 'application/json' };
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return [200, json, JSON.stringify(rpcError(null, -32700, 'parse error'))];
    }
    const batch = Array.isArray(message);
    const calls = (batch ? message : [message]) as RpcCall[];
    stats.calls += calls.length;
    serve.onRequest?.(calls.map((c) => String(c.method)));

    if (options.latency) await new Promise((r) => setTimeout(r, options.latency!.baseMs + prng.next() * options.latency!.jitterMs));

    if (options.rateLimit) {
      const now = Date.now();
      if (now - windowStart >= 1000) {
        windowStart = now;
        windowCalls = 0;
      }
      windowCalls += calls.length;
      if (windowCalls > options.rateLimit.perSecond) {
        stats.rateLimited++;
        return limited(prng.pick(options.rateLimit.styles), calls, batch);
      }
    }
    if (batch && options.batch) {
      const refuse = 'refuse' in options.batch && options.batch.refuse;
      if (refuse || ('max' in options.batch && calls.length > options.batch.max)) {
        stats.batchesRefused++;
        return [200, json, JSON.stringify(rpcError(null, -32600, refuse ? 'batch requests are not supported' : 'batch too large'))];
      }
    }
    if (options.reorg && stats.reorgs === 0 && stats.requests >= options.reorg.atRequest) {
      stats.reorgs++;
      await forward({ jsonrpc: '2.0', id: 1, method: 'anvil_reorg', params: [options.reorg.depth, []] });
    }
    let behindAt: number | null = null;
    if (options.behind && prng.next() < options.behind.share) {
      stats.behind++;
      behindAt = Math.max(0, (await head()) - options.behind.blocks);
    }

    const answers = await Promise.all(calls.map((c) => answerCall(c, behindAt)));
    if (options.responseBytes !== undefined) {
      // As geth's batch response cap: once the answers pass it, the rest answer "response too large".
      let size = 0;
      for (let i = 0; i < answers.length; i++) {
        size += JSON.stringify(answers[i]).length;
        if (size > options.responseBytes) {
          stats.tooLarge++;
          answers[i] = rpcError(calls[i]!.id, -32003, 'response too large');
        }
      }
    }
    return [200, json, JSON.stringify(batch ? answers : answers[0])];
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(Buffer.concat(chunks).toString('utf8')).then(
        ([status, headers, body]) => {
          res.writeHead(status, headers);
          res.end(body);
          stats.lastAnswerAt = performance.now();
        },
        (err: unknown) => {
          res.writeHead(502, { 'Content-Type': 'text/plain' });
          res.end(`Bad gateway: ${err instanceof Error ? err.message : String(err)}`);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
