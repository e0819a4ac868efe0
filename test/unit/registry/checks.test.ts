import { describe, expect, it } from 'vitest';
import { evaluateRelations, type RelationReads } from '../../../electron/services/registry/checks';
import type { ContractSet } from '../../../shared/registry/schemas';

const a = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const SET: ContractSet = { epochVault: a(1), queue: a(2), tranche: a(3), underlying: a(4), strategy: a(5), keyring: a(6) };
const OTHER = a(0xbad);

/** What an honest vault's contracts answer. */
function honest(): RelationReads {
  return {
    block: 100n,
    code: { epochVault: true, queue: true, tranche: true, underlying: true, strategy: true, keyring: true },
    epochVault: { token: SET.underlying, AATranche: SET.tranche, strategy: SET.strategy, keyring: SET.keyring },
    tranche: { minter: SET.epochVault },
    queue: { epochVault: SET.epochVault, token: SET.underlying, strategy: SET.strategy, tranche: SET.tranche },
    refusesUnknown: { epochVault: true, queue: true, tranche: true, strategy: true },
    tokens: {
      underlying: { symbol: 'USDC', decimals: 6 },
      tranche: { symbol: 'AA_x', decimals: 18 },
      strategy: { symbol: 'rx', decimals: 6 },
    },
  };
}

const failed = (reads: RelationReads, set: ContractSet = SET) =>
  evaluateRelations(set, reads)
    .filter((c) => !c.ok)
    .map((c) => c.id);

describe('the relations of a vault read on chain', () => {
  it('an honest set passes every check, addresses compared whatever their case', () => {
    expect(failed(honest())).toEqual([]);
    const upper = honest();
    upper.epochVault.token = SET.underlying.toUpperCase().replace('0X', '0x');
    expect(failed(upper)).toEqual([]);
  });

  // Each case breaks one relation only: the check named must fail, and only it.
  const cases: [string, (r: RelationReads) => void][] = [
    ...(['epochVault', 'queue', 'tranche', 'underlying', 'strategy', 'keyring'] as const).map(
      (role): [string, (r: RelationReads) => void] => [`code.${role}`, (r) => void (r.code[role] = false)],
    ),
    ['epochVault.token', (r) => void (r.epochVault.token = OTHER)],
    ['epochVault.AATranche', (r) => void (r.epochVault.AATranche = OTHER)],
    ['epochVault.strategy', (r) => void (r.epochVault.strategy = null)],
    ['epochVault.keyring', (r) => void (r.epochVault.keyring = OTHER)],
    ['tranche.minter', (r) => void (r.tranche.minter = OTHER)],
    ['queue.epochVault', (r) => void (r.queue!.epochVault = OTHER)],
    ['queue.tranche', (r) => void (r.queue!.tranche = OTHER)],
    ['queue.token', (r) => void (r.queue!.token = null)],
    ['queue.strategy', (r) => void (r.queue!.strategy = OTHER)],
    ...(['epochVault', 'queue', 'tranche', 'strategy'] as const).map((role): [string, (r: RelationReads) => void] => [
      `refusesUnknown.${role}`,
      (r) => void (r.refusesUnknown[role] = false),
    ]),
    ['underlying.decimals', (r) => void (r.tokens.underlying = null)],
    ['tranche.decimals', (r) => void (r.tokens.tranche = null)],
    ['strategy.decimals', (r) => void (r.tokens.strategy = { symbol: 'rx', decimals: 18 })],
  ];
  it.each(cases)('%s fails alone when the chain breaks it', (id, breakIt) => {
    const reads = honest();
    breakIt(reads);
    // An unread underlying also leaves the strategy's decimals with nothing to compare to.
    expect(failed(reads)).toEqual(id === 'underlying.decimals' ? [id, 'strategy.decimals'] : [id]);
  });

  it('a queue that answers every call with the right addresses still fails: it does not refuse an unknown function', () => {
    const reads = honest();
    reads.refusesUnknown.queue = false;
    const checks = evaluateRelations(SET, reads);
    expect(checks.filter((c) => !c.ok).map((c) => [c.label, c.actual])).toEqual([
      ['The queue refuses a function it does not have', 'answered a call to a function no vault contract has'],
    ]);
  });

  it('a vault without a queue or a keyring is checked on what it has', () => {
    const reads = honest();
    reads.queue = null;
    const set = { ...SET, queue: null, keyring: null };
    expect(failed(reads, set)).toEqual([]);
    expect(evaluateRelations(set, reads).some((c) => c.id.startsWith('queue.') || c.id === 'code.keyring')).toBe(false);
  });
});
