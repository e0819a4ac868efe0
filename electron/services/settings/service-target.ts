import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { isLoopbackAddress } from '../service-client/loopback-http';

/**
 * Where a service address leads, before the console connects to it on the window's request: a
 * test of a typed-in address must not let a page make the console reach the machines of the local
 * network or a cloud's metadata address (169.254.169.254) unless the operator means it. This
 * machine's loopback is allowed: that is where a local service or the simulation runs.
 */

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['192.0.0.0', 24],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** An IPv4 address written inside IPv6 (`::ffff:10.0.0.1`) is judged by the IPv4 rules too (BlockList does). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  return PRIVATE.check(address, family) && !isLoopbackAddress(address);
}

export type Lookup = (host: string) => Promise<string[]>;
const systemLookup: Lookup = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((r) => r.address);

/** Where a service URL's host leads: the addresses of one resolution, and those of them that are private. */
interface ServiceTarget {
  /** The URL's host as a connection names it (no IPv6 brackets). */
  host: string;
  /** Every address of the one answer the check judged; empty when the name did not resolve. */
  addresses: string[];
  /** The private or link-local ones among them. */
  privateAddresses: string[];
}

/**
 * Resolves the service URL's host once and judges every address of that answer. The connection
 * must then go to these addresses only (see `pinnedFetch`): a name server that answers a public
 * address to the check and a private one to the connection (DNS rebinding) would otherwise lead
 * the console into the local network after all. A name that does not resolve is left to the
 * connection test itself, which says so.
 */
export async function resolveServiceTarget(serviceUrl: string, lookup: Lookup = systemLookup): Promise<ServiceTarget> {
  const host = new URL(serviceUrl).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await lookup(host);
    } catch {
      addresses = [];
    }
  }
  return { host, addresses, privateAddresses: addresses.filter(isPrivateAddress) };
}

/** The private or link-local addresses the service URL's host is or resolves to (empty when none). */
export async function privateAddressesOf(serviceUrl: string, lookup: Lookup = systemLookup): Promise<string[]> {
  return (await resolveServiceTarget(serviceUrl, lookup)).privateAddresses;
}
