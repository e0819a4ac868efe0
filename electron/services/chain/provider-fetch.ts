import type { RpcCounter } from './rpc-client';
import { nodeLearning, type NodeLearning } from './node-learning';
import { batchRefusalOf, errorsOf, isTooBigError, isUnknownBlockError, rateLimitBackoffMs, rateLimitOf } from './rpc-limits';

/**
 * The `fetch` every RPC request of the console goes through (viem's transport and the large read
 * rounds alike), so that the limits of a hosted provider are met in one place, per address:
 * - its pace: requests wait for the calls a second it takes (learned from its first rate limit);
 * - its rate limit: a 429, or a JSON-RPC rate-limit error in any provider's wording, pauses every
 *   request to that address for what it asks (`Retry-After`, Infura's `backoff_seconds`) or a
 *   backoff with jitter of its own, then the request is sent again (reads only: nothing here sends
 *   a transaction twice, see `isResendable`);
 * - its batches: a batch larger than it takes is sent as smaller ones (or one call per request),
 *   learned from its refusal, and calls of a batch answered "response too large" after the ones
 *   before them filled the answer are asked again in a batch of their own;
 * - its height: a call it answers "header not found" (it is behind the refresh's block) fails the
 *   request, so the next address in the operator's order answers it.
 */

/** Rate-limited answers waited out before the request fails as it was answered. */
const RATE_LIMIT_RETRIES = 8;
/** A wait asked for longer than this is not waited: the read fails as rate-limited. */
const MAX_WAIT_MS = 30_000;
/** Smaller batches of one split request in flight at once (the pace decides the rest). */
const SPLIT_IN_FLIGHT = 4;

interface RpcMessage {
  id?: unknown;
  method?: string;
}

/** Methods that change nothing: a request of only these may be sent again after a rate limit. */
const isResendable = (body: string) => !body.includes('"eth_sendRawTransaction"') && !body.includes('"eth_sendTransaction"');

/** Calls in a JSON-RPC body, counted without parsing it (hex calldata holds no quotes). */
function callCount(body: string): number {
  let n = 0;
  for (let at = body.indexOf('"jsonrpc"'); at !== -1; at = body.indexOf('"jsonrpc"', at + 9)) n++;
  return Math.max(1, n);
}

