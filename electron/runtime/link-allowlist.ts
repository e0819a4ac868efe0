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
 * Only https, no credentials, no port, a plain domain name (no IP address), and the raw string
 * must already be a clean URL: whitespace, control characters or backslashes inside it (which
 * parsers read differently) refuse it. What is opened is the parsed, normalised `URL.href`, never
 * the string the window sent.
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

/** A label of a domain name: letters, digits and inner hyphens (punycode `xn--` included). */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A top-level domain is letters (or punycode): a name ending in digits is an IPv4 address written some other way. */
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * The URL when it is one the console could open: https, no credentials, no port, a domain name of
 * at least two labels. Null otherwise. The raw text must be what it looks like: any character a
 * URL parser would drop or reinterpret (spaces, tabs, newlines, control characters, backslashes)
 * refuses it.
 */
export function cleanHttpsUrl(raw: string): URL | null {
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
  const labels = url.hostname.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !TOP_LEVEL.test(labels.at(-1)!)) return null;
  return url;
}
