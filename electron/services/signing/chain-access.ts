import type { PublicClient } from 'viem';
import { ServiceCatalog } from '../catalog/catalog';
import { ChainPool } from '../chain/pool';
import type { RpcCounter } from '../chain/rpc-client';
import type { ServiceClient } from '../service-client';

/**
 * RPC clients by chain id for the signing pipeline run on its own (the batch script): a chain
 * pool on the operator's RPCs (`--rpc`, or the runner's own simulated chains), the service's
 * chain records giving names only. The console hands the pipeline its own pool instead.
 */
export function createChainAccess(options: {
  service: () => Promise<ServiceClient>;
  /** The operator's RPC addresses for a chain, in order (none: nothing is read or planned on it). */
  rpcUrls: (chainId: number) => readonly string[];
  /** What to do when a chain has none (e.g. name the command's flag). */
  noRpcAction?: (chainId: number) => string;
  counter?: RpcCounter;
}): (chainId: number) => Promise<PublicClient> {
  const pool = new ChainPool({
    chainRecords: new ServiceCatalog().chainRecords(options.service),
    rpcUrls: options.rpcUrls,
    ...(options.noRpcAction ? { noRpcAction: options.noRpcAction } : {}),
    ...(options.counter ? { counter: options.counter } : {}),
  });
  return (chainId) => pool.client(chainId);
}
