import { startSimService } from '../sim/service';
import type { EmbeddedSimulation } from './service-connection';

/**
 * The demo world: the simulated service in-process on a loopback port. It is only started when
 * no real service is configured, and its key is generated per run (not a user secret).
 */
export async function startEmbeddedSimulation(): Promise<EmbeddedSimulation> {
  const sim = await startSimService({ port: 0, seed: 1 });
  return { url: sim.url, apiKey: sim.apiKey, close: () => sim.close() };
}
