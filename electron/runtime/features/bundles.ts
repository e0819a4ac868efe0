import { AppError } from '../../../shared/errors';
import type { BundleSource } from '../../../shared/bundles/schemas';
import type { EpochRow } from '../../../shared/ipc/schemas';
import type { PlanSimulation } from '../../../shared/simulation';
import { createBundleService, type BundleService } from '../../services/bundles';
import type { Logger } from '../../services/log/logger';
import { feature, type Feature } from '../feature';
import type { SigningPipeline } from './signing';
import type { DeviceHost } from '../device-host';

interface BundlesFeatureDeps {
  /** The signing pipeline of the current mode (its pipeline, chains and journal folder). */
  signing: () => SigningPipeline;
  offline: () => boolean;
  /** Where this mode's plans take their figures from, for a bundle's snapshot. */
  source: () => Promise<BundleSource>;
  epochHistory: (vaultId: string) => Promise<EpochRow[]>;
  /** The Ledger: it signs exported bundles as their planner, and shows a planner's address before it is trusted. */
  device: () => Promise<DeviceHost>;
  /** (online) The plan's simulation, taken here in the main process (never from the renderer) and carried in the bundle. */
  simulationOf?: (planId: string) => Promise<PlanSimulation | null>;
  log: Logger;
}

/**
 * Offline review over the bridge: bundles cross as their files' text (the renderer reads and saves
 * files). An imported unsigned bundle becomes a plan the Signing screens review as any other, and
 * `signing.createBatch` / `signing.run` sign it with nothing sent; an imported signed bundle is a
 * batch that `signing.run` sends. One bundle service per signing pipeline, so a mode switch
 * (demo, live, offline) never mixes their journals.
 */
export function createBundlesFeature(deps: BundlesFeatureDeps): Feature {
  const services = new WeakMap<SigningPipeline, BundleService>();
  const now = (): BundleService => {
    const signing = deps.signing();
    let service = services.get(signing);
    if (!service) {
      service = createBundleService({
        dataDir: signing.dataDir,
        signing: signing.pipeline,
        chain: signing.chain,
        source: deps.source,
        epochHistory: deps.epochHistory,
        registry: signing.registry,
        device: {
          signTypedDataHash: async (...args) => (await deps.device()).service.signTypedDataHash(...args),
          verifyAddress: async (...args) => (await deps.device()).service.verifyAddress(...args),
          discoverAccounts: async (...args) => (await deps.device()).service.discoverAccounts(...args),
        },
        ...(deps.simulationOf ? { simulationOf: deps.simulationOf } : {}),
        ...(signing.certifiedCalls ? { certifiedCalls: signing.certifiedCalls } : {}),
        ...(signing.bundleCalls ? { bundleCalls: signing.bundleCalls } : {}),
        log: deps.log,
      });
      services.set(signing, service);
    }
    return service;
  };
  const online = (what: string) => {
    if (deps.offline()) {
      throw new AppError({
        code: 'OFFLINE',
        message: `This install is in offline mode: ${what} needs the chain, and it never contacts one.`,
        action: 'Do this on the online install; here, import unsigned bundles, sign them and save the signed bundles.',
      });
    }
  };
  const offlineOnly = (what: string) => {
    if (!deps.offline()) {
      throw new AppError({
        code: 'BUNDLE_OFFLINE_ONLY',
        message: `This install is online: ${what} is done only on the offline-review install, against its own registry and policy.`,
        action: 'Carry the unsigned bundle to the offline install and import it there; here, import only the signed bundle it gives back.',
      });
    }
  };
  return feature({
    bundles: {
      prepareExport: async ({ planId }) => now().prepareExport(planId),
      exportUnsigned: async ({ planId }) => now().exportUnsigned(planId),
      importUnsigned: async ({ content, fileName }) => {
        offlineOnly('reviewing and signing an unsigned bundle');
        return now().importUnsigned(content, fileName ?? null);
      },
      policy: async () => now().policy.read(),
      setPolicy: async ({ policy }) => {
        offlineOnly('the offline policy');
        return now().policy.write(policy);
      },
      planners: async () => now().planners.list(),
      addPlanner: async ({ address, label, path }) => {
        offlineOnly('trusting a planner');
        return now().addPlanner(address, label, path);
      },
      removePlanner: async ({ address }) => {
        offlineOnly('trusting a planner');
        return now().planners.remove(address);
      },
      exportSigned: async ({ batchId }) => now().exportSigned(batchId),
      importSigned: async ({ content, fileName, acceptForeign }) => {
        online('sending a signed bundle');
        return now().importSigned(content, fileName ?? null, { acceptForeign: acceptForeign === true });
      },
      // Offline, the planner check is stated with what the file holds: an untrusted planner's bundle never looks ready to review.
      inspect: async ({ content }) => now().inspect(content, { checkPlanner: deps.offline() }),
      snapshot: async ({ batchId }) => now().snapshot(batchId),
      exported: async () => now().exported.list(),
      abandonExported: async ({ checksum }) => {
        online('abandoning an exported bundle');
        return now().exported.abandon(checksum);
      },
      resumeExported: async ({ checksum }) => {
        online('taking back an abandoned bundle');
        return now().exported.resume(checksum);
      },
      sendChecks: async ({ batchId }) => {
        online('checking nonces and fees');
        return now().sendChecks(await deps.signing().pipeline.openBatch(batchId));
      },
    },
  });
}
