import { isLoopbackUrl } from '../../shared/domain/external-links';
import { CATALOG_TTL_MS, ServiceCatalog } from '../services/catalog/catalog';
import { chainsFromRpcs } from '../services/catalog/chains-from-rpcs';
import type { Logger } from '../services/log/logger';
import type { ServiceClient } from '../services/service-client';
import type { ChainRpcBook } from '../services/settings/chain-rpcs';
import type { ServiceConnection } from './service-connection';
import { createServiceGraph, type ServiceGraph } from './service-graph';

/**
 * The console's service graph: the catalog kept for its cache life (and, without a key, chains found
 * among the operator's own RPCs), chains reached through Settings → Chains live and the demo's own
 * local chains in the demo, and only the demo's vaults followed there.
 */
export function consoleServiceGraph(deps: {
  connection: ServiceConnection;
  service: () => Promise<ServiceClient>;
  demo: () => boolean;
  rpcBook: ChainRpcBook;
  log: Logger;
}) {
  const { connection, service, demo, rpcBook } = deps;
  // The demo's local chains are set by the demo itself; the operator never has to.
  const demoChains = async () => (demo() ? ((await connection.embedded())?.localChains ?? []) : null);
  const graph: ServiceGraph = createServiceGraph({
    service,
    // Without a key the service gives no chain records: each chain its vaults name is found among the
    // operator's own RPCs (asked directly, not through the pool, which names chains from these records).
    catalog: new ServiceCatalog(
      CATALOG_TTL_MS,
      chainsFromRpcs({
        rpcChains: async () => [...(await rpcBook.all()).keys()],
        hasCode: async (chainId, address): Promise<boolean> => {
          const code: string | undefined = await graph.chains.clientFor(chainId, await rpcBook.urls(chainId)).getCode({ address });
          return code !== undefined && code !== '0x';
        },
        log: deps.log,
      }),
    ),
    // Live, a chain is reached only through the operator's own RPCs (Settings → Chains): the
    // service's are suggestions until the operator confirms one, never used silently.
    rpcUrls: async (chainId) => {
      const local = await demoChains();
      if (local) return local.filter((c) => c.chainId === chainId).map((c) => c.rpcUrl);
      return rpcBook.urls(chainId);
    },
    // The demo reads only its own local chains: the generated catalog's other chains are not
    // simulated, and the demo never contacts anything beyond this machine.
    includeVault: (entry) => !demo() || isLoopbackUrl(entry.rpcUrl),
    setAside: () => connection.serviceState().setAside,
    log: deps.log,
  });
  return { graph, demoChains };
}
