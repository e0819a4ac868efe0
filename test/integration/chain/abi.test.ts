import { describe, expect, it } from 'vitest';
import { toEventSelector, toFunctionSelector, type Abi, type AbiParameter } from 'viem';
import { compileContracts, type ContractName } from '../../../electron/demo/contracts/compile';
import { epochQueueAbi, epochVaultAbi, erc20Abi, keyringAbi, multicall3Abi, strategyAbi } from '../../../shared/abi';
import { abiFor, generationsOf } from '../../../shared/abi/generations';
import { GENERATION_CONTRACTS } from '../../../electron/demo/contracts/generations';

type Item = Abi[number];

function signature(item: Item): string {
  const type = (p: AbiParameter): string =>
    'components' in p && p.components ? `(${p.components.map(type).join(',')})${p.type.slice(5)}` : p.type;
  const inputs = 'inputs' in item ? item.inputs.map(type).join(',') : '';
  return `${'name' in item ? item.name : ''}(${inputs})`;
}

function selectorOf(item: Item): string {
  if (item.type === 'event') return toEventSelector(signature(item));
  return toFunctionSelector(signature(item));
}

function entries(abi: Abi): Map<string, Item> {
  const map = new Map<string, Item>();
  for (const item of abi) {
    if (item.type === 'function' || item.type === 'event' || item.type === 'error') {
      map.set(`${item.type} ${selectorOf(item)}`, item);
    }
  }
  return map;
}

/** Per generation, the part of a console ABI the console uses on it (`abiFor`), against the demo contract that plays it. */
const perGeneration = (view: string, abi: Abi, kind: 'epochVault' | 'queue' | 'strategy') =>
  generationsOf(kind).map((g) => ({ view: `${view} for ${g}`, abi: abiFor(g, abi) as Abi, contracts: [GENERATION_CONTRACTS[g] as ContractName] }));

const CASES: { view: string; abi: Abi; contracts: ContractName[] }[] = [
  ...perGeneration('epochVaultAbi', epochVaultAbi, 'epochVault'),
  ...perGeneration('strategyAbi', strategyAbi, 'strategy'),
  ...perGeneration('epochQueueAbi', epochQueueAbi, 'queue'),
  { view: 'erc20Abi', abi: erc20Abi, contracts: ['MintableToken', 'Tranche'] },
  { view: 'keyringAbi', abi: keyringAbi, contracts: ['Keyring'] },
  { view: 'multicall3Abi', abi: multicall3Abi, contracts: ['Multicall3'] },
];

describe('shared/abi matches the compiled contracts', () => {
  const { artifacts } = compileContracts();

  for (const { view, abi, contracts } of CASES) {
    for (const contract of contracts) {
      it(`every function, event and error of ${view} exists in ${contract} with the same selector and outputs`, () => {
        const compiled = entries(artifacts[contract].abi);
        const missing: string[] = [];
        for (const [key, item] of entries(abi)) {
          const match = compiled.get(key);
          if (!match) {
            missing.push(`${item.type} ${signature(item)}`);
            continue;
          }
          if (item.type === 'function' && match.type === 'function') {
            expect(
              match.outputs.map((o) => o.type),
              signature(item),
            ).toEqual(item.outputs.map((o) => o.type));
            expect(match.stateMutability, signature(item)).toBe(item.stateMutability);
          }
          if (item.type === 'event' && match.type === 'event') {
            expect(
              match.inputs.map((i) => i.indexed ?? false),
              signature(item),
            ).toEqual(item.inputs.map((i) => i.indexed ?? false));
          }
        }
        expect(missing).toEqual([]);
      });
    }
  }

  it('uses the selectors the real protocol and the canonical Multicall3 answer to', () => {
    // Selectors of well-known signatures: a renamed argument type would change them.
    expect(toFunctionSelector(signature(multicall3Abi.find((i) => i.name === 'aggregate3')!))).toBe('0x82ad56cb');
    expect(toFunctionSelector('depositAA(uint256)')).toBe(
      selectorOf(epochVaultAbi.find((i) => i.type === 'function' && i.name === 'depositAA')!),
    );
    expect(toFunctionSelector('transfer(address,uint256)')).toBe('0xa9059cbb');
    expect(selectorOf(erc20Abi.find((i) => i.type === 'event' && i.name === 'Transfer')!)).toBe(
      '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
    );
  });

  it('a second compile of unchanged sources is served from the cache', () => {
    const again = compileContracts();
    expect(again.compiled).toBe(false);
    expect(again.artifacts.EpochVaultV4.bytecode).toBe(artifacts.EpochVaultV4.bytecode);
  });
});
