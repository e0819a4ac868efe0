import { SimulationService } from '../../services/simulation';
import type { PlanToSimulate } from '../../services/simulation';
import { feature, type Feature } from '../feature';

export interface SimulationFeatureDeps {
  /** The plan kept under an id by the current mode's signing pipeline. */
  plan: (planId: string) => PlanToSimulate;
  /** The operator's RPCs of a chain (the chain pool's; the demo's local chains in the demo). */
  rpcUrls: (chainId: number) => Promise<readonly string[]>;
  /** An offline-review install has no network: it refuses. */
  offline: () => boolean;
}

/**
 * What will change: a kept plan run on local forks of its chains before anything reaches the
 * device. The forks of a plan are reused while it is reviewed and stopped on a mode change and at
 * exit.
 */
export function createSimulationFeature(deps: SimulationFeatureDeps): Feature {
  const service = new SimulationService({ findPlan: deps.plan, rpcUrls: deps.rpcUrls, offline: deps.offline });
  return feature(
    { simulation: { run: async ({ planId, fresh }) => service.simulate(planId, { fresh: fresh === true }) } },
    { reset: () => service.close(), close: () => service.close() },
  );
}
