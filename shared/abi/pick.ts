import type { Abi } from 'viem';

/** The names an ABI declares (functions, events and errors). */
type NameOf<TAbi extends Abi> = Extract<TAbi[number], { name: string }>['name'];

/**
 * Items of a protocol ABI picked by name, typed as that ABI's own items: a fragment a reader needs
 * is taken from the contract's one declaration in `shared/abi`, never written out again, so a
 * changed signature changes every reader of it.
 */
export function abiItems<const TAbi extends Abi, const TName extends NameOf<TAbi>>(
  abi: TAbi,
  names: readonly TName[],
): Extract<TAbi[number], { name: TName }>[] {
  return names.map((name) => {
    const found = abi.filter((item) => 'name' in item && item.name === name);
    if (found.length !== 1) throw new Error(`${name}: expected one item of that name in the ABI, found ${found.length}.`);
    return found[0] as Extract<TAbi[number], { name: TName }>;
  });
}
