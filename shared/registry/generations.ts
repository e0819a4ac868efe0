import { GENERATIONS } from '../abi/generations';
import { detectEpochVault, detectQueue, detectStrategy, type ProbeAnswers } from '../abi/generations/detect';
import { ROLE_NAMES, type VaultGenerations } from './schemas';

/** The probes each of a vault's contracts answered (null: the vault has no such contract). */
export interface VaultProbeAnswers {
  epochVault: ProbeAnswers;
  queue: ProbeAnswers | null;
  withdrawQueue: ProbeAnswers | null;
  strategy: ProbeAnswers;
}

/** What the record names each contract (its abiCode), when it says. */
export interface ClaimedGenerations {
  epochVault?: string | null;
  queue?: string | null;
  withdrawQueue?: string | null;
  strategy?: string | null;
}

/**
 * Which generation each of a vault's contracts answered as, and one sentence per contract whose
 * record names another: one reading for the registry's review and the portfolio's refresh.
 */
export function detectVaultGenerations(answers: VaultProbeAnswers, claimed: ClaimedGenerations = {}): VaultGenerations {
  const found = {
    epochVault: detectEpochVault(answers.epochVault, claimed.epochVault),
    queue: answers.queue ? detectQueue(answers.queue, claimed.queue) : null,
    withdrawQueue: answers.withdrawQueue ? detectQueue(answers.withdrawQueue, claimed.withdrawQueue) : null,
    strategy: detectStrategy(answers.strategy, claimed.strategy),
  };
  const recordDiffers = (Object.keys(found) as (keyof typeof found)[]).flatMap((role) => {
    const d = found[role];
    return d && !d.agrees ? [`The record names the ${ROLE_NAMES[role]} ${d.claimed}; the chain answers as ${GENERATIONS[d.generation].label}.`] : [];
  });
  return {
    epochVault: found.epochVault.generation,
    queue: found.queue?.generation ?? null,
    withdrawQueue: found.withdrawQueue?.generation ?? null,
    strategy: found.strategy.generation,
    recordDiffers,
  };
}
