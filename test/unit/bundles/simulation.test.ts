import { describe, expect, it } from 'vitest';
import {
  bundleSimulationOf,
  bundleText,
  plannerHash,
  readUnsignedBundle,
  seal,
  verifyPlannerSignature,
  type BundleSimulation,
  type UnsignedBundle,
} from '../../../shared/bundles';
import { SIMULATION_LIMITS, type PlanSimulation } from '../../../shared/simulation';
import { fixtureSimulation, makePlan, makeUnsigned, refusalOf, signAsPlanner } from '../../support/bundle-fixture';

// Format version 3: the unsigned bundle carries what the online install's fork simulation computed,
// covered by the planner's signature, bounded and strict like the rest of the bundle.

const simulated = () => makeUnsigned('deposit', undefined, { simulation: (plan) => fixtureSimulation(plan) });

/** The bundle with its simulation changed, signed again by the trusted planner (a consistent planner-side fault). */
function withSimulation(edit: (sim: BundleSimulation, bundle: UnsignedBundle) => void): string {
  const bundle = structuredClone(simulated());
  edit(bundle.simulation!, bundle);
  return bundleText(signAsPlanner(bundle));
}

describe("the planner's simulation in an unsigned bundle", () => {
  it('is carried per transaction, keyed to the bundle items, and read back as written', () => {
    const bundle = simulated();
    expect(bundle.version).toBe(4);
    const { bundle: read } = readUnsignedBundle(bundleText(bundle));
    expect(read.simulation!.chains).toEqual([expect.objectContaining({ method: 'fork', block: '204', chainId: 31337 })]);
    const txIds = read.items.filter((i) => i.kind === 'transaction').map((i) => i.id);
    expect(read.simulation!.items.map((i) => i.itemId)).toEqual(txIds);
    expect(read.simulation!.items.find((i) => i.deltas.length)!.deltas[0]).toMatchObject({ amount: '-250500000', symbol: 'USDC' });
  });

  it('is optional: a bundle without one is read as before', () => {
    const { bundle } = readUnsignedBundle(bundleText(makeUnsigned('deposit')));
    expect(bundle.simulation).toBeUndefined();
  });

  it('is covered by the plan hash: changed after the planner signed, the signature no longer matches', async () => {
    const bundle = simulated();
    const changed = structuredClone(bundle);
    changed.simulation!.items[1]!.deltas[0]!.amount = '-1';
    expect(plannerHash(changed)).not.toBe(plannerHash(bundle));
    // Sealed again without the planner's key: the bundle's own checks pass, the signature does not.
    const { bundle: read } = readUnsignedBundle(bundleText(seal<UnsignedBundle>(changed)));
    await expect(verifyPlannerSignature(read)).rejects.toMatchObject({
      code: 'BUNDLE_PLANNER_SIGNATURE',
      message: expect.stringContaining('changed after its planner signed it'),
    });
    // Removing it is a change too.
    const removed = structuredClone(bundle);
    delete removed.simulation;
    await expect(verifyPlannerSignature(readUnsignedBundle(bundleText(seal<UnsignedBundle>(removed))).bundle)).rejects.toMatchObject({
      code: 'BUNDLE_PLANNER_SIGNATURE',
    });
  });

  it('refuses a result for an item the bundle does not hold, naming it (a fault of the planner)', () => {
    const err = refusalOf(() =>
      readUnsignedBundle(
        withSimulation((sim) => {
          sim.items[0]!.itemId = '099-not-in-the-plan';
        }),
      ),
    );
    expect(err.code).toBe('BUNDLE_SIMULATION_MISMATCH');
    expect(err.message).toContain('099-not-in-the-plan');
    expect(err.message).toContain('not a transaction of this bundle');
    expect(err.action).toContain('Do not sign');
  });

  it('refuses a result given twice, from another wallet, on another chain, or of another plan', () => {
    const codes = [
      withSimulation((sim) => sim.items.push(structuredClone(sim.items[0]!))),
      withSimulation((sim) => (sim.items[0]!.wallet = '0x000000000000000000000000000000000000dEaD')),
      withSimulation((sim) => (sim.items[0]!.chainId = 1)),
      withSimulation((sim) => (sim.planId = 'plan-of-something-else')),
    ].map((text) => refusalOf(() => readUnsignedBundle(text)));
    expect(codes.map((c) => c.code)).toEqual(Array(4).fill('BUNDLE_SIMULATION_MISMATCH'));
    expect(codes[0]!.message).toMatch(/two results for Transaction 1/);
    expect(codes[1]!.message).toContain('0x000000000000000000000000000000000000dEaD');
    expect(codes[2]!.message).toContain('chain 1');
    expect(codes[3]!.message).toContain('plan-of-something-else');
  });

  it('keeps its lists within their bounds: a hostile bundle cannot grow them', () => {
    const err = refusalOf(() =>
      readUnsignedBundle(
        withSimulation((sim) => {
          const d = sim.items[1]!.deltas[0]!;
          sim.items[1]!.deltas = Array.from({ length: SIMULATION_LIMITS.deltasPerItem + 1 }, () => ({ ...d }));
        }),
      ),
    );
    expect(err.code).toBe('BUNDLE_SCHEMA');
    expect(err.message).toContain('simulation.items.1.deltas');
    const long = refusalOf(() => readUnsignedBundle(withSimulation((sim) => (sim.notes = ['x'.repeat(SIMULATION_LIMITS.text + 1)]))));
    expect(long).toMatchObject({ code: 'BUNDLE_SCHEMA', message: expect.stringContaining('simulation.notes.0') });
  });

  it('is strict: a field the format does not have is refused, at any depth', () => {
    const top = refusalOf(() => readUnsignedBundle(withSimulation((sim) => Object.assign(sim, { verdict: 'safe to sign' }))));
    expect(top).toMatchObject({ code: 'BUNDLE_SCHEMA', message: expect.stringContaining('simulation') });
    const deep = refusalOf(() => readUnsignedBundle(withSimulation((sim) => Object.assign(sim.items[1]!.deltas[0]!, { usd: '250' }))));
    expect(deep).toMatchObject({ code: 'BUNDLE_SCHEMA', message: expect.stringContaining('simulation.items.1.deltas.0') });
  });

  it('copies only the listed fields of a simulation, and says "not simulated" when a result does not fit', () => {
    const plan = makePlan('deposit');
    const sim = fixtureSimulation(plan, { reverts: 1 }) as PlanSimulation;
    sim.items[1]!.revert!.error = { ...sim.items[1]!.revert!.error, details: { raw: '0xdeadbeef' } };
    const copied = bundleSimulationOf(sim, [31337]);
    expect(copied.items[1]!.revert!.error).toEqual({
      code: 'SIMULATION_REVERTED',
      message: 'The vault is not taking deposits now.',
      action: 'Plan again once its epoch opens.',
    });
    const tooLong = structuredClone(sim);
    tooLong.items[0]!.call = 'x'.repeat(200);
    expect(bundleSimulationOf(tooLong, [31337])).toMatchObject({
      status: 'not-simulated',
      items: [],
      chains: [{ chainId: 31337, method: 'none', reason: expect.stringContaining('does not fit in a bundle') }],
    });
  });
});
