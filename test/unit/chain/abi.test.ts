import { describe, expect, it } from 'vitest';
import { toEventSelector, toFunctionSelector, type AbiEvent, type AbiFunction } from 'viem';
import * as abis from '../../../shared/abi';
import jsonAbis from './abis-json.fixture.json';

/**
 * The contract ABIs are written as human-readable signatures for viem's `parseAbi`. The fixture
 * holds them as they were written before, in the JSON form of the Solidity ABI: every item must
 * stay the same, in the same order. The JSON form spells out defaults that `parseAbi` leaves out
 * (an unnamed parameter's `name: ''`, `indexed: false`, `anonymous: false`), so both sides drop
 * those before they are compared; the selectors are compared as well.
 */
function withoutDefaults(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDefaults);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const isDefault = (key === 'name' && field === '') || ((key === 'indexed' || key === 'anonymous') && field === false);
    if (!isDefault) out[key] = withoutDefaults(field);
  }
  return out;
}

function selectorOf(item: { type: string }): string | null {
  if (item.type === 'function') return toFunctionSelector(item as AbiFunction);
  if (item.type === 'event') return toEventSelector(item as AbiEvent);
  return null;
}

const current = abis as unknown as Record<string, readonly { type: string }[]>;
const before = jsonAbis as Record<string, { type: string }[]>;

describe('contract ABIs', () => {
  it('export the same ABIs as before', () => {
    const names = Object.keys(current).filter((name) => Array.isArray(current[name]));
    expect(names.sort()).toEqual(Object.keys(before).sort());
  });

  describe.each(Object.keys(before))('%s', (name) => {
    it('has the same items in the same order', () => {
      expect(current[name]).toHaveLength(before[name]!.length);
    });

    it.each(before[name]!.map((item, index) => [index, item] as const))('item %i is the same', (index, item) => {
      const now = current[name]![index]!;
      expect(withoutDefaults(now)).toEqual(withoutDefaults(item));
      expect(selectorOf(now)).toBe(selectorOf(item));
    });
  });
});
