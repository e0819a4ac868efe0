import { GENERATIONS, type Generation } from '../../../shared/abi/generations';
import type { ProbeAnswers } from '../../../shared/abi/generations/detect';
import { detectVaultGenerations, type ClaimedGenerations } from '../../../shared/registry/generations';
import type { ContractSet, PinnedToken, RegistryCheck, RegistryRole, VaultGenerations } from '../../../shared/registry/schemas';
import { ROLE_NAMES, withdrawQueueOf } from '../../../shared/registry/schemas';

/**
 * The relations between a vault's contracts, judged from what the chain answered. Pure: the reads
 * are made by `readRelations` (reads.ts), the verdicts here, so each relation has a test of its own.
 *
 * The epoch vault is the anchor: it names its underlying, tranche and strategy itself, the tranche
 * and the strategy name it back (`minter()`, `idleCDO()`), and each queue must point back to the
 * same set (`idleCDOEpoch()`, `underlying()`, `tranche()`, `strategy()`). A queue cannot be named by
 * the epoch vault (the contract keeps no link to it), so it must also refuse a function it does not
 * have: a contract that answers every call (as an attacker's would, to pass the pointing-back
 * checks with whatever is asked) is not a queue.
 */

/** What a queue answered: the links it names, and its generation probes. */
export interface QueueReads {
  idleCDOEpoch: string | null;
  underlying: string | null;
  strategy: string | null;
  tranche: string | null;
  probes: ProbeAnswers;
}

/** What the chain answered; null where it gave no answer (no such function, a revert, no code). */
export interface RelationReads {
  block: bigint;
  /** Whether each address of the set holds code. */
  code: Partial<Record<RegistryRole, boolean>>;
  epochVault: { token: string | null; AATranche: string | null; strategy: string | null; keyring: string | null; probes: ProbeAnswers };
  tranche: { minter: string | null };
  /** The deposit queue's answers; null when the set has none. */
  queue: QueueReads | null;
  /** The withdraw queue's answers (the same object when one contract serves both); null without one. */
  withdrawQueue: QueueReads | null;
  strategy: { idleCDO: string | null; token: string | null; probes: ProbeAnswers };
  /** Whether each protocol contract refused a call to a function it does not have. */
  refusesUnknown: Partial<Record<'epochVault' | 'queue' | 'withdrawQueue' | 'tranche' | 'strategy', boolean>>;
  tokens: { underlying: PinnedToken | null; tranche: PinnedToken | null; strategy: PinnedToken | null };
}

export type { ClaimedGenerations } from '../../../shared/registry/generations';

const same = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/**
 * A relation read through `view` of a contract of `generation`: judged when the generation has that
 * view, reported as not checkable (never as a mismatch) when it has none.
 */
function relation(id: string, label: string, expected: string, actual: string | null, generation?: Generation, view?: string): RegistryCheck {
  if (generation && view && !(GENERATIONS[generation].signatures as readonly string[]).some((s) => s.startsWith(`function ${view}()`))) {
    return { id, label, ok: true, expected, actual: null, notCheckable: `not checkable on this generation (${GENERATIONS[generation].label} has no ${view}())` };
  }
  return { id, label, ok: same(expected, actual), expected, actual };
}

function yes(id: string, label: string, ok: boolean | undefined, expected: string, failed: string): RegistryCheck {
  return { id, label, ok: ok === true, expected, actual: ok === true ? expected : failed };
}

/** Which generation each contract answered as, and where the record's abiCode says otherwise. */
export function generationsOf(set: ContractSet, reads: RelationReads, claimed: ClaimedGenerations = {}): VaultGenerations {
  const withdrawQueue = withdrawQueueOf(set);
  return detectVaultGenerations(
    {
      epochVault: reads.epochVault.probes,
      queue: set.queue && reads.queue ? reads.queue.probes : null,
      withdrawQueue: withdrawQueue && reads.withdrawQueue ? reads.withdrawQueue.probes : null,
      strategy: reads.strategy.probes,
    },
    claimed,
  );
}

