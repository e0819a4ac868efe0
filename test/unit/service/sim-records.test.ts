import { describe, expect, it } from 'vitest';
import { generateDataset, validateStore } from '../../../electron/demo/service';
import { LIST_ITEMS } from '../../../electron/demo/service/records';
import { SIM_RESOURCE_NAMES, SIM_RESOURCES } from '../../../electron/demo/service/resources';
import { RESOURCES, type ResourceName } from '../../../shared/service';

/** The simulation checks what it stores with its own record descriptions, written from the spec. */

const now = Date.UTC(2026, 10, 1);

describe('the record checks of the simulated service', () => {
  it('report a stored record that is not what the spec describes, with its path', () => {
    const store = generateDataset({ seed: 4, wallets: 5, now });
    const [vault, other] = store.vaults.all();
    const [token] = store.tokens.all();
    const [request] = store.vaultRequests.all();
    store.vaults.update(vault!._id, { address: '0x1234' });
    store.vaults.update(other!._id, { visibility: 'PRIVATE' as never });
    store.tokens.update(token!._id, { decimals: '6' as never });
    store.vaultRequests.update(request!._id, { amount: '1.5' });
    const problems = validateStore(store);
    expect(problems).toHaveLength(4);
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^vaults ${vault!._id}: address `)));
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^vaults ${other!._id}: visibility `)));
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^tokens ${token!._id}: decimals `)));
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^vaultRequests ${request!._id}: amount `)));
  });

  it('keep fields the spec does not name, and accept any ISO date form', () => {
    const check = LIST_ITEMS.vaults.check;
    const vault = generateDataset({ seed: 4, wallets: 0, now }).vaults.all()[0]!;
    expect(check.safeParse({ ...vault, somethingNew: { a: 1 }, createdAt: '2026-11-01T12:00:00+02:00' }).success).toBe(true);
    expect(check.safeParse({ ...vault, createdAt: 'yesterday' }).success).toBe(false);
  });

  it("serve in strict mode what the console's client has always read: the same routes and filters, records its schemas accept", () => {
    expect(SIM_RESOURCE_NAMES.sort()).toEqual(Object.keys(RESOURCES).sort());
    for (const name of Object.keys(RESOURCES) as ResourceName[]) {
      const { path, notFoundCode, byId, filters, sorts } = RESOURCES[name];
      const sim = SIM_RESOURCES[name];
      expect({ path: sim.path, notFoundCode: sim.notFoundCode, byId: sim.byId }, name).toEqual({ path, notFoundCode, byId });
      // The same parameters: each field in the same form, with the same operators.
      const forms = (table: Record<string, { eq?: string; ops?: readonly string[] }>) =>
        Object.fromEntries(Object.entries(table).map(([field, f]) => [field, `${f.eq ?? '-'} ${[...(f.ops ?? [])].sort().join(',')}`]));
      expect(forms(sim.filters), name).toEqual(forms(filters));
      expect(Object.keys(sim.sorts).sort(), name).toEqual([...sorts].sort());
    }
    const store = generateDataset({ seed: 9, wallets: 60, now });
    for (const name of SIM_RESOURCE_NAMES) {
      for (const record of store.servedCollection(name)?.values() ?? []) {
        const parsed = RESOURCES[name].schema.safeParse(record);
        expect(parsed.success, `${name} ${record._id}: ${parsed.error?.issues[0]?.message ?? ''}`).toBe(true);
      }
    }
  });
});
