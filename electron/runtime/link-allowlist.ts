import { BUILT_IN_LINK_HOSTS, hostOf, isAllowedExternalUrl } from '../../shared/domain/external-links';

/** The external opener's allowlist as features see it: hosts to add, and the check. */
export interface LinkAllowlist {
  remember(urls: Iterable<string | null>): void;
  allows(url: string): boolean;
}

/**
 * Hosts the external opener accepts: explorers of the chains the service lists, KYC providers of
 * its vaults, operators' own sites, and a few well-known explorers. Features add hosts as they
 * read the records that name them.
 */
export function createLinkAllowlist(): LinkAllowlist {
  const hosts = new Set<string>(BUILT_IN_LINK_HOSTS);
  return {
    remember(urls) {
      for (const url of urls) {
        const host = url ? hostOf(url) : null;
        if (host) hosts.add(host);
      }
    },
    allows: (url) => isAllowedExternalUrl(url, hosts),
  };
}
