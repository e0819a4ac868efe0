import { describe, expect, it } from 'vitest';
import { bundleText, draftUnsignedBundle, plannerHash, readUnsignedBundle } from '../../../shared/bundles';
import { planFromBundle } from '../../../electron/services/bundles/plan-from-bundle';
import { FIXTURE_CREATED_AT, makePlan, makeSnapshot, makeUnsigned, signAsPlanner } from '../../support/bundle-fixture';

// A batch's name travels in an unsigned bundle (plan.name, optional within version 4): a bundle
// without one reads as before, byte for byte; one with a name has it under the planner's signature
// and gives it to the plan reviewed offline.
describe("a batch's name in a bundle", () => {
  it('is carried into the plan reviewed offline, inside the plan hash the planner signs', () => {
    const plan = makePlan('deposit');
    const named = { ...plan, selection: { ...plan.selection, name: 'Desk A top-up' } };
    const unnamed = signAsPlanner(draftUnsignedBundle(plan, makeSnapshot(plan), FIXTURE_CREATED_AT));
    const bundle = signAsPlanner(draftUnsignedBundle(named, makeSnapshot(named), FIXTURE_CREATED_AT));
    expect(bundle.plan.name).toBe('Desk A top-up');
    expect(plannerHash(bundle)).not.toBe(plannerHash(unnamed));
    const read = readUnsignedBundle(bundleText(bundle));
    expect(planFromBundle(read.bundle, read.checksum, 'b.json').selection.name).toBe('Desk A top-up');
  });

  it('is absent from a bundle without one, which reads as a version-4 bundle always did', () => {
    const bundle = makeUnsigned('deposit');
    expect(bundle.plan).not.toHaveProperty('name');
    expect(bundleText(bundle)).not.toContain('"name":"Desk');
    const read = readUnsignedBundle(bundleText(bundle));
    expect(planFromBundle(read.bundle, read.checksum, null).selection).not.toHaveProperty('name');
  });
});