const jsonResponse = (value: unknown) =>
  new Response(JSON.stringify(value), { status: 200, headers: { 'Content-Type': 'application/json' } });

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function providerFetch(fetchFn: typeof fetch, counter: RpcCounter): typeof fetch {
  /** One HTTP request as it is, paced and retried under rate limits; the answer parsed when it holds an error. */
  async function send(
    node: NodeLearning,
    url: string,
    init: RequestInit,
    body: string,
    calls: number,
  ): Promise<{ response: Response; text: string; answer: unknown }> {
    for (let attempt = 0; ; attempt++) {
      await node.admit(calls);
      counter.http++;
      const response = await fetchFn(url, { ...init, body });
      const text = await response.text();
      // Only an answer with an error (or a 429) is parsed here: a large round's answers are parsed once, by their reader.
      const answer = response.status === 429 || text.includes('"error"') ? parse(text) : undefined;
      const verdict = rateLimitOf(response.status, response.headers.get('retry-after'), answer);
      if (!verdict.limited) {
        node.succeeded(calls);
        return { response, text, answer };
      }
      const wait = verdict.waitMs ?? rateLimitBackoffMs(attempt);
      if (attempt >= RATE_LIMIT_RETRIES || wait > MAX_WAIT_MS || !isResendable(body)) {
        await node.limited(0);
        return { response, text, answer };
      }
      await node.limited(wait);
    }
  }

  /** A batch sent as batches of at most `size` (one call per request at 1), its answers joined. */
  async function sendSplit(node: NodeLearning, url: string, init: RequestInit, messages: RpcMessage[], size: number): Promise<unknown[]> {
    const groups: RpcMessage[][] = [];
    for (let i = 0; i < messages.length; i += size) groups.push(messages.slice(i, i + size));
    const answers: unknown[][] = new Array<unknown[]>(groups.length);
    let next = 0;
    const worker = async () => {
      while (next < groups.length) {
        const i = next++;
        answers[i] = await sendBatch(node, url, init, groups[i]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(SPLIT_IN_FLIGHT, groups.length) }, worker));
    return answers.flat();
  }

  /** A list of calls as one request (a batch, or a single call), adapting to refusals; one answer per call. */
  async function sendBatch(node: NodeLearning, url: string, init: RequestInit, messages: RpcMessage[]): Promise<unknown[]> {
    const limit = node.batchLimit(messages.length);
    if (messages.length > limit) return sendSplit(node, url, init, messages, limit);
    const single = messages.length === 1;
    const { response, text, answer } = await send(node, url, init, JSON.stringify(single ? messages[0] : messages), messages.length);
    if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
    const parsed = answer ?? parse(text);
    if (single) return [parsed];
    const refusal = batchRefusalOf(parsed);
    if (refusal) {
      node.refusedBatch(messages.length, refusal);
      return sendBatch(node, url, init, messages);
    }
    if (!Array.isArray(parsed)) throw new Error('The node answered a batch with something else than a list.');
    return resendTooLarge(node, url, init, messages, parsed);
  }

  /**
   * Calls answered "response too large" because the answers before them filled the request's
   * allowance are asked again, in a request of their own; the first call of a request so answered
   * is too large alone, and keeps its error (its reader splits it).
   */
  async function resendTooLarge(
    node: NodeLearning,
    url: string,
    init: RequestInit,
    messages: RpcMessage[],
    answers: unknown[],
  ): Promise<unknown[]> {
    const byId = new Map(answers.map((a) => [(a as { id?: unknown }).id, a]));
    const ordered = messages.map((m) => byId.get(m.id));
    const again: number[] = [];
    ordered.forEach((a, i) => {
      const message = (a as { error?: { message?: string } } | undefined)?.error?.message;
      if (i > 0 && isTooBigError(message) && /response/i.test(message ?? '')) again.push(i);
    });
    if (again.length === 0) return ordered;
    const retried = await sendBatch(
      node,
      url,
      init,
      again.map((i) => messages[i]!),
    );
    again.forEach((i, k) => (ordered[i] = retried[k]));
    return ordered;
  }

  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init?.body === 'string' ? init.body : null;
    const node = nodeLearning(url);
    if (body === null) {
      counter.http++;
      return fetchFn(input, init);
    }
    const isBatch = body.trimStart().startsWith('[');
    const calls = isBatch ? callCount(body) : 1;
    let answer: unknown;
    if (isBatch && (calls > node.batchLimit(calls) || node.batchMax !== null)) {
      answer = await sendBatch(node, url, init ?? {}, JSON.parse(body) as RpcMessage[]);
    } else {
      const sent = await send(node, url, init ?? {}, body, calls);
      // No error in it: the answer goes to its reader as it came.
      if (sent.answer === undefined || !sent.response.ok)
        return new Response(sent.text, {
          status: sent.response.status,
          statusText: sent.response.statusText,
          headers: sent.response.headers,
        });
      answer = sent.answer;
      if (isBatch) {
        const refusal = batchRefusalOf(answer);
        if (refusal) node.refusedBatch(calls, refusal);
        const messages = refusal || Array.isArray(answer) ? (JSON.parse(body) as RpcMessage[]) : null;
        if (refusal) answer = await sendBatch(node, url, init ?? {}, messages!);
        else if (messages) answer = await resendTooLarge(node, url, init ?? {}, messages, answer as unknown[]);
      }
    }
    // A node behind the block asked for: the request fails, and the next address answers it.
    const behind = errorsOf(answer).find((e) => isUnknownBlockError(e.message));
    if (behind) throw new Error(`The RPC at ${new URL(url).host} is behind the block asked for: ${behind.message}`);
    return jsonResponse(answer);
  };
}
