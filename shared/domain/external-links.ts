/**
 * Which links the console may hand to the operating system's browser. Only https, only to hosts
 * on the allowlist (block explorers of known chains, KYC providers named by vaults, the project's
 * own documentation), and never with credentials in the URL.
 */
/**
 * Block explorers of the chains the console knows by network id, used when the service's chain
 * record names none. Their hosts are on the allowlist.
 */
export const EXPLORER_BY_CHAIN_ID: Readonly<Record<number, string>> = {
  1: 'https://etherscan.io',
  10: 'https://optimistic.etherscan.io',
  56: 'https://bscscan.com',
  100: 'https://gnosisscan.io',
  137: 'https://polygonscan.com',
  8453: 'https://basescan.org',
  42161: 'https://arbiscan.io',
  43114: 'https://snowtrace.io',
  11155111: 'https://sepolia.etherscan.io',
};

export const BUILT_IN_LINK_HOSTS: readonly string[] = [
  ...new Set(['etherscan.io', 'polygonscan.com', 'arbiscan.io', 'optimistic.etherscan.io', 'basescan.org', ...Object.values(EXPLORER_BY_CHAIN_ID).map((u) => new URL(u).hostname)]),
];

export function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** An http(s) address on this machine (the demo's local chains and service). */
export function isLoopbackUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  try {
    const { protocol, hostname } = new URL(url);
    return (protocol === 'http:' || protocol === 'https:') && (hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]');
  } catch {
    return false;
  }
}

/** Network ids of development chains (anvil, hardhat, ganache): never an explorer behind them. */
const LOCAL_CHAIN_IDS = new Set([1337, 31337, 31338]);

/** A link to the explorer's page, or why there is none: in full, and in a few words for a table cell. */
type ExplorerLink = { url: string; host: string } | { url: null; reason: string; short: string };

/**
 * Where a transaction can be looked at: the explorer the service's chain record names (https
 * only), else the built-in one for the network id. A local chain has none, and the console says
 * so rather than showing a link that leads nowhere.
 */
export function transactionExplorerLink(
  chain: { chainId: number | null; name: string; explorerUrl: string | null; rpcUrl: string | null } | null,
  hash: string | null | undefined,
): ExplorerLink {
  if (!hash || !/^0x[0-9a-fA-F]{64}$/.test(hash)) return { url: null, reason: 'The service gave no transaction hash.', short: 'no hash' };
  if (!chain) return { url: null, reason: 'The service names no chain for this transaction.', short: 'chain unknown' };
  const fromRecord = chain.explorerUrl && !isLoopbackUrl(chain.explorerUrl) && /^https:\/\//i.test(chain.explorerUrl) ? chain.explorerUrl : null;
  const base = fromRecord ?? (chain.chainId !== null ? EXPLORER_BY_CHAIN_ID[chain.chainId] : undefined) ?? null;
  if (base) {
    const url = `${base.replace(/\/+$/, '')}/tx/${hash}`;
    const host = hostOf(url);
    if (host) return { url, host };
  }
  if ((chain.chainId !== null && LOCAL_CHAIN_IDS.has(chain.chainId)) || isLoopbackUrl(chain.rpcUrl)) {
    return { url: null, reason: `No block explorer: ${chain.name} is a chain on this machine.`, short: 'local chain: no explorer' };
  }
  return { url: null, reason: `No block explorer is known for ${chain.name}.`, short: 'no explorer known' };
}
