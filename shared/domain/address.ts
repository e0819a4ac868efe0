import { getAddress, isAddress } from 'viem';
import { ADDRESS_PATTERN } from './hex';

type CheckedAddress = { ok: true; address: `0x${string}` } | { ok: false; reason: string };

/**
 * Checks an address the way a careful operator would: 20 bytes of hex; a mixed-case address must
 * carry a valid EIP-55 checksum (a typo in one letter is caught); an all-lower or all-upper one is
 * accepted and returned checksummed.
 */
export function checkAddress(input: string): CheckedAddress {
  const text = input.trim();
  if (!ADDRESS_PATTERN.test(text)) {
    return { ok: false, reason: 'An address is 0x followed by 40 hexadecimal characters.' };
  }
  const body = text.slice(2);
  const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (mixed && !isAddress(text, { strict: true })) {
    return { ok: false, reason: 'The checksum (the mix of upper and lower case) is wrong: check the address for a typo.' };
  }
  return { ok: true, address: getAddress(text.toLowerCase()) };
}

export function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
