import type { PublicClient } from 'viem';
import { CHAINS_SETTING } from '../../../shared/chains/schemas';
import { AppError } from '../../../shared/errors';
import type { ResourceItem } from '../../../shared/service';
import { createRpcClient, type RpcCounter } from './rpc-client';

type ChainRecord = ResourceItem<'chains'>;

/** The RPC addresses a service's chain record lists (https ones, in its order): suggestions, or a display-only reader's. */
export function serviceRpcUrls(chain: ChainRecord | null | undefined): string[] {
  const rpcs = (chain as { RPCs?: Array<{ https?: unknown }> } | null | undefined)?.RPCs ?? [];
  return rpcs.flatMap((r) => (typeof r.https === 'string' && r.https.length > 0 ? [r.https] : []));
}

/** The service's first RPC address for a chain (display only: never used to move money). */
export function serviceRpcUrl(chain: ChainRecord | null | undefined): string | null {
  return serviceRpcUrls(chain)[0] ?? null;
}

/**
 * RPC addresses for display-only readers (the `status` and `service:record` commands): the
 * operator's `--rpc` address of a chain when given, else the ones the service lists. Never for
 * anything that plans or checks a vault.
 */
export function displayRpcUrls(overrides: ReadonlyMap<number, string> = new Map()): ChainPoolOptions['rpcUrls'] {
  return (chainId, record) => {
    const given = overrides.get(chainId);
    return given ? [given] : serviceRpcUrls(record);
  };
}

export interface ChainPoolOptions {
  /**
   * The addresses that serve a chain, in the order they are tried: the operator's own (Settings →
   * Chains, or `--rpc`), or the demo's local chains. Empty: the chain is not read. The service's
   * record of the chain is given for the few display-only readers that may fall back on it.
   */
  rpcUrls: (chainId: number, serviceRecord: ChainRecord | null) => readonly string[] | Promise<readonly string[]>;
  /** The service's chain records: names, and the record handed to `rpcUrls`. */
  chainRecords?: () => Promise<readonly ChainRecord[]>;
  /** What to do when a chain has no RPC (default: add one in Settings → Chains). */
  noRpcAction?: (chainId: number) => string;
  /** Counts the HTTP requests of every client of the pool. */
  counter?: RpcCounter;
  fetchFn?: typeof fetch;
}

/**
 * The one place that decides which RPCs serve a chain and hands out its viem client: the
 * operator's addresses for the chain, in order, behind viem's `fallback` transport. The service's
 * RPCs are never used here unless the pool's owner says so for display-only reads: whatever
 * reads chain state for a plan, a registry check or a balance comes through this pool. One client
 * per chain and set of addresses, kept, shared by the portfolio's reads and the signing pipeline.
 */
export class ChainPool {
  readonly counter: RpcCounter;
  private readonly clients = new Map<string, PublicClient>();

  constructor(private readonly options: ChainPoolOptions) {
    this.counter = options.counter ?? { http: 0 };
  }

  /** The addresses that serve a chain, in order (empty: none). */
  async urls(chainId: number, record?: ChainRecord | null): Promise<readonly string[]> {
    const known = record !== undefined ? record : await this.recordOf(chainId);
    return this.options.rpcUrls(chainId, known);
  }

  /** The refusal for a chain with no RPC: its vaults are shown from the service only, nothing is planned on them. */
  noRpcError(chainId: number, name = `Chain ${chainId}`): AppError {
    return new AppError({
      code: 'CHAIN_NO_RPC',
      message: `No RPC of yours is set for ${name.includes(String(chainId)) ? name : `${name} (chain ${chainId})`}: its vaults are shown from the service only, and nothing is planned or checked on them.`,
      action: this.options.noRpcAction?.(chainId) ?? `Add an RPC for chain ${chainId} in ${CHAINS_SETTING}.`,
      details: { chainId },
    });
  }

  /** The client of a chain, by id alone. */
  async client(chainId: number): Promise<PublicClient> {
    const record = await this.recordOf(chainId);
    const name = record?.name ?? `Chain ${chainId}`;
    const urls = await this.options.rpcUrls(chainId, record);
    if (urls.length === 0) throw this.noRpcError(chainId, name);
    return this.clientFor(chainId, urls, name);
  }

  /** The kept client for a chain on these addresses (in this order), made on first use. */
  clientFor(chainId: number, urls: readonly string[], name = `Chain ${chainId}`): PublicClient {
    const key = `${chainId}:${urls.join(' ')}`;
    let client = this.clients.get(key);
    if (!client) {
      client = createRpcClient(
        { chainId, name, url: urls[0]!, fallbackUrls: urls.slice(1) },
        this.counter,
        this.options.fetchFn ? { fetchFn: this.options.fetchFn } : {},
      );
      this.clients.set(key, client);
    }
    return client;
  }

  private async recordOf(chainId: number): Promise<ChainRecord | null> {
    if (!this.options.chainRecords) return null;
    // The name only: a service that cannot list its chains does not keep an operator's RPC from working.
    const records = await this.options.chainRecords().catch(() => []);
    return records.find((c) => c.chainID === chainId) ?? null;
  }
}
