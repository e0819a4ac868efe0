import { checkRpcUrl } from '../../../shared/chains/rpc-url';
import type { RpcTest } from '../../../shared/chains/schemas';

export interface RpcTestOptions {
  fetchFn?: typeof fetch;
  timeoutMs?: number;
  /** Unix seconds, for the block's age (default: the wall clock). */
  now?: () => number;
}

/**
 * Tests an RPC address before the console uses it for a chain: https (or http on loopback), an
 * answer to `eth_chainId` equal to the chain's id, and the latest block with its age, so a node
 * that stopped following its chain is seen at once. Never throws: every failure is a result with
 * a message saying what happened and what to do.
 */
export async function testRpc(chainId: number, input: string, options: RpcTestOptions = {}): Promise<RpcTest> {
  const started = performance.now();
  const base = { chainId, answeredChainId: null, blockNumber: null, blockAgeSeconds: null };
  const elapsed = () => Math.round(performance.now() - started);
  const checked = checkRpcUrl(input);
  if (!checked.ok) {
    return { ...base, ok: false, url: input.trim(), latencyMs: 0, code: checked.code, message: checked.message, action: checked.action };
  }
  const url = checked.url;
  const host = new URL(url).host;
  const fetchFn = options.fetchFn ?? fetch;
  const rpc = async (method: string, params: unknown[]): Promise<unknown> => {
    const response = await fetchFn(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    if (!response.ok) throw new Error(`it answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
    let reply: { result?: unknown; error?: { message?: string } };
    try {
      reply = (await response.json()) as typeof reply;
    } catch {
      throw new Error('its answer is not JSON-RPC');
    }
    if (reply.error) throw new Error(`it refused ${method}: ${reply.error.message ?? 'no reason given'}`);
    return reply.result;
  };

  let answered: number;
  try {
    const result = await rpc('eth_chainId', []);
    if (typeof result !== 'string' || !/^0x[0-9a-f]+$/i.test(result)) throw new Error('its answer to eth_chainId is not a chain id');
    answered = Number(BigInt(result));
  } catch (err) {
    return {
      ...base,
      ok: false,
      url,
      latencyMs: elapsed(),
      code: 'RPC_UNREACHABLE',
      message: `${host} did not answer as an RPC: ${reason(err)}.`,
      action: 'Check the address (and that the node runs), then test it again.',
    };
  }
  if (answered !== chainId) {
    return {
      ...base,
      ok: false,
      url,
      answeredChainId: answered,
      latencyMs: elapsed(),
      code: 'RPC_WRONG_CHAIN',
      message: `${host} serves chain ${answered}, not chain ${chainId}: it was not added.`,
      action: `Enter an RPC of chain ${chainId}, or add this one under chain ${answered}.`,
    };
  }
  try {
    const block = (await rpc('eth_getBlockByNumber', ['latest', false])) as { number?: string; timestamp?: string } | null;
    if (!block?.number || !block.timestamp) throw new Error('it has no latest block');
    const now = options.now?.() ?? Math.floor(Date.now() / 1000);
    const age = Math.max(0, now - Number(BigInt(block.timestamp)));
    return {
      ok: true,
      url,
      chainId,
      answeredChainId: answered,
      blockNumber: BigInt(block.number).toString(),
      blockAgeSeconds: age,
      latencyMs: elapsed(),
      code: null,
      message: `Chain ${chainId}, latest block ${BigInt(block.number).toString()}, ${ageWords(age)} old.`,
      action: null,
    };
  } catch (err) {
    return {
      ...base,
      ok: false,
      url,
      answeredChainId: answered,
      latencyMs: elapsed(),
      code: 'RPC_UNREACHABLE',
      message: `${host} answered for chain ${chainId} but not with its latest block: ${reason(err)}.`,
      action: 'Try again; if it keeps failing, use another RPC for this chain.',
    };
  }
}

function reason(err: unknown): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'no answer within the time allowed';
  if (e.cause?.code === 'ECONNREFUSED') return 'the connection was refused';
  if (e.cause?.code === 'ENOTFOUND') return 'no such host';
  const text = e.cause?.message ?? e.message ?? String(err);
  if (text === 'bad port') return 'its port is one that HTTP clients refuse to use';
  return text.replace(/\.$/, '');
}

/** "12 s", "3 min", "2 h", "4 days". */
export function ageWords(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
}
