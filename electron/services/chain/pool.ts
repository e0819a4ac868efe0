import type { PublicClient } from 'viem';
import { AppError } from '../../../shared/errors';
import type { ResourceItem } from '../../../shared/service';
import { createRpcClient, type RpcCounter } from './rpc-client';

type ChainRecord = ResourceItem<'chains'>;

/** The service's RPC address for a chain: the first https one its chain record lists. */
export function serviceRpcUrl(chain: ChainRecord | null | undefined): string | null {
  const rpcs = (chain as { RPCs?: Array<{ https?: unknown }> } | null | undefined)?.RPCs ?? [];
  const first = rpcs.find((r) => typeof r.https === 'string' && r.https.length > 0);
  return (first?.https as string | undefined) ?? null;
}

export interface ChainPoolOptions {
  /** The service's chain records (from the catalog), read when a chain's address is needed. */
  chainRecords: () => Promise<readonly ChainRecord[]>;
  /** The operator's RPC address for a chain, if any: it wins over the service's. */
  override?: (chainId: number) => string | null | undefined;
  /** Counts the HTTP requests of every client of the pool. */
  counter?: RpcCounter;
  fetchFn?: typeof fetch;
}

/**
 * The one place that decides which RPC serves a chain and hands out its viem client: the
 * operator's address for the chain, else the first https RPC of the service's chain record. One
 * client per chain and address, made by `createRpcClient` and kept, shared by the portfolio's reads
 * and the signing pipeline. Whatever else decides how a chain is reached (the operator's own RPCs
 * with their fallbacks, the contracts pinned per chain) belongs here, so that every reader and the
 * signing pipeline agree on it.
 */
export class ChainPool {
  readonly counter: RpcCounter;
  private readonly clients = new Map<string, PublicClient>();

  constructor(private readonly options: ChainPoolOptions) {
    this.counter = options.counter ?? { http: 0 };
  }

  /** The address that serves a chain, given its service record (null: no way to reach it). */
  rpcUrl(chainId: number, record: ChainRecord | null | undefined): string | null {
    return this.options.override?.(chainId) || serviceRpcUrl(record);
  }

  /** The client of a chain, by id alone: its record comes from the service's chain list. */
  async client(chainId: number): Promise<PublicClient> {
    const override = this.options.override?.(chainId);
    const record = override ? null : (await this.options.chainRecords()).find((c) => c.chainID === chainId);
    const url = this.rpcUrl(chainId, record);
    if (!url) {
      throw new AppError({
        code: 'CHAIN_NO_RPC',
        message: `No RPC address is known for chain ${chainId}.`,
        action: 'Add one in Settings.',
      });
    }
    return this.clientAt(chainId, url, record?.name ?? `Chain ${chainId}`);
  }

  /** The kept client for a chain at an address, made on first use. */
  clientAt(chainId: number, url: string, name = `Chain ${chainId}`): PublicClient {
    const key = `${chainId}:${url}`;
    let client = this.clients.get(key);
    if (!client) {
      client = createRpcClient({ chainId, name, url }, this.counter, this.options.fetchFn ? { fetchFn: this.options.fetchFn } : {});
      this.clients.set(key, client);
    }
    return client;
  }
}
