import type { SimulationService } from '../../services/simulation';
import { feature, type Feature } from '../feature';

interface SimulationFeatureDeps {
  /** The console's one simulation service: its forks and results are shared with the other features (signing, the bundles' export). */
  service: SimulationService;
}

/**
 * What will change: a kept plan run on local forks of its chains before anything reaches the
 * device. The forks of a plan are reused while it is reviewed and stopped on a mode change and at
 * exit.
 */
export function createSimulationFeature(deps: SimulationFeatureDeps): Feature {
  const { service } = deps;
  return feature(
    { simulation: { run: async ({ planId, fresh }) => service.simulate(planId, { fresh: fresh === true }) } },
    { reset: () => service.close(), close: () => service.close() },
  );
}
