import type { ContractSet, PinnedToken, RegistryCheck, RegistryRole } from '../../../shared/registry/schemas';
import { ROLE_NAMES } from '../../../shared/registry/schemas';

/**
 * The relations between a vault's contracts, judged from what the chain answered. Pure: the reads
 * are made by `readRelations` (reads.ts), the verdicts here, so each relation has a test of its own.
 *
 * The epoch vault is the anchor: it names its underlying, tranche and strategy itself, the tranche
 * names it as its minter, and the queue must point back to the same set. A queue cannot be named by
 * the epoch vault (the contract keeps no link to it), so it must also refuse a function it does not
 * have: a contract that answers every call (as an attacker's would, to pass the pointing-back
 * checks with whatever is asked) is not a queue.
 */

/** What the chain answered; null where it gave no answer (no such function, a revert, no code). */
export interface RelationReads {
  block: bigint;
  /** Whether each address of the set holds code. */
  code: Partial<Record<RegistryRole, boolean>>;
  epochVault: { token: string | null; AATranche: string | null; strategy: string | null; keyring: string | null };
  tranche: { minter: string | null };
  /** Null when the set has no queue. */
  queue: { epochVault: string | null; token: string | null; strategy: string | null; tranche: string | null } | null;
  /** Whether each protocol contract refused a call to a function it does not have. */
  refusesUnknown: Partial<Record<'epochVault' | 'queue' | 'tranche' | 'strategy', boolean>>;
  tokens: { underlying: PinnedToken | null; tranche: PinnedToken | null; strategy: PinnedToken | null };
}

const same = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

function relation(id: string, label: string, expected: string, actual: string | null): RegistryCheck {
  return { id, label, ok: same(expected, actual), expected, actual };
}

function yes(id: string, label: string, ok: boolean | undefined, expected: string, failed: string): RegistryCheck {
  return { id, label, ok: ok === true, expected, actual: ok === true ? expected : failed };
}

/** Every check of a set, in the order the review lists them. */
export function evaluateRelations(set: ContractSet, reads: RelationReads): RegistryCheck[] {
  const checks: RegistryCheck[] = [];
  for (const role of Object.keys(ROLE_NAMES) as RegistryRole[]) {
    if (!set[role]) continue;
    checks.push(yes(`code.${role}`, `The ${ROLE_NAMES[role]} address holds a contract`, reads.code[role], 'contract code', 'no code'));
  }
  const ev = reads.epochVault;
  checks.push(relation('epochVault.token', "The epoch vault's token() is the underlying", set.underlying, ev.token));
  checks.push(relation('epochVault.AATranche', "The epoch vault's AATranche() is the tranche", set.tranche, ev.AATranche));
  checks.push(relation('epochVault.strategy', "The epoch vault's strategy() is the strategy", set.strategy, ev.strategy));
  if (set.keyring) checks.push(relation('epochVault.keyring', "The epoch vault's keyring() is the keyring", set.keyring, ev.keyring));
  checks.push(relation('tranche.minter', "The tranche's minter() is the epoch vault", set.epochVault, reads.tranche.minter));
  if (set.queue) {
    const q = reads.queue;
    checks.push(relation('queue.epochVault', "The queue's epochVault() is the epoch vault", set.epochVault, q?.epochVault ?? null));
    checks.push(relation('queue.tranche', "The queue's tranche() is the tranche", set.tranche, q?.tranche ?? null));
    checks.push(relation('queue.token', "The queue's token() is the underlying", set.underlying, q?.token ?? null));
    checks.push(relation('queue.strategy', "The queue's strategy() is the strategy", set.strategy, q?.strategy ?? null));
  }
  for (const role of ['epochVault', 'queue', 'tranche', 'strategy'] as const) {
    if (!set[role]) continue;
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
