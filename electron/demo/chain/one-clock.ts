import type { ChainClient } from './client';

/**
 * One clock for the demo's local chains. Each chain's cycle driver moves its time on to its own
 * vaults' deadlines, and the vaults of two chains have different epochs and buffers, so left alone
 * the chains drift days apart and one moment shows two dates. After each step the chain that went
 * furthest sets the time: every other chain's next block is mined at that timestamp. Time never
 * goes back, so a vault of a chain that caught up may find its deadline passed: its next step acts
 * on it, as a manager who comes late would.
 */
export interface OneClock {
  /**
   * Runs `work` (steps of the chains' cycle drivers), then aligns the chains; one at a time, since
   * a step reads its chain's time and jumps from there. Resolves to the common time (unix seconds),
   * or null when a chain did not answer (the next step aligns again).
   */
  step(work: () => Promise<unknown>): Promise<bigint | null>;
  /** Aligns the chains now, between steps (at start, after seeding). */
  align(): Promise<bigint>;
}

/** Mines a block at the furthest chain's time on every chain behind it. */
async function alignChainClocks(clients: readonly ChainClient[]): Promise<bigint> {
  const times = await Promise.all(clients.map((c) => c.now()));
  const common = times.reduce((a, b) => (a > b ? a : b), 0n);
  await Promise.all(
    clients.map(async (client, i) => {
      if (times[i]! >= common) return;
      // anvil moves its clock's offset to this timestamp too: the chains then go on side by side.
      await client.testClient.setNextBlockTimestamp({ timestamp: common });
      await client.testClient.mine({ blocks: 1 });
    }),
  );
  return common;
}

export function createOneClock(clients: readonly ChainClient[]): OneClock {
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    const run = queue.then(job, job);
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    step: (work) =>
      serial(async () => {
        await work();
        return alignChainClocks(clients).catch(() => null);
      }),
    align: () => serial(() => alignChainClocks(clients)),
  };
}
