import { describe, expect, it } from 'vitest';
import type { Abi } from 'viem';
import * as sim from '../../../electron/demo/chain/simAbi';
import { epochQueueAbi, epochVaultAbi, strategyAbi } from '../../../shared/abi';

// The demo calls the protocol's contracts through the console's declarations in shared/abi: a call
// both make is declared once, so a changed signature changes the demo's call with the console's.

const CONTRACTS: [string, Abi, Abi[]][] = [
  ['epoch vault', epochVaultAbi, [sim.simVaultAbi, sim.legacyVaultAbi, sim.vault2026Abi, sim.prefundedVaultAbi]],
  ['queue', epochQueueAbi, [sim.simQueueAbi, sim.queueWithdrawAbi, sim.queue2026Abi]],
  ['strategy', strategyAbi, [sim.simStrategyAbi, sim.strategyUnscaledAbi, sim.strategy2026Abi]],
];

const named = (item: Abi[number]): string | undefined => ('name' in item ? `${item.type} ${item.name}` : undefined);

describe("the demo's view of each contract", () => {
  for (const [contract, declared, demoAbis] of CONTRACTS) {
    it(`takes every ${contract} item shared/abi declares from there`, () => {
      const byName = new Map(declared.map((item) => [named(item), item]));
      const demoItems = demoAbis.flat().filter((item) => byName.has(named(item)));
      expect(demoItems.length).toBeGreaterThan(0);
      for (const item of demoItems) expect(item, named(item)).toEqual(byName.get(named(item)));
    });
  }
});
