import { startRealismProxies } from '../../electron/demo/rpc-realism/chains';
import type { RpcRealism } from '../../electron/demo/rpc-realism/profile';
import type { RpcRealismStats } from '../../electron/demo/rpc-realism/proxy';
import type { Portfolio } from '../../shared/portfolio/schemas';

/** Per chain, what one refresh cost through the RPC realism proxy. */
export interface RealismChainCost {
  chainId: number;
  /** HTTP requests the proxy received, and JSON-RPC calls in them. */
  requests: number;
  calls: number;
  /** Requests answered "too many requests" (HTTP 429 or a JSON-RPC rate-limit error). */
  rateLimited: number;
  /** From the refresh's start to the chain's last answer (null: the chain was not asked). */
  ms: number | null;
  /** The chain's source failed, with its message. */
  failed: string | null;
}

/**
 * The benchmark's chains behind the RPC realism proxy (`--rpc-realism provider`): the addresses the
 * portfolio reads, and what each refresh cost per chain (requests, 429s, time).
 */
export async function startBenchRealism(chains: readonly { chainId: number; rpcUrl: string }[], realism: RpcRealism, seed: number) {
  const proxies = await startRealismProxies(chains, realism, seed);
  const copy = (s: RpcRealismStats | null) => (s ? { ...s } : null);
  let before = new Map(chains.map((c) => [c.chainId, copy(proxies.stats(c.chainId))]));
  let startedAt = performance.now();
  return {
    on: realism !== 'off',
    rpcUrls: (chainId: number) => proxies.chains.filter((c) => c.chainId === chainId).map((c) => c.rpcUrl),
    /** Starts counting a refresh. */
    start() {
      before = new Map(chains.map((c) => [c.chainId, copy(proxies.stats(c.chainId))]));
      startedAt = performance.now();
    },
    /** What the refresh since `start` cost per chain. */
    costs(view: Portfolio): RealismChainCost[] {
      return chains.map(({ chainId }) => {
        const now = proxies.stats(chainId);
        const was = before.get(chainId);
        const source = view.sources.find((s) => s.id === `chain:${chainId}`);
        const answered = now?.lastAnswerAt != null && now.lastAnswerAt >= startedAt;
        return {
          chainId,
          requests: (now?.requests ?? 0) - (was?.requests ?? 0),
          calls: (now?.calls ?? 0) - (was?.calls ?? 0),
          rateLimited: (now?.rateLimited ?? 0) - (was?.rateLimited ?? 0),
          ms: answered ? Math.round(now!.lastAnswerAt! - startedAt) : null,
          failed: source && !source.ok ? (source.error?.message ?? 'failed') : null,
        };
      });
    },
    totals: () => chains.map(({ chainId }) => ({ chainId, ...proxies.stats(chainId) })),
    close: () => proxies.close(),
  };
}

export const describeRealismCosts = (costs: readonly RealismChainCost[]) =>
  costs
    .map(
      (c) =>
        `chain ${c.chainId}: ${c.requests} requests (${c.calls} calls), ${c.rateLimited} rate-limited, ` +
        `${c.ms === null ? '?' : `${c.ms} ms`}${c.failed ? `, FAILED: ${c.failed}` : ''}`,
    )
    .join('; ');

/** The figures a user reads (vaults, positions, requests), to compare a refresh with a full read. */
export const sameFigures = (a: Portfolio, b: Portfolio) =>
  JSON.stringify([a.vaults, a.positions, a.requests]) === JSON.stringify([b.vaults, b.positions, b.requests]);
