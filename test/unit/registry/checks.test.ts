import { describe, expect, it } from 'vitest';
import { evaluateRelations, generationsOf, type QueueReads, type RelationReads } from '../../../electron/services/registry/checks';
import type { ContractSet } from '../../../shared/registry/schemas';

const a = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const SET: ContractSet = { epochVault: a(1), queue: a(2), withdrawQueue: a(2), tranche: a(3), underlying: a(4), strategy: a(5), keyring: a(6) };
const OTHER = a(0xbad);

/** What a queue of the set answers with the real contracts' getters (IdleCDOEpochQueue). */
const honestQueue = (probes: QueueReads['probes'] = { pendingClaims: true, prefundedDepositWindow: false }): QueueReads => ({
  idleCDOEpoch: SET.epochVault,
  underlying: SET.underlying,
  strategy: SET.strategy,
  tranche: SET.tranche,
  probes,
});

/** What an honest vault's contracts answer: a V4 epoch vault, a V1 queue, a V2 strategy. */
function honest(): RelationReads {
  const queue = honestQueue();
  return {
    block: 100n,
    code: { epochVault: true, queue: true, withdrawQueue: true, tranche: true, underlying: true, strategy: true, keyring: true },
    epochVault: {
      token: SET.underlying,
      AATranche: SET.tranche,
      strategy: SET.strategy,
      keyring: SET.keyring,
      probes: { interestForOverUnderPerformance: true, isDepositDuringEpochDisabled: false, epochQueue: false },
    },
    tranche: { minter: SET.epochVault },
    queue,
    withdrawQueue: queue,
    strategy: { idleCDO: SET.epochVault, token: SET.underlying, probes: { unscaledApr: true, apr0TotalPrincipal: false } },
    refusesUnknown: { epochVault: true, queue: true, withdrawQueue: true, tranche: true, strategy: true },
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

  it('the queue is checked by the real contract getters: idleCDOEpoch(), underlying(), tranche(), strategy()', () => {
    const ids = evaluateRelations(SET, honest()).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining(['queue.idleCDOEpoch', 'queue.underlying', 'queue.tranche', 'queue.strategy']));
    expect(ids.some((id) => id === 'queue.epochVault' || id === 'queue.token')).toBe(false);
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
    ['strategy.idleCDO', (r) => void (r.strategy.idleCDO = OTHER)],
    ['strategy.token', (r) => void (r.strategy.token = null)],
    ['queue.idleCDOEpoch', (r) => void (r.queue!.idleCDOEpoch = OTHER)],
    ['queue.tranche', (r) => void (r.queue!.tranche = OTHER)],
    ['queue.underlying', (r) => void (r.queue!.underlying = null)],
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
      ['The deposit queue refuses a function it does not have', 'answered a call to a function no vault contract has'],
    ]);
  });

  it('separate deposit and withdraw queues are each checked, the withdraw queue against the same set', () => {
    const set = { ...SET, withdrawQueue: a(7) };
    const reads = honest();
    reads.code.withdrawQueue = true;
    reads.withdrawQueue = { ...honestQueue(), idleCDOEpoch: OTHER };
    expect(failed(reads, set)).toEqual(['withdrawQueue.idleCDOEpoch']);
    reads.withdrawQueue = honestQueue();
    expect(failed(reads, set)).toEqual([]);
    expect(evaluateRelations(set, reads).map((c) => c.id)).toEqual(
      expect.arrayContaining(['code.withdrawQueue', 'withdrawQueue.underlying', 'refusesUnknown.withdrawQueue']),
    );
  });

  it('a set written before the withdraw queue had a role reads its queue as both', () => {
    const { withdrawQueue: _, ...legacy } = SET;
    expect(failed(honest(), legacy)).toEqual([]);
    expect(evaluateRelations(legacy, honest()).some((c) => c.id.startsWith('withdrawQueue.'))).toBe(false);
  });

  it('a vault without a queue or a keyring is checked on what it has', () => {
    const reads = honest();
    reads.queue = null;
    reads.withdrawQueue = null;
    const set = { ...SET, queue: null, withdrawQueue: null, keyring: null };
    expect(failed(reads, set)).toEqual([]);
    expect(evaluateRelations(set, reads).some((c) => c.id.startsWith('queue.') || c.id === 'code.keyring')).toBe(false);
  });
});

describe('the generations the chain answers as', () => {
  it('tells each contract apart by the views only some generations have', () => {
    const reads = honest();
    expect(generationsOf(SET, reads)).toMatchObject({
      epochVault: 'CDO_EPOCH_MAIN_V4',
      queue: 'CDO_EPOCH_DEPOSIT_QUEUE_V1',
      withdrawQueue: 'CDO_EPOCH_DEPOSIT_QUEUE_V1',
      strategy: 'CDO_EPOCH_STRATEGY_MAIN_V2',
      recordDiffers: [],
    });
    reads.epochVault.probes = { interestForOverUnderPerformance: false, isDepositDuringEpochDisabled: true, epochQueue: true };
    reads.strategy.probes = { unscaledApr: true, apr0TotalPrincipal: true };
    reads.queue = honestQueue({ pendingClaims: true, prefundedDepositWindow: true });
    reads.withdrawQueue = reads.queue;
    expect(generationsOf(SET, reads)).toMatchObject({
      epochVault: 'CDO_EPOCH_PREFUNDED_2026',
      queue: 'CDO_EPOCH_QUEUE_2026',
      strategy: 'CDO_EPOCH_STRATEGY_2026',
    });
    reads.strategy.probes = { unscaledApr: false, apr0TotalPrincipal: false };
    reads.queue = honestQueue({ pendingClaims: false, prefundedDepositWindow: false });
    reads.withdrawQueue = reads.queue;
    expect(generationsOf(SET, reads)).toMatchObject({ queue: 'CDO_EPOCH_DEPOSIT_QUEUE_V2', strategy: 'CDO_EPOCH_STRATEGY_MAIN_V1' });
  });

  it("takes the record's V3 where the views cannot tell V3 from V4, and says so where the record names another generation", () => {
    const reads = honest();
    expect(generationsOf(SET, reads, { epochVault: 'CDO_EPOCH_MAIN_V3' }).epochVault).toBe('CDO_EPOCH_MAIN_V3');
    // An upgraded proxy keeps its old code in the record: the chain decides, the review says it.
    reads.epochVault.probes = { interestForOverUnderPerformance: false, isDepositDuringEpochDisabled: true, epochQueue: false };
    const g = generationsOf(SET, reads, { epochVault: 'CDO_EPOCH_MAIN_V4' });
    expect(g.epochVault).toBe('CDO_EPOCH_MAIN_2026');
    expect(g.recordDiffers).toEqual(['The record names the epoch vault CDO_EPOCH_MAIN_V4; the chain answers as epoch vault 2026.']);
  });
});
