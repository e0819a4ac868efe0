import type { Hex, PublicClient } from 'viem';
import { ethCallsOf, RPC_BATCH_SIZE, type EthCall, type EthCallAnswer } from '../chain/rpc-client';

/**
 * HTTP requests of one round in flight at once. A node answers them one after the other: sent all
 * at once (hundreds for ten thousand wallets), the last ones wait behind the others and time out
 * although the node is busy with them; a few at a time keep it busy and each timeout honest.
 */
const HTTP_IN_FLIGHT = 3;

/** `send` over `items` in slices of `size`, at most `limit` slices in flight; the answers in order. */
async function inFlightLimited<T, R>(
  items: readonly T[],
  size: number,
  limit: number,
  send: (slice: readonly T[]) => Promise<R[]>,
): Promise<R[]> {
  const slices: (readonly T[])[] = [];
  for (let i = 0; i < items.length; i += size) slices.push(items.slice(i, i + size));
  const answers: R[][] = new Array<R[]>(slices.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < slices.length) {
      const i = next++;
      answers[i] = await send(slices[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, slices.length) }, worker));
  return answers.flat();
}

/**
 * Sends a round of `eth_call`s at one block (hex; default the latest), each answered on its own:
 * with the RPC client's batch caller they leave in JSON-RPC batches, `HTTP_IN_FLIGHT` HTTP requests
 * at a time; otherwise through the client's own transport.
 */
export async function sendCallsEach(client: PublicClient, calls: readonly EthCall[], block?: Hex): Promise<EthCallAnswer[]> {
  if (calls.length === 0) return [];
  const each = ethCallsOf(client);
  if (each) return inFlightLimited(calls, RPC_BATCH_SIZE, HTTP_IN_FLIGHT, (slice) => each(slice, block));
  return Promise.all(
    calls.map(async (call): Promise<EthCallAnswer> => {
      const at = block ?? 'latest';
      try {
        const result = (await client.request({
          method: 'eth_call',
          params: call.override
            ? [{ to: call.to, data: call.data }, at, { [call.override.address]: { code: call.override.code } }]
            : [{ to: call.to, data: call.data }, at],
        } as never)) as Hex;
        return { result };
      } catch (err) {
        return { error: err instanceof Error ? ((err as { details?: string }).details ?? err.message) : String(err) };
      }
    }),
  );
}
