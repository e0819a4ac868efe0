import type { PublicClient } from 'viem';
import { ServiceCatalog, VAULTS_TOKENS_CHAINS } from '../services/catalog/catalog';
import { ChainPool, type ChainPoolOptions } from '../services/chain/pool';
import { epochVaultEntries, type EpochVaultEntry } from '../services/portfolio/vault-entries';
import { PortfolioService, type PortfolioOptions } from '../services/portfolio/portfolio';
import type { ServiceClient } from '../services/service-client';
import type { Logger } from '../services/log/logger';
import type { SigningServiceOptions } from '../services/signing';

interface ServiceGraphOptions {
  /** The service the console reads now (the demo's, the operator's, or the command's). */
  service: () => Promise<ServiceClient>;
  /** The addresses that serve a chain, in the operator's order: Settings → Chains, `--rpc`, or the demo's own. */
  rpcUrls: ChainPoolOptions['rpcUrls'];
  /** What to do when a chain has none (a command names its flag; the console, Settings → Chains). */
  noRpcAction?: ChainPoolOptions['noRpcAction'];
  /** The catalog when its cache life or chain discovery is the caller's (the console's); else one read as needed. */
  catalog?: ServiceCatalog;
  /** Which epoch vaults to follow; the demo follows only those on its local chains. Default: all. */
  includeVault?: (entry: EpochVaultEntry) => boolean;
  setAside?: PortfolioOptions['setAside'];
  log?: Logger;
  /** Every JSON-RPC request of the graph's chain clients goes through it (measurements and tests count or shape them). */
  fetchFn?: typeof fetch;
  /** How the portfolio reads (measurements and tests: a clock, the lens off, every wallet every time, a profile). */
  portfolio?: Pick<PortfolioOptions, 'now' | 'lens' | 'warm' | 'onProfile'>;
}

/** The services every reader and signer shares, built once: the catalog, the chain pool and the portfolio. */
export interface ServiceGraph {
  service: () => Promise<ServiceClient>;
  catalog: ServiceCatalog;
  chains: ChainPool;
  portfolio: PortfolioService;
  /** A chain's client through the pool (the operator's RPCs only). */
  chain: (chainId: number) => Promise<PublicClient>;
  /** The vaults the service lists now, as the portfolio follows them (where pinned vaults are looked for). */
  listedVaults: () => Promise<{ vaultId: string; chainId: number }[]>;
  /**
   * What a signing pipeline reads through, the same for the console and the batch runner: the
   * portfolio's last view while it is fresh enough for the plan (else one refresh), the pool's
   * chains and the service.
   */
  planReaders: Pick<SigningServiceOptions, 'loadPortfolio' | 'chain' | 'service'>;
}

/**
 * The one place the console (`createConsoleRuntime`) and every script (`npm run batch`, `status`,
 * `service:record`) build their readers: one catalog and one chain pool, handed to the portfolio,
 * so that a chain's RPCs, its rate limiter and what the pool learned of each node are the same
 * for the refresh, the planner and the check before the device.
 */
export function createServiceGraph(options: ServiceGraphOptions): ServiceGraph {
  const catalog = options.catalog ?? new ServiceCatalog();
  const chains = new ChainPool({
    chainRecords: catalog.chainRecords(options.service),
    rpcUrls: options.rpcUrls,
    ...(options.noRpcAction ? { noRpcAction: options.noRpcAction } : {}),
    ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
  });
  const includeVault = options.includeVault ?? (() => true);
  const portfolio = new PortfolioService({
    ...options.portfolio,
    service: options.service,
    catalog,
    chains,
    includeVault,
    ...(options.setAside ? { setAside: options.setAside } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  const chain = (chainId: number) => chains.client(chainId);
  return {
    service: options.service,
    catalog,
    chains,
    portfolio,
    chain,
    listedVaults: async () =>
      epochVaultEntries(await catalog.read(await options.service(), VAULTS_TOKENS_CHAINS, { now: Date.now() }))
        .filter(includeVault)
        .map((e) => ({ vaultId: e.vault._id, chainId: e.chainId })),
    planReaders: { loadPortfolio: (wallets, maxAgeMs) => portfolio.viewOf(wallets, maxAgeMs), chain, service: options.service },
  };
}
