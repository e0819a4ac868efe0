import { GENERATIONS } from '../abi/generations';
import { detectEpochVault, detectQueue, detectStrategy, type ProbeAnswers } from '../abi/generations/detect';
import { ROLE_NAMES, type VaultGenerations } from './schemas';

/** The probes each of a vault's contracts answered (null: the vault has no such contract). */
interface VaultProbeAnswers {
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

/**
 * How a vault of the 2026 generations takes deposits beside its queue, from the views its epoch
 * vault and queue answered: direct deposits while the epoch runs (the main 2026 vault with its
 * switch on; the prefunded vault refuses them), and the prefunding window (seconds before the
 * epoch's end) of a prefunded vault's own queue — null when the queue is not the one the vault
 * names as its `epochQueue`. One reading for the portfolio's refresh and the signing facts.
 */
export function entryWindows(
  generations: Pick<VaultGenerations, 'epochVault'>,
  epochVaultValues: Record<string, unknown>,
  queue: string | null,
  queueValues: Record<string, unknown> | null,
): { depositDuringEpoch: boolean; prefundedWindow: number | null } {
  const depositDuringEpoch = generations.epochVault === 'CDO_EPOCH_MAIN_2026' && epochVaultValues.isDepositDuringEpochDisabled === false;
  const prefundedQueue = epochVaultValues.epochQueue as string | undefined;
  const ownQueue = generations.epochVault === 'CDO_EPOCH_PREFUNDED_2026' && queue !== null && prefundedQueue?.toLowerCase() === queue.toLowerCase();
  const window = queueValues?.prefundedDepositWindow;
  return { depositDuringEpoch, prefundedWindow: ownQueue && queueValues ? Number((window as bigint | undefined) ?? 0n) : null };
}
