import type { PublicClient } from 'viem';
import { AppError } from '../../../shared/errors';
import { createRpcClient, type RpcCounter } from '../chain/rpc-client';
import type { ServiceClient } from '../service-client';

/**
 * RPC clients by chain id for the signing pipeline: the address the operator set for a chain, else
 * the first HTTPS RPC of the service's chain record (the same rule as the portfolio's reads). One
 * client per chain, kept.
 */
export function createChainAccess(options: {
  service: () => Promise<ServiceClient>;
  /** The operator's RPC address for a chain, if any (Settings, or --rpc). */
  override?: (chainId: number) => string | null | undefined;
  counter?: RpcCounter;
}): (chainId: number) => Promise<PublicClient> {
  const clients = new Map<string, PublicClient>();
  let catalog: Map<number, string> | null = null;
  const counter = options.counter ?? { http: 0 };
  return async (chainId) => {
    let url = options.override?.(chainId) ?? null;
    if (!url) {
      if (!catalog) {
        const chains = await (await options.service()).listAll('chains');
        catalog = new Map();
        for (const c of chains) {
          const rpc = (c as { RPCs?: { https?: string }[] }).RPCs?.find((r) => r.https)?.https;
          if (rpc && typeof c.chainID === 'number') catalog.set(c.chainID, rpc);
        }
      }
      url = catalog.get(chainId) ?? null;
    }
    if (!url) {
      throw new AppError({
        code: 'CHAIN_NO_RPC',
        message: `No RPC address is known for chain ${chainId}.`,
        action: 'Add one in Settings.',
      });
    }
    const key = `${chainId}:${url}`;
    let client = clients.get(key);
    if (!client) {
      client = createRpcClient({ chainId, name: `Chain ${chainId}`, url }, counter);
      clients.set(key, client);
    }
    return client;
  };
}