/** Every check of a set, in the order the review lists them. */
export function evaluateRelations(set: ContractSet, reads: RelationReads): RegistryCheck[] {
  const full: ContractSet = { ...set, withdrawQueue: withdrawQueueOf(set) };
  const generations = generationsOf(full, reads);
  const checks: RegistryCheck[] = [];
  for (const role of Object.keys(ROLE_NAMES) as RegistryRole[]) {
    if (!full[role]) continue;
    if (role === 'withdrawQueue' && same(full.withdrawQueue, full.queue)) continue;
    checks.push(yes(`code.${role}`, `The ${ROLE_NAMES[role]} address holds a contract`, reads.code[role], 'contract code', 'no code'));
  }
  const ev = reads.epochVault;
  const evGen = generations.epochVault;
  checks.push(relation('epochVault.token', "The epoch vault's token() is the underlying", set.underlying, ev.token, evGen, 'token'));
  checks.push(relation('epochVault.AATranche', "The epoch vault's AATranche() is the tranche", set.tranche, ev.AATranche, evGen, 'AATranche'));
  checks.push(relation('epochVault.strategy', "The epoch vault's strategy() is the strategy", set.strategy, ev.strategy, evGen, 'strategy'));
  if (set.keyring) checks.push(relation('epochVault.keyring', "The epoch vault's keyring() is the keyring", set.keyring, ev.keyring, evGen, 'keyring'));
  checks.push(relation('tranche.minter', "The tranche's minter() is the epoch vault", set.epochVault, reads.tranche.minter));
  const stGen = generations.strategy;
  checks.push(relation('strategy.idleCDO', "The strategy's idleCDO() is the epoch vault", set.epochVault, reads.strategy.idleCDO, stGen, 'idleCDO'));
  checks.push(relation('strategy.token', "The strategy's token() is the underlying", set.underlying, reads.strategy.token, stGen, 'token'));
  const queueChecks = (role: 'queue' | 'withdrawQueue', q: QueueReads | null, generation: Generation | null) => {
    const name = ROLE_NAMES[role];
    const g = generation ?? undefined;
    checks.push(relation(`${role}.idleCDOEpoch`, `The ${name}'s idleCDOEpoch() is the epoch vault`, set.epochVault, q?.idleCDOEpoch ?? null, g, 'idleCDOEpoch'));
    checks.push(relation(`${role}.tranche`, `The ${name}'s tranche() is the tranche`, set.tranche, q?.tranche ?? null, g, 'tranche'));
    checks.push(relation(`${role}.underlying`, `The ${name}'s underlying() is the underlying`, set.underlying, q?.underlying ?? null, g, 'underlying'));
    checks.push(relation(`${role}.strategy`, `The ${name}'s strategy() is the strategy`, set.strategy, q?.strategy ?? null, g, 'strategy'));
  };
  if (full.queue) queueChecks('queue', reads.queue, generations.queue);
  if (full.withdrawQueue && !same(full.withdrawQueue, full.queue)) queueChecks('withdrawQueue', reads.withdrawQueue, generations.withdrawQueue);
  for (const role of ['epochVault', 'queue', 'withdrawQueue', 'tranche', 'strategy'] as const) {
    if (!full[role]) continue;
    if (role === 'withdrawQueue' && same(full.withdrawQueue, full.queue)) continue;
    checks.push(
      yes(
        `refusesUnknown.${role}`,
        `The ${ROLE_NAMES[role]} refuses a function it does not have`,
        reads.refusesUnknown[role],
        'refused',
        'answered a call to a function no vault contract has',
      ),
    );
  }
  const { underlying, tranche, strategy } = reads.tokens;
  checks.push(yes('underlying.decimals', "The underlying's decimals() and symbol() answer", underlying !== null, 'answered', 'no answer'));
  checks.push(yes('tranche.decimals', "The tranche's decimals() and symbol() answer", tranche !== null, 'answered', 'no answer'));
  checks.push(
    relation(
      'strategy.decimals',
      "The strategy's receipt token has the underlying's decimals",
      underlying ? String(underlying.decimals) : '(underlying unread)',
      strategy ? String(strategy.decimals) : null,
    ),
  );
  return checks;
}

export const allPass = (checks: readonly RegistryCheck[]) => checks.every((c) => c.ok);

/** The failed checks as one sentence each, for a refusal. */
export function failedChecks(checks: readonly RegistryCheck[]): string {
  return checks
    .filter((c) => !c.ok)
    .map((c) => `${c.label}: expected ${c.expected ?? '—'}, the chain says ${c.actual ?? 'nothing'}`)
    .join('; ');
}
