import type { Batch } from '../../../../shared/signing/schemas';
import { bundleBroadcastRunner } from './bundle-broadcast-runner';
import { offlineSigningRunner } from './offline-signing-runner';
import { planRunner } from './plan-runner';
import type { RunnerStrategy } from './strategy';

export type { Gate, RunView, RunnerStrategy,  } from './strategy';
export { busy } from './strategy';

const RUNNERS = { plan: planRunner, 'offline-signing': offlineSigningRunner, 'bundle-broadcast': bundleBroadcastRunner } as const;

/** The runner of a batch, by where it came from (a batch without an origin is a plan made here). */
export function runnerFor(batch: Batch): RunnerStrategy {
  return RUNNERS[batch.origin?.kind ?? 'plan'];
}
