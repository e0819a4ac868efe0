import { describe, expect, it } from 'vitest';
import { revertsOnFork, type ForkCheckRun, type SimulateRemaining } from '../../../electron/services/signing/fork-check';
import type { ItemSimulation, PlanSimulation } from '../../../shared/simulation';
import { batchItem, batchOf, WALLET } from './batch-fixture';

// The fork check before the device: an item that reverts on the fork is held with the decoded
// reason and the block, the approval before it with it; a simulation that cannot run holds nothing.

const item = batchItem;

function simulated(itemId: string, revert: string | null, ran = true): ItemSimulation {
  return {
    itemId,
    wallet: WALLET,
    chainId: 31337,
    call: 'epochVault.deposit',
    ran,
    ok: revert === null,
    revert: revert === null ? null : { reason: revert, error: { code: 'SIMULATION_REVERTED', message: revert } },
    gasUsed: revert === null ? '50000' : null,
    deltas: [],
    allowances: [],
    events: [],
    truncated: false,
    note: null,
  };
}

function result(
  items: ItemSimulation[],
  method: 'fork' | 'none' = 'fork',
  basis: Omit<ForkCheckRun, 'simulation'> = { basis: 'new' },
): ForkCheckRun {
  return { ...basis, simulation: simulation(items, method) };
}

function simulation(items: ItemSimulation[], method: 'fork' | 'none'): PlanSimulation {
  return {
    planId: 'batch-1',
    simulatedAt: new Date(0).toISOString(),
    status: method === 'fork' ? 'simulated' : 'not-simulated',
    chains: [{ chainId: 31337, method, block: method === 'fork' ? '120' : null, reason: null, fundedGas: [], startMs: 1, runMs: 1 }],
    items,
    totals: { perToken: [], perWallet: [] },
    notes: [],
  };
}

describe('the fork check before the device', () => {
  it('holds a deposit that reverts on the fork with the block and the decoded reason, and the approval that goes with it', async () => {
    const batch = batchOf([
      item('a', { step: 'approve' }),
      item('d', { step: 'depositAA', dependsOn: 'a' }),
      item('x', { state: 'confirmed' }),
    ]);
    let asked: string[] = [];
    const simulate: SimulateRemaining = async (_b, items) => {
      asked = items.map((i) => i.id);
      return result([simulated('a', null), simulated('d', 'EpochVault: paused')]);
    };
    const held = await revertsOnFork(simulate, batch);
    // Only what may still reach the device is run.
    expect(asked).toEqual(['a', 'd']);
    expect(held.get('d')).toBe('Reverts on a fork at block 120: EpochVault: paused.');
    expect(held.get('a')).toBe('Not sent: the step it approves for reverts on a fork at block 120: EpochVault: paused.');
  });

  it('holds nothing when every item passes, when the simulation fails or when no chain could be forked', async () => {
    const batch = batchOf([item('d', { step: 'depositAA' })]);
    expect((await revertsOnFork(async () => result([simulated('d', null)]), batch)).size).toBe(0);
    expect((await revertsOnFork(async () => Promise.reject(new Error('no anvil')), batch)).size).toBe(0);
    expect((await revertsOnFork(async () => result([], 'none'), batch)).size).toBe(0);
  });

  it("says whether it reused the review's simulation or ran the items again on a new fork because the chain moved", async () => {
    const batch = batchOf([item('d', { step: 'depositAA' })]);
    const reused = await revertsOnFork(async () => result([simulated('d', 'EpochVault: paused')], 'fork', { basis: 'review' }), batch);
    expect(reused.get('d')).toBe(
      'Reverts on a fork at block 120, as simulated for the review (the chain has not moved since): EpochVault: paused.',
    );
    const moved = await revertsOnFork(
      async () => result([simulated('d', 'EpochVault: paused')], 'fork', { basis: 'moved', reviewBlocks: { 31337: '118' } }),
      batch,
    );
    expect(moved.get('d')).toBe('Reverts on a new fork at block 120 (the chain moved since the review at block 118): EpochVault: paused.');
  });
});
