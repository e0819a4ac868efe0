import type { PublicClient } from 'viem';
import { ServiceCatalog } from '../catalog/catalog';
import { ChainPool } from '../chain/pool';
import type { RpcCounter } from '../chain/rpc-client';
import type { ServiceClient } from '../service-client';

/**
 * RPC clients by chain id for the signing pipeline run on its own (the batch script): a chain
 * pool over the service's chain records. The console hands the pipeline its own pool instead.
 */
export function createChainAccess(options: {
  service: () => Promise<ServiceClient>;
  /** The operator's RPC address for a chain, if any (Settings, or --rpc). */
  override?: (chainId: number) => string | null | undefined;
  counter?: RpcCounter;
}): (chainId: number) => Promise<PublicClient> {
  const pool = new ChainPool({
    chainRecords: new ServiceCatalog().chainRecords(options.service),
    ...(options.override ? { override: options.override } : {}),
    ...(options.counter ? { counter: options.counter } : {}),
  });
  return (chainId) => pool.client(chainId);
}
