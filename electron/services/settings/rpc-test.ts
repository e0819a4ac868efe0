import { createPublicClient, http } from 'viem';
import { checkRpcUrl } from '../../../shared/chains/rpc-url';
import type { RpcTest } from '../../../shared/chains/schemas';

interface RpcTestOptions {
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
  const elapsed = () => Math.round(performance.now() - started);
  const checked = checkRpcUrl(input);
  if (!checked.ok) return refused({ chainId, url: input.trim(), latencyMs: 0 }, checked.code, checked.message, checked.action);
  const url = checked.url;
  const host = new URL(url).host;
  // One attempt, no retries: the operator is waiting for the verdict on this address.
  const client = createPublicClient({
    transport: http(url, { retryCount: 0, timeout: options.timeoutMs ?? 10_000, ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}) }),
  });
  const at = () => ({ chainId, url, latencyMs: elapsed() });

  let answered: number;
  try {
    const result = await client.request({ method: 'eth_chainId' });
    if (typeof result !== 'string' || !/^0x[0-9a-f]+$/i.test(result)) throw new Error('its answer to eth_chainId is not a chain id');
    answered = Number(BigInt(result));
  } catch (err) {
    return refused(
      at(),
      'RPC_UNREACHABLE',
      `${host} did not answer as an RPC: ${reason(err)}.`,
      'Check the address (and that the node runs), then test it again.',
    );
  }
  if (answered !== chainId) {
    return refused(
      { ...at(), answeredChainId: answered },
      'RPC_WRONG_CHAIN',
      `${host} serves chain ${answered}, not chain ${chainId}: it was not added.`,
      `Enter an RPC of chain ${chainId}, or add this one under chain ${answered}.`,
    );
  }
  try {
    const block = await client.getBlock({ blockTag: 'latest' });
    const now = options.now?.() ?? Math.floor(Date.now() / 1000);
    const age = Math.max(0, now - Number(block.timestamp));
    return {
      ok: true,
      url,
      chainId,
      answeredChainId: answered,
      blockNumber: block.number.toString(),
      blockAgeSeconds: age,
      latencyMs: elapsed(),
      code: null,
      message: `Chain ${chainId}, latest block ${block.number.toString()}, ${ageWords(age)} old.`,
      action: null,
    };
  } catch (err) {
    return refused(
      { ...at(), answeredChainId: answered },
      'RPC_UNREACHABLE',
      `${host} answered for chain ${chainId} but not with its latest block: ${reason(err)}.`,
      'Try again; if it keeps failing, use another RPC for this chain.',
    );
  }
}

/** A test that did not pass: what was known when it stopped, what happened and what to do. */
function refused(
  known: { chainId: number; url: string; latencyMs: number; answeredChainId?: number },
  code: string,
  message: string,
  action: string,
): RpcTest {
  return { ok: false, answeredChainId: null, blockNumber: null, blockAgeSeconds: null, ...known, code, message, action };
}

/** The errors viem wraps, from the outermost to their first cause. */
type Cause = { name?: string; code?: unknown; message?: string; shortMessage?: string; status?: number; cause?: unknown };
function causes(err: unknown): Cause[] {
  const chain: Cause[] = [];
  for (let e = err as Cause | undefined, depth = 0; e && typeof e === 'object' && depth < 8; e = e.cause as Cause | undefined, depth++)
    chain.push(e);
  return chain;
}

function reason(err: unknown): string {
  const chain = causes(err);
  if (chain.some((e) => e.name === 'TimeoutError' || e.name === 'AbortError')) return 'no answer within the time allowed';
  if (chain.some((e) => e.code === 'ECONNREFUSED')) return 'the connection was refused';
  if (chain.some((e) => e.code === 'ENOTFOUND')) return 'no such host';
  if (chain.some((e) => e.message === 'bad port')) return 'its port is one that HTTP clients refuse to use';
  // A web page or anything else that is not JSON where an RPC's answer should be.
  if (chain.some((e) => e.name === 'SyntaxError')) return 'its answer is not JSON-RPC';
  const http = chain.find((e) => e.name === 'HttpRequestError' && typeof e.status === 'number');
  if (http) return `it answered HTTP ${http.status}`;
  const rpcError = chain.find((e) => e.name === 'RpcRequestError');
  if (rpcError) return `it refused the call: ${(rpcError.shortMessage ?? rpcError.message ?? 'no reason given').replace(/\.$/, '')}`;
  const first = chain[0];
  return (first?.shortMessage ?? first?.message ?? String(err)).replace(/\.$/, '');
}

/** "12 s", "3 min", "2 h", "4 days". */
function ageWords(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
}
