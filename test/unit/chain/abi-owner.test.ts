import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toFunctionSelector, toEventSelector, type Abi } from 'viem';
import { erc20Abi, multicall3Abi } from '../../../shared/abi';
import { abiItems } from '../../../shared/abi/pick';
import { relationAbi } from '../../../shared/abi/relations';

/**
 * One owner for the contracts' ABIs: `shared/abi`. A fragment written out again elsewhere (a
 * `parseAbi` list, an ABI object, a selector spelled as hex or from a signature string) drifts from
 * the contract's declaration unseen. The demo world (`electron/demo`) keeps its own view of the demo
 * contracts on purpose: it stands for someone else's chain.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCANNED = ['electron/services', 'electron/runtime', 'electron/main', 'electron/shell', 'electron/preload', 'shared', 'renderer/src', 'scripts', 'test/bench'];
const REDECLARED = [
  { what: 'a parseAbi list', pattern: /parseAbi\(/ },
  { what: 'an ABI item object', pattern: /type: '(function|event|error)'/ },
  { what: 'a selector from a signature string', pattern: /to(Function|Event)Selector\(['`]/ },
  { what: 'a selector spelled as hex', pattern: /'0x[0-9a-fA-F]{8}'/ },
];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('every ABI fragment comes from shared/abi', () => {
  it('no product file, script or bench declares an ABI of its own', () => {
    const found: string[] = [];
    for (const file of SCANNED.flatMap(sources)) {
      if (file.startsWith(join('shared', 'abi'))) continue;
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const { what, pattern } of REDECLARED) if (pattern.test(text)) found.push(`${file}: ${what}`);
    }
    expect(found, 'declare the fragment in shared/abi (or pick it from a contract there with abiItems)').toEqual([]);
  });

  it('the registry reads the relation views as the contracts declare them', () => {
    expect(relationAbi.map((item) => item.name)).toEqual(['token', 'AATranche', 'strategy', 'keyring', 'idleCDOEpoch', 'underlying', 'tranche', 'idleCDO', 'minter', 'decimals', 'symbol']);
  });

  it('the selectors written by hand are the declared calls and events', () => {
    expect(toFunctionSelector(abiItems(multicall3Abi, ['aggregate3'])[0]!)).toBe('0x82ad56cb');
    expect(toFunctionSelector(abiItems(erc20Abi, ['approve'])[0]!)).toBe('0x095ea7b3');
    expect(toEventSelector(abiItems(erc20Abi, ['Transfer'])[0]!)).toBe(toEventSelector('Transfer(address,address,uint256)'));
  });

  it('refuses a name the ABI does not declare exactly once', () => {
    const twice = [...erc20Abi, ...erc20Abi] as Abi;
    expect(() => abiItems(twice, ['approve'])).toThrow(/found 2/);
  });
});
