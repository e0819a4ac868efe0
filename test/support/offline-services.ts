/**
 * The services of an offline install, as the air-gapped machine runs them: its own data folder, a
 * registry that fails closed, and no service, chain or portfolio at all (each throws if touched;
 * without a `device`, the device throws too). Bundles are checked against the planners it trusts.
 */
import { BundleCalls, createBundleService, type BundleService } from '../../electron/services/bundles';
import { carryingCertifiedCalls } from '../../electron/runtime/ledger-service';
import type { VaultRegistry } from '../../electron/services/registry';
import { createSigningService, type SigningService } from '../../electron/services/signing';
import { keychainJournalKeys } from './journal-keys';

type SigningDevice = Parameters<typeof createSigningService>[0]['device'];

const unreachable = (what: string) => async (): Promise<never> => {
  throw new Error(`the offline install touched the ${what}`);
};

export function offlineServices(args: {
  dataDir: string;
  registry: VaultRegistry;
  device?: SigningDevice & NonNullable<Parameters<typeof createBundleService>[0]['device']>;
  /** Planners trusted in memory, as a demo run does (keys of the simulation's public seed). */
  demoPlanners?: { address: string; label: string }[];
}): { signing: SigningService; bundles: BundleService } {
  const { dataDir, registry } = args;
  const device = args.device ?? { signTransaction: unreachable('device'), signPersonalMessage: unreachable('device') };
  // As the console's offline pipeline: the calls accepted from the bundles reviewed here go to the device with their jobs.
  const bundleCalls = new BundleCalls();
  const signing = createSigningService({
    dataDir,
    journalKeys: keychainJournalKeys(dataDir),
    device: carryingCertifiedCalls(device, bundleCalls),
    loadPortfolio: unreachable('portfolio'),
    chain: unreachable('chain'),
    service: unreachable('service'),
    registry,
    firstSeen: { kind: 'refuse', action: 'Import the registry.' },
  });
  const bundles = createBundleService({
    dataDir,
    signing,
    chain: unreachable('chain'),
    source: unreachable('service'),
    registry,
    bundleCalls,
    ...(args.device ? { device: args.device } : {}),
    ...(args.demoPlanners ? { demoPlanners: args.demoPlanners } : {}),
  });
  return { signing, bundles };
}
