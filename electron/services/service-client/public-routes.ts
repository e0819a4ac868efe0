/**
 * The protocol service's key-less namespace: `/v1/public/<path>` answers what `/v1/<path>` answers,
 * in the same shapes and with the same query parameters, without a key, for the public resources
 * only (vaults and their performance overview, vault latest blocks and blocks, vault performances,
 * operators, tokens). Requests, positions, transactions, epochs, campaigns, signatures and chains
 * need the key: a client without one never sends them.
 */
const PUBLIC_PATHS: readonly RegExp[] = [
  /^\/v1\/vaults$/,
  /^\/v1\/vaults\/performances$/,
  /^\/v1\/vaults\/[^/]+$/,
  /^\/v1\/vault-latest-blocks$/,
  /^\/v1\/vault-blocks$/,
  /^\/v1\/vault-blocks\/[^/]+$/,
  /^\/v1\/vault-performances$/,
  /^\/v1\/operators$/,
  /^\/v1\/operators\/[^/]+$/,
  /^\/v1\/tokens$/,
  /^\/v1\/tokens\/[^/]+$/,
];

/** The key-less route of a keyed path (`/v1/vaults` → `/v1/public/vaults`), or null when it has none. */
export function publicPath(path: string): string | null {
  return PUBLIC_PATHS.some((p) => p.test(path)) ? `/v1/public/${path.slice('/v1/'.length)}` : null;
}
