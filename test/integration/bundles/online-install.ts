import { createBundleService, type BundleService } from '../../../electron/services/bundles';
import { VaultRegistry } from '../../../electron/services/registry';
import type { SigningWorld } from '../signing/world';

/**
 * The online install's bundles on a signing world, as the console wires them in demo mode: the
 * world's data folder, pipeline, chains, registry and Ledger, the simulation as the source.
 * `options` is what a test changes (another data folder, the simulation of a plan, epoch history).
 */
export function onlineBundles(world: SigningWorld, options: Partial<Parameters<typeof createBundleService>[0]> = {}): BundleService {
  return createBundleService({
    dataDir: world.dataDir,
    signing: world.signing,
    chain: (id) => world.chains.get(id)!,
    source: () => ({ kind: 'simulation', seed: 3, wallets: 12 }),
    registry: new VaultRegistry(world.dataDir),
    device: world.device,
    ...options,
  });
}
