/**
 * Which links the console may hand to the operating system's browser. Only https, only to hosts
 * on the allowlist (block explorers of known chains, KYC providers named by vaults, the project's
 * own documentation), and never with credentials in the URL.
 */
export const BUILT_IN_LINK_HOSTS: readonly string[] = ['etherscan.io', 'polygonscan.com', 'arbiscan.io', 'optimistic.etherscan.io', 'basescan.org'];

export function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

export function isAllowedExternalUrl(url: string, allowedHosts: Iterable<string>): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return false;
  const host = parsed.hostname.toLowerCase();
  for (const allowed of allowedHosts) {
    const a = allowed.toLowerCase();
    // Exact host, or a subdomain of an allowed host (e.g. sepolia.etherscan.io under etherscan.io).
    if (host === a || host.endsWith(`.${a}`)) return true;
  }
  return false;
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
