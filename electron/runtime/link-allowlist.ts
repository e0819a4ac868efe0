import { parse as parseHost } from 'tldts';
import { BUILT_IN_LINK_HOSTS } from '../../shared/domain/external-links';

/** The external opener's allowlist as features see it: hosts the service names, and the check. */
export interface LinkAllowlist {
  /** URLs the service named (KYC pages, explorers, operators' sites): their hosts may be opened. */
  remember(urls: Iterable<string | null>): void;
  /** The normalised address to hand to the browser, or null when the link is refused. */
  check(url: string): string | null;
  allows(url: string): boolean;
  /** The hosts added from the service's records, for the operator to see. */
  namedByService(): string[];
}

/**
 * Which links the console hands to the operating system's browser, in two lists:
 * - fixed: the block explorers the console knows (and their subdomains, e.g. sepolia.etherscan.io);
 * - named by the service: the exact host of an https URL in its records, nothing under or above it.
 *   A service record that names `http://evil.example/kyc` adds nothing; `https://io` (no
 *   registrable name) adds nothing; `https://kyc.example` makes only kyc.example openable, never
 *   every *.example.
 * Only https, no credentials, no port, a registrable domain name per the public-suffix list (no IP
 * address, no bare suffix), and the raw string must already be a clean URL: whitespace, control
 * characters or backslashes inside it (which parsers read differently) refuse it. What is opened is
 * the parsed, normalised `URL.href`, never the string the window sent.
 */
export function createLinkAllowlist(): LinkAllowlist {
  const fixed = new Set<string>(BUILT_IN_LINK_HOSTS.map((h) => h.toLowerCase()));
  const named = new Set<string>();
  const onFixedList = (host: string) => [...fixed].some((f) => host === f || host.endsWith(`.${f}`));
  const check = (url: string): string | null => {
    const parsed = cleanHttpsUrl(url);
    if (!parsed) return null;
    return onFixedList(parsed.hostname) || named.has(parsed.hostname) ? parsed.href : null;
  };

  return {
    remember(urls) {
      for (const url of urls) {
        const parsed = url ? cleanHttpsUrl(url) : null;
        if (parsed && !onFixedList(parsed.hostname)) named.add(parsed.hostname);
      }
    },
    check,
    // Handed around as a bare function (features pass `links.allows` to their views): no `this`.
    allows: (url) => check(url) !== null,
    namedByService: () => [...named].sort(),
  };
}

/**
 * Hosts a service may name that are not on the public-suffix list: the reserved documentation
 * names of RFC 2606 (`*.example`), which never resolve on the internet and which the embedded
 * simulation's records use. Every other unlisted name (`.localhost`, `.local`, `.internal`,
 * `printer.lan`) may lead to this machine or the local network, so it is refused.
 */
const DOCUMENTATION_SUFFIXES = new Set(['example']);

/**
 * The URL when it is one the console could open: https, no credentials, no port, and a host that
 * is a registrable domain or a name under one, per the public-suffix list (tldts). Null otherwise.
 * - No IP address, in any spelling the URL parser accepts (`10.0.0.1`, `0x7f000001`, `[::1]`).
 * - No bare suffix: `io`, `co.uk`, and the private suffixes shared hosts register (`github.io`,
 *   `s3.amazonaws.com`) name every site under them, not one. A name under a private suffix
 *   (`project.github.io`) is one tenant's own site and may be named; matching is by exact host,
 *   so it never opens its neighbours.
 * - No internationalised name (punycode `xn--` labels): the console cannot tell `pаypal.com` with a
 *   Cyrillic "а" from the real site, and explorers and KYC providers use plain ASCII names.
 * - Letters, digits and hyphens only; no trailing dot (`etherscan.io.` is a different origin to a
 *   browser, and a way round exact matching).
 * The raw text must be what it looks like: any character a URL parser would drop or reinterpret
 * (spaces, tabs, newlines, control characters, backslashes) refuses it.
 */
function cleanHttpsUrl(raw: string): URL | null {
  // eslint-disable-next-line no-control-regex -- control characters are what is being refused
  if (raw.length > 2048 || /[\u0000-\u0020\u007f-\u009f\\\u00a0\u2028\u2029]/.test(raw)) return null;
  if (!/^https:\/\//i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return null;
  return isRegistrableHost(url.hostname) ? url : null;
}

/** Whether a (parsed, lower-case) host names one site: see `cleanHttpsUrl`. */
function isRegistrableHost(hostname: string): boolean {
  // Letters, digits and hyphens only (no `_`, no empty label, no trailing dot), and no punycode.
  if (!/^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/.test(hostname) || hostname.split('.').some((label) => label.startsWith('xn--'))) return false;
  const site = parseHost(hostname, { allowPrivateDomains: true });
  if (site.isIp !== false || site.domain === null || site.hostname !== hostname) return false;
  return site.isIcann === true || site.isPrivate === true || DOCUMENTATION_SUFFIXES.has(site.publicSuffix ?? '');
}
