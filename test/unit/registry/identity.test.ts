import { describe, expect, it } from 'vitest';
import { identityCollisions, nameKey, sideBySideLines, type AnnouncedVault } from '../../../shared/registry/identity';
import type { ContractSet, PinnedVault } from '../../../shared/registry/schemas';
import { contractSetAt, numberedAddress as a, pinnedVault } from '../../support/pinned-vault';

// The collision rule of vault identities (issue 31, finding 2): a vault announced for the first
// time is refused when it is taken for one already in the registry, and the demo's own catalog
// (several vaults around one USDC on one chain) is never refused.

const USDC = a(0xc0);
const DAI = a(0xda1);
/** The one keyring every vault of these tests shares: the rule never compares keyrings (each epoch vault names its own). */
const KEYRING = a(0x6e);

/** A vault's set, its contracts numbered from `base` (so two sets share nothing but what a test gives them). */
const setAt = (base: number, underlying = USDC, patch: Partial<ContractSet> = {}): ContractSet =>
  contractSetAt(base, underlying, { keyring: KEYRING, ...patch });

const announced = (vaultId: string, name: string, contracts: ContractSet, chainId = 31337): AnnouncedVault => ({
  vaultId,
  name,
  chainId,
  contracts,
});

const ALPHA = pinnedVault('alpha-id', 'Alpha Credit USDC', setAt(0x100));
const UNLISTED = { at: '2026-11-05T00:00:00.000Z', proposed: null, reason: 'unlisted' as const };

describe('nameKey: names that read the same are one name', () => {
  it.each([
    ['alpha credit usdc'],
    ['  ALPHA  CREDIT  USDC '],
    ['Alpha-Credit USDC'],
    ['Alpha Credit USDC\u200b'],
    ['\u0410lpha Credit USDC'], // Cyrillic А
    ['A1pha Credit USDC'],
    ['Àlpha Credit USDC'],
    ['Ａｌｐｈａ Credit USDC'], // full-width
  ])('%j reads as "Alpha Credit USDC"', (name) => {
    expect(nameKey(name)).toBe(nameKey('Alpha Credit USDC'));
  });

  it('keeps the demo vaults apart', () => {
    const names = [
      'Alpha Credit USDC',
      'Beta Credit USDC',
      'Gamma Credit USDT',
      'Delta Credit USDC',
      'Epsilon Credit DAI',
      'Zeta Credit DAI',
      'Eta Credit USDT',
      'Theta Credit USDC',
      'Iota Credit USDT',
      'Kappa Credit DAI',
    ];
    expect(new Set(names.map(nameKey)).size).toBe(names.length);
    expect(nameKey('Alpha Credit USDC 2')).not.toBe(nameKey('Alpha Credit USDC'));
  });
});

