import { z } from 'zod';

/**
 * The one owner of what an address and a hex string look like on the wire. Schemas everywhere build on
 * these (with `.max()` where an input is bounded); `checkAddress` in `address.ts` adds the checksum rule for
 * what an operator types.
 */
export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

/** True when `value` is a string of 0x and 40 hexadecimal digits (no checksum rule). */
export const isAddressText = (value: unknown): value is `0x${string}` => typeof value === 'string' && ADDRESS_PATTERN.test(value);

/** 0x and 40 hexadecimal digits; `.max(42)` bounds the input before the pattern runs. */
export const AddressSchema = z.string().max(42).regex(ADDRESS_PATTERN, 'an address (0x and 40 hexadecimal digits)');

/** 0x and any number of hexadecimal digits (calldata, signatures, hashes). */
export const HexSchema = z.string().regex(/^0x[0-9a-fA-F]*$/, '0x and hexadecimal digits');
