import { beforeAll, describe, expect, it } from 'vitest';
import type { Abi } from 'viem';
import { compileContracts, type Artifacts } from '../../../electron/demo/contracts/compile';
import { GENERATION_CONTRACTS, type SimGeneration } from '../../../electron/demo/contracts/generations';
import { DEMO_PLUMBING, NOT_MODELED } from '../../../electron/demo/contracts/not-modeled';
import * as sim from '../../../electron/demo/chain/simAbi';
import { GENERATIONS, signatureOf as listedSignature } from '../../../shared/abi/generations';

// Each demo contract presents its generation's real interface: every real signature except the
// ones not-modeled.ts lists with a reason, and nothing the generation lacks.

/** One ABI item in the generation lists' form (the lists' own writer), or undefined for what they do not list. */
const signatureOf = (item: Abi[number]): string | undefined =>
  item.type === 'function' || item.type === 'event' || item.type === 'error' ? listedSignature(item as never) : undefined;

const signatures = (abi: Abi): Set<string> => new Set(abi.map(signatureOf).filter((s): s is string => s !== undefined));

let artifacts: Artifacts;

beforeAll(() => {
  artifacts = compileContracts().artifacts;
}, 120_000);

const realList = (generation: SimGeneration): readonly string[] => GENERATIONS[generation].signatures;

describe('each demo contract presents its generation', () => {
  for (const generation of Object.keys(GENERATION_CONTRACTS) as SimGeneration[]) {
    const contract = GENERATION_CONTRACTS[generation];
    it(`${generation} (${contract}) has every real signature but the ones listed as not modelled`, () => {
      const real = realList(generation);
      const ours = signatures(artifacts[contract].abi);
      const notModeled = NOT_MODELED[generation];
      expect(real.filter((s) => !ours.has(s) && !(s in notModeled))).toEqual([]);
      // The list holds only what the generation has and the demo lacks.
      expect(Object.keys(notModeled).filter((s) => !real.includes(s) || ours.has(s))).toEqual([]);
    });

    it(`${generation} (${contract}) has nothing the generation lacks`, () => {
      const real = new Set(realList(generation));
      const plumbing = new Set(DEMO_PLUMBING[generation]);
      expect([...signatures(artifacts[contract].abi)].filter((s) => !real.has(s) && !plumbing.has(s))).toEqual([]);
    });
  }

  it('the cases that tell the generations apart', () => {
    const has = (contract: keyof Artifacts, signature: string) => signatures(artifacts[contract].abi).has(signature);
    expect(has('EpochVault2026', 'function maxWithdrawableInstant(address,address) view returns (uint256)')).toBe(false);
    expect(has('EpochVaultV4', 'function maxWithdrawableInstant(address,address) view returns (uint256)')).toBe(true);
    expect(has('CreditStrategyV1', 'function unscaledApr() view returns (uint256)')).toBe(false);
    expect(has('DepositQueueV2', 'function requestWithdraw(uint256)')).toBe(false);
    expect(has('EpochQueueV1', 'function idleCDOEpoch() view returns (address)')).toBe(true);
    expect(has('EpochQueueV1', 'function epochVault() view returns (address)')).toBe(false);
    expect(has('EpochVaultPrefunded2026', 'function depositDuringEpoch(uint256,address) pure returns (uint256)')).toBe(true);
  });
});

describe("the simulation's own ABIs call only what each generation has", () => {
  const CASES: [string, Abi, SimGeneration[]][] = [
    ['simVaultAbi', sim.simVaultAbi, ['CDO_EPOCH_MAIN_V1', 'CDO_EPOCH_MAIN_V3', 'CDO_EPOCH_MAIN_V4', 'CDO_EPOCH_MAIN_2026', 'CDO_EPOCH_PREFUNDED_2026']],
    ['legacyVaultAbi', sim.legacyVaultAbi, ['CDO_EPOCH_MAIN_V1', 'CDO_EPOCH_MAIN_V3', 'CDO_EPOCH_MAIN_V4']],
    ['vault2026Abi', sim.vault2026Abi, ['CDO_EPOCH_MAIN_2026']],
    ['prefundedVaultAbi', sim.prefundedVaultAbi, ['CDO_EPOCH_PREFUNDED_2026']],
    ['simQueueAbi', sim.simQueueAbi, ['CDO_EPOCH_DEPOSIT_QUEUE_V1', 'CDO_EPOCH_DEPOSIT_QUEUE_V2', 'CDO_EPOCH_QUEUE_2026']],
    ['queueWithdrawAbi', sim.queueWithdrawAbi, ['CDO_EPOCH_DEPOSIT_QUEUE_V1', 'CDO_EPOCH_QUEUE_2026']],
    ['queue2026Abi', sim.queue2026Abi, ['CDO_EPOCH_QUEUE_2026']],
    ['simStrategyAbi', sim.simStrategyAbi, ['CDO_EPOCH_STRATEGY_MAIN_V1', 'CDO_EPOCH_STRATEGY_MAIN_V2', 'CDO_EPOCH_STRATEGY_2026']],
    ['strategyUnscaledAbi', sim.strategyUnscaledAbi, ['CDO_EPOCH_STRATEGY_MAIN_V2', 'CDO_EPOCH_STRATEGY_2026']],
    ['strategy2026Abi', sim.strategy2026Abi, ['CDO_EPOCH_STRATEGY_2026']],
    ['writeOffAbi', sim.writeOffAbi, ['CDO_EPOCH_WRITEOFF_V1']],
  ];
  for (const [name, abi, generations] of CASES) {
    for (const generation of generations) {
      it(`${name} ⊂ ${generation}`, () => {
        const compiled = signatures(artifacts[GENERATION_CONTRACTS[generation]].abi);
        expect([...signatures(abi)].filter((s) => !compiled.has(s))).toEqual([]);
      });
    }
  }
});
