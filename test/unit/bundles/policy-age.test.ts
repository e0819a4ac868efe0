import { describe, expect, it } from 'vitest';
import { checkPolicy, DEFAULT_OFFLINE_POLICY, OfflinePolicyFileSchema, policyLines } from '../../../shared/bundles/policy';
import { makeUnsigned, refusalOf } from '../../support/bundle-fixture';

// A bundle's nonces, fees and the state it was planned on age with it: the offline install refuses
// one older than its policy allows (7 days unless the operator sets another age), measured from the
// creation time its planner signed.

const created = '2026-11-20T08:00:00.000Z';
const bundle = makeUnsigned('deposit', undefined, { createdAt: created });
const at = (iso: string) => new Date(iso);

describe("the policy's bundle age", () => {
  it('refuses a bundle older than 7 days by default, with its age, its creation time and the limit', () => {
    const refusal = refusalOf(() => checkPolicy(bundle, DEFAULT_OFFLINE_POLICY, at('2026-11-28T11:00:00.000Z')));
    expect(refusal.code).toBe('BUNDLE_POLICY');
    expect(refusal.message).toContain('max bundle age: the limit is 7 days');
    expect(refusal.message).toContain('has an age of 8 days 3 hours');
    expect(refusal.message).toContain('created 2026-11-20 08:00 UTC');
    expect(refusal.action).toContain('plan it again on the online install');
  });

  it('accepts one within the limit, and applies the limit the operator set', () => {
    expect(() => checkPolicy(bundle, DEFAULT_OFFLINE_POLICY, at('2026-11-27T07:59:00.000Z'))).not.toThrow();
    const oneDay = { ...DEFAULT_OFFLINE_POLICY, maxBundleAgeDays: 1 };
    expect(refusalOf(() => checkPolicy(bundle, oneDay, at('2026-11-21T09:00:00.000Z'))).message).toContain('the limit is 1 day; the bundle');
    expect(policyLines(oneDay)).toContain('bundles at most 1 day old');
  });

  it('refuses a bundle made later than this install says is now: one of the clocks is wrong', () => {
    const refusal = refusalOf(() => checkPolicy(bundle, DEFAULT_OFFLINE_POLICY, at('2026-11-18T08:00:00.000Z')));
    expect(refusal.code).toBe('BUNDLE_POLICY');
    expect(refusal.message).toContain("was made 2 days after this install's clock");
    expect(refusal.action).toContain('date and time');
    // A few hours ahead is two clocks that differ a little.
    expect(() => checkPolicy(bundle, DEFAULT_OFFLINE_POLICY, at('2026-11-20T05:00:00.000Z'))).not.toThrow();
  });

  it('reads a policy saved before the rule existed with the default age', () => {
    const { maxBundleAgeDays: _m, ...older } = DEFAULT_OFFLINE_POLICY;
    expect(OfflinePolicyFileSchema.parse({ schemaVersion: 1, policy: older }).policy.maxBundleAgeDays).toBe(7);
    expect(OfflinePolicyFileSchema.safeParse({ schemaVersion: 1, policy: { ...older, maxBundleAgeDays: 0 } }).success).toBe(false);
  });
});
