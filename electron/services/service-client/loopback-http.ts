import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../../shared/errors';
import { pinnedFetch } from './pinned-fetch';

/**
 * Plain `http://` carries the API key in clear, so it is used only for this machine. A name is not
 * proof of that (`x.localhost` is whatever the resolver says: one that forwards `.localhost`
 * upstream can answer a network address), so every http request resolves its host, requires every
 * address to be loopback, and connects to those addresses only.
 */

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 and ::1 (an IPv4 address written inside IPv6, `::ffff:127.0.0.1`, counts as its IPv4). */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export type HostLookup = (host: string) => Promise<string[]>;
const systemLookup: HostLookup = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((r) => r.address);

/** Refuses plain http to `host` unless every one of `addresses` is this machine's loopback. */
export function assertLoopbackHttp(host: string, addresses: readonly string[]): void {
  const elsewhere = addresses.filter((a) => !isLoopbackAddress(a));
  if (addresses.length > 0 && elsewhere.length === 0) return;
  throw new AppError({
    code: 'SERVICE_BAD_URL',
    message:
      addresses.length === 0
        ? `${host} did not resolve; a plain http:// service address is only used on this machine, so nothing was sent.`
        : `${host} resolves to ${elsewhere.join(', ')}, which is not this machine: over plain http:// the API key would travel in clear, so nothing was sent.`,
    action: 'Use the service’s https:// address, or http://127.0.0.1 for a service on this machine.',
    details: { host, addresses: [...addresses] },
  });
}

/**
 * The `fetch` of a client whose service address is plain http: each request resolves the host,
 * refuses unless every address is loopback, and then connects to exactly those addresses (or, when
 * the caller brought its own fetch already pinned, through it).
 */
export function loopbackOnlyFetch(host: string, inner?: typeof fetch, lookup: HostLookup = systemLookup): typeof fetch {
  const bare = host.replace(/^\[|\]$/g, '');
  // An address written out is where the connection goes: no resolver is asked, nothing to pin.
  if (isIP(bare)) {
    assertLoopbackHttp(bare, [bare]);
    return inner ?? globalThis.fetch;
  }
  return async (input, init) => {
    let addresses: string[];
    try {
      addresses = await lookup(bare);
    } catch {
      addresses = [];
    }
    assertLoopbackHttp(bare, addresses);
    return (inner ?? pinnedFetch({ host: bare, addresses }))(input, init);
  };
}
