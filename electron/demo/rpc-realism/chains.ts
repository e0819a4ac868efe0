import { realismProfile, type RpcRealism } from './profile';
import { startRpcRealismProxy, type RpcRealismProxy, type RpcRealismStats } from './proxy';

/**
 * The proxies of a simulation's chains: with `off`, the chains' own addresses; otherwise one proxy
 * per chain (each seeded apart), whose addresses are handed out instead.
 */
export async function startRealismProxies(
  chains: readonly { chainId: number; rpcUrl: string }[],
  realism: RpcRealism,
  seed: number,
): Promise<{ chains: { chainId: number; rpcUrl: string }[]; stats: (chainId: number) => RpcRealismStats | null; close(): Promise<void> }> {
  const proxies = new Map<number, RpcRealismProxy>();
  for (const [i, chain] of chains.entries()) {
    const options = realismProfile(realism, seed + i);
    if (options) proxies.set(chain.chainId, await startRpcRealismProxy(chain.rpcUrl, options));
  }
  return {
    chains: chains.map((c) => ({ chainId: c.chainId, rpcUrl: proxies.get(c.chainId)?.url ?? c.rpcUrl })),
    stats: (chainId) => proxies.get(chainId)?.stats ?? null,
    close: async () => {
      await Promise.all([...proxies.values()].map((p) => p.close()));
    },
  };
}
