import { AppError } from '../../../shared/errors';

export interface RpcCall {
  method: string;
  params: unknown[];
}

/** Requests per HTTP request: anvil answers a batch of a thousand small calls well under its body limit. */
const BATCH_SIZE = 1000;

/**
 * Sends calls to a node as JSON-RPC batches (one HTTP request per `BATCH_SIZE` calls) and returns
 * the results in order; any error fails the whole call with the node's message. Seeding ten
 * thousand wallets one request at a time would spend most of its time in HTTP round trips.
 */
export async function rpcBatch<T = unknown>(rpcUrl: string, calls: readonly RpcCall[], batchSize = BATCH_SIZE): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < calls.length; start += batchSize) {
    const slice = calls.slice(start, start + batchSize);
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(slice.map((call, i) => ({ jsonrpc: '2.0', id: i, method: call.method, params: call.params }))),
    });
    if (!response.ok) {
      throw new AppError({ code: 'SIM_RPC_FAILED', message: `The local chain at ${rpcUrl} answered HTTP ${response.status} to a batch.` });
    }
    const body = (await response.json()) as { id: number; result?: T; error?: { message?: string } }[];
    const byId = new Map(body.map((entry) => [entry.id, entry]));
    slice.forEach((call, i) => {
      const entry = byId.get(i);
      if (!entry || entry.error) {
        throw new AppError({
          code: 'SIM_RPC_FAILED',
          message: `${call.method} failed on the local chain at ${rpcUrl}: ${entry?.error?.message ?? 'no answer'}`,
        });
      }
      results.push(entry.result as T);
    });
  }
  return results;
}