describe('identityCollisions', () => {
  it("the attack: Alpha's name under a new id with another real set around the same USDC", () => {
    const hidden = { ...ALPHA, frozen: UNLISTED };
    const [collision, ...more] = identityCollisions(announced('beta-id', 'Alpha Credit USDC', setAt(0x200)), [hidden], { firstSeen: true });
    expect(more).toEqual([]);
    expect(collision!.entry.vaultId).toBe('alpha-id');
    expect(collision!.reasons).toEqual([{ kind: 'name' }, { kind: 'underlying', address: USDC }]);
    // The name alone refuses it while Alpha is still listed, and on another chain too.
    expect(identityCollisions(announced('beta-id', 'alpha credit usdc', setAt(0x200)), [ALPHA], { firstSeen: true })[0]!.reasons).toEqual([
      { kind: 'name' },
    ]);
    expect(identityCollisions(announced('x', 'Alpha Credit USDC', setAt(0x200, DAI), 31338), [ALPHA], { firstSeen: true })).toHaveLength(1);
  });

  it('refuses a newcomer with one of the entry’s contracts, in any role, on the same chain', () => {
    const cases: [Partial<ContractSet>, string[], string[]][] = [
      [{ tranche: ALPHA.contracts.tranche }, ['tranche'], ['tranche']],
      [{ epochVault: ALPHA.contracts.epochVault }, ['epochVault'], ['epochVault']],
      [{ strategy: ALPHA.contracts.strategy }, ['strategy'], ['strategy']],
      // The pinned vault's queue named as the newcomer's withdraw queue only.
      [{ withdrawQueue: ALPHA.contracts.queue }, ['withdrawQueue'], ['queue', 'withdrawQueue']],
      [{ queue: ALPHA.contracts.queue, withdrawQueue: ALPHA.contracts.queue }, ['queue', 'withdrawQueue'], ['queue', 'withdrawQueue']],
    ];
    for (const [patch, roles, pinnedRoles] of cases) {
      const found = identityCollisions(announced('new', 'Omega Credit USDC', setAt(0x300, USDC, patch)), [ALPHA], { firstSeen: true });
      expect(
        found.map((c) => c.reasons),
        JSON.stringify(patch),
      ).toEqual([[{ kind: 'contract', address: Object.values(patch)[0], roles, pinnedRoles }]]);
    }
    // The same address on another chain is another contract.
    expect(
      identityCollisions(announced('new', 'Omega', setAt(0x300, USDC, { tranche: ALPHA.contracts.tranche }), 31338), [ALPHA], {
        firstSeen: true,
      }),
    ).toEqual([]);
  });

  it('takes a newcomer around the same token on the same chain for a frozen entry only', () => {
    const newcomer = announced('new', 'Alpha Credit USDC v2', setAt(0x400));
    expect(identityCollisions(newcomer, [ALPHA], { firstSeen: true })).toEqual([]);
    for (const frozen of [UNLISTED, { at: '2026-11-05T00:00:00.000Z', proposed: setAt(0x500), reason: 'contracts-changed' as const }]) {
      expect(identityCollisions(newcomer, [{ ...ALPHA, frozen }], { firstSeen: true })[0]!.reasons).toEqual([
        { kind: 'underlying', address: USDC },
      ]);
      // A vault pinned already keeps working beside its frozen sibling.
      expect(identityCollisions(newcomer, [{ ...ALPHA, frozen }], { firstSeen: false })).toEqual([]);
    }
    expect(identityCollisions({ ...newcomer, chainId: 31338 }, [{ ...ALPHA, frozen: UNLISTED }], { firstSeen: true })).toEqual([]);
  });

  it("never refuses the demo's catalog: every vault, pinned one after the other", () => {
    const chain0 = [
      ['alpha', 'Alpha Credit USDC', USDC],
      ['beta', 'Beta Credit USDC', USDC],
      ['gamma', 'Gamma Credit USDT', a(0x7e7)],
      ['zeta', 'Zeta Credit DAI', DAI],
      ['eta', 'Eta Credit USDT', a(0x7e7)],
    ] as const;
    const chain1 = [
      ['delta', 'Delta Credit USDC', USDC],
      ['epsilon', 'Epsilon Credit DAI', DAI],
      ['theta', 'Theta Credit USDC', USDC],
      ['iota', 'Iota Credit USDT', a(0x7e7)],
      ['kappa', 'Kappa Credit DAI', DAI],
    ] as const;
    const pinned: PinnedVault[] = [];
    [chain0, chain1].forEach((chain, c) =>
      chain.forEach(([id, name, underlying], i) => {
        // Delta's deposit and withdraw queues are two contracts.
        const set = setAt(
          0x1000 * (c + 1) + 0x10 * i,
          underlying,
          id === 'delta' ? { withdrawQueue: a(0x1000 * (c + 1) + 0x10 * i + 9) } : {},
        );
        const vault = announced(id, name, set, 31337 + c);
        expect(identityCollisions(vault, pinned, { firstSeen: true }), name).toEqual([]);
        pinned.push(pinnedVault(id, name, set, { chainId: 31337 + c }));
      }),
    );
    // And each one checked again once everything is pinned (its own entry is not a collision).
    for (const p of pinned)
      expect(identityCollisions(announced(p.vaultId, p.name, p.contracts, p.chainId), pinned, { firstSeen: false })).toEqual([]);
  });

  it('shows both sets side by side, what collides marked', () => {
    const lines = sideBySideLines(announced('beta-id', 'Alpha Credit USDC', setAt(0x200)), { ...ALPHA, frozen: UNLISTED });
    expect(lines[0]).toMatch(/pinned in this registry\s+announced by the service now/);
    expect(lines.find((l) => l.includes('name'))).toMatch(/Alpha Credit USDC\s+Alpha Credit USDC ◀ same/);
    expect(lines.find((l) => l.includes(' id '))).toMatch(/alpha-id\s+beta-id$/);
    expect(lines.find((l) => l.includes('tranche'))).toContain(`${ALPHA.contracts.tranche}  ${a(0x203)}`);
    expect(lines.find((l) => l.includes('underlying'))).toMatch(/◀ same$/);
    expect(lines.at(-2)).toContain('frozen since 2026-11-05: the service no longer lists it');
    expect(lines.at(-1)).toContain('seen for the first time');
  });
});
