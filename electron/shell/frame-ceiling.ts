import { BUNDLE_MAX_CHARS } from '../../shared/bundles/schemas';

/**
 * The largest WebSocket frame the bridge accepts. The largest input a user really sends is a
 * bundle file of at most 32 MiB of text, carried as a JSON string inside the call frame: its
 * quotes, backslashes and line breaks are escaped, which makes the bundles the console writes
 * about 1.12 times longer on the wire (measured; the test keeps measuring it). A quarter more
 * holds them with room to spare; the contract's theoretical worst (every character escaped six
 * bytes wide, 192 MiB) is no real file, and letting frames that large through let a page push the
 * shell past a gigabyte.
 */
const BRIDGE_ESCAPE_ALLOWANCE = 1.25;
const ENVELOPE_BYTES = 64 * 1024;

export function bridgeFrameCeiling(): number {
  return Math.ceil((BUNDLE_MAX_CHARS + 1) * BRIDGE_ESCAPE_ALLOWANCE) + ENVELOPE_BYTES;
}

/**
 * At most this many bridge connections at once: a tab or two of the console, and a reload while
 * the old one closes. Each may hold a frame of up to the ceiling in memory.
 */
export const MAX_BRIDGE_CONNECTIONS = 4;
