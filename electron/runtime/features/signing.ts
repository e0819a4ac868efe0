import { AppError } from '../../../shared/errors';
import type { ExportedFile } from '../../../shared/ipc/schemas';
import type { Plan } from '../../../shared/signing/schemas';
import { createSigningService, type SigningService, type SigningServiceOptions } from '../../services/signing';
import type { ServiceGraph } from '../service-graph';
import { ADD_KEY_ACTION } from '../../services/service-client';
import type { WalletBook } from '../../services/wallets/wallet-book';
import type { Logger } from '../../services/log/logger';
import { VaultRegistry } from '../../services/registry';
import { demoJournalKeys, journalKeysIn } from '../../services/secrets/journal-key';
import type { SecretStore } from '../../services/secrets/secret-store';
import { signingSimulations, type SimulationService } from '../../services/simulation';
import type { DeviceHost } from '../device-host';
import type { SigningDevice } from '../../services/signing/device-delivery';
import type { CalldataDescriptorSource } from '../../services/device/clear-signing';
import type { LedgerServiceSource } from '../../services/device/ledger-service/service-source';
import { carryingCertifiedCalls } from '../ledger-service';
import { BundleCalls } from '../../services/bundles';
import { feature, forward, type Feature, type ForwardTarget } from '../feature';
import { exportFileName } from '../../../shared/files/export-names';
import { reportName } from '../../../shared/signing/batch-name';
import { modeDataDir } from '../stores';

interface SigningFeatureDeps {
  /** The data folder; the demo keeps its journals under demo/. */
  dataDir: string;
  /** The OS keychain: it holds the keys the journals are sealed with (the demo's too). */
  secrets: SecretStore;
  demo: () => boolean;
  /** The console reads a service without a key (public mode): it plans nothing. */
  keyless?: () => boolean;
  book: () => WalletBook;
  device: () => Promise<DeviceHost>;
  /** On a desk with several Ledgers: each wallet signed on its group's device, the batch waiting for it. */
  walletDevices?: SigningDevice;
  /** The demo's test-certified descriptors: its pipeline predicts clear signing from them (never a real install's). */
  demoClearSigning?: CalldataDescriptorSource;
  /** The service graph's portfolio, chains and service, as every pipeline reads them. */
  readers: ServiceGraph['planReaders'];
  /** Ledger's service, the source of a real install's certified descriptors (never asked offline). */
  ledgerService?: LedgerServiceSource;
  log: Logger;
  onEvent: Parameters<SigningService['subscribe']>[0];
  /** An offline-review install: it pins nothing itself (its registry is imported) and refuses a bundle on a vault not pinned there. */
  offline?: () => boolean;
  /**
   * What will change: a kept plan's forks start in the background, and a batch's remaining
   * transactions run on forks before the device (an offline install refuses: nothing is held by it).
   */
  simulations?: SimulationService;
}

/** The signing pipeline of one mode, as the bundles feature shares it: pipeline, chains and journal folder. */
export interface SigningPipeline extends ForwardTarget<'signing'> {
  pipeline: SigningService;
  /** The pinned vault registry of this mode's data folder (the demo keeps its own). */
  registry: VaultRegistry;
  chain: SigningServiceOptions['chain'];
  dataDir: string;
  /** (online) Ledger's service as the planner asks it: an exported bundle carries the certified calls it accepted. */
  certifiedCalls?: LedgerServiceSource;
  /** (offline) The calls accepted from the bundles reviewed here, which the device jobs carry. */
  bundleCalls?: BundleCalls;
  close(): void;
}

/**
 * The signing pipeline as the console drives it: plans from what the operator selected (each
 * wallet's Ledger path from the wallet book), batches journaled before anything reaches the device,
 * and a run that reports through events rather than holding the window's request open. One
 * pipeline per mode, so demo journals never mix with the operator's own.
 */
export function createSigningFeature(deps: SigningFeatureDeps): Feature & { current(): SigningPipeline } {
  let pipeline: SigningPipeline | null = null;
  const current = () => (pipeline ??= createPipeline(deps, modeDataDir(deps.dataDir, deps.demo())));
  const close = () => {
    pipeline?.close();
    pipeline = null;
  };
  return { ...feature({ signing: forward('signing', current) }, { reset: close, close }), current };
}

function createPipeline(deps: SigningFeatureDeps, dataDir: string): SigningPipeline {
  // Offline, the registry is the install's root of trust for addresses: a damaged file refuses every review.
  const registry = new VaultRegistry(dataDir, undefined, { failClosed: deps.offline?.() ?? false });
  const ledgerService = deps.demo() || deps.offline?.() ? undefined : deps.ledgerService;
  const bundleCalls = deps.offline?.() ? new BundleCalls() : undefined;
  const service = createSigningService({
    dataDir,
    // The demo signs without a keychain too (its journals then live as long as the process).
    journalKeys: deps.demo() ? demoJournalKeys(journalKeysIn(deps.secrets, dataDir)) : journalKeysIn(deps.secrets, dataDir),
    device: carryingCertifiedCalls(
      deps.walletDevices ?? {
        signTransaction: async (...args) => (await deps.device()).service.signTransaction(...args),
        signPersonalMessage: async (...args) => (await deps.device()).service.signPersonalMessage(...args),
      },
      ledgerService ?? bundleCalls,
    ),
    ...deps.readers,
    registry,
    // The demo's vaults are its own simulation's: they are pinned once their checks pass. The
    // operator's vaults are pinned only by the operator, after the review shown with the refusal.
    firstSeen: deps.offline?.()
      ? { kind: 'refuse', action: OFFLINE_PIN_ACTION }
      : deps.demo()
      ? DEMO_FIRST_SEEN
      : { kind: 'refuse', action: 'Review its contracts below, as the chain describes them, and pin them if they are the ones its operator publishes; then plan again.' },
    log: deps.log,
    ...(deps.simulations ? signingSimulations(deps.simulations) : {}),
    ...(deps.demo() && deps.demoClearSigning ? { calldataDescriptors: deps.demoClearSigning } : ledgerService ? { calldataDescriptors: ledgerService } : {}),
  });
  const unsubscribe = service.subscribe(deps.onEvent);

  const start = (run: Promise<unknown>) => {
    // A run waits on the device for as long as the operator takes; its outcome arrives as events.
    run.catch((err: unknown) => deps.log.error('signing run stopped', { message: (err as Error).message }));
    return { started: true as const };
  };

  return {
    async plan(input: {
      vaultId: string;
      action: Plan['selection']['action'];
      wallets: string[];
      amount?: string | undefined;
      requestIds?: string[] | undefined;
      approval?: 'exact' | 'unlimited' | undefined;
      depositRoute?: 'queue' | 'direct' | undefined;
      parts?: { vaultId: string; wallets: string[]; requestIds?: string[] | undefined; amount?: string | undefined; action?: 'withdraw' | 'redeem' | undefined; walletAmounts?: { wallet: string; amount: string }[] | undefined }[] | undefined;
      name?: string | undefined;
    }): Promise<Plan> {
      if (deps.keyless?.()) throw signingNeedsKey(input.action);
      const book = deps.book();
      const walletsOf = (addresses: string[]) =>
        addresses.map((address) => {
          const w = book.wallets().find((x) => x.address.toLowerCase() === address.toLowerCase());
          if (!w) throw new AppError({ code: 'WALLET_NOT_FOUND', message: `${address} is not in the wallet book.` });
          // A watch-only wallet cannot sign: it is kept in the plan as skipped, with that reason, like
          // a wallet without KYC, so one of them never blocks the batch.
          if (w.source !== 'ledger' || !w.ledger) return { address: w.address, label: w.label, path: '', watchOnly: true };
          return { address: w.address, label: w.label, path: w.ledger.path };
        });
      const named = input.name ? { name: input.name } : {};
      // The agreements the wallets a deposit skipped need, in every vault of that deposit: one plan, one batch.
      if (input.parts && input.action === 'agreements') {
        return service.planAcrossVaults(input.parts.map((p) => ({ vaultId: p.vaultId, action: input.action, wallets: walletsOf(p.wallets), ...named })));
      }
      // Claims and cancels picked across vaults: one plan, one batch.
      if (input.parts && (input.action === 'claim' || input.action === 'cancel')) {
        if (input.parts.some((p) => !p.requestIds)) {
          throw new AppError({ code: 'SIGNING_BAD_SELECTION', message: `Every vault of ${input.action}s across vaults names its requests.`, action: 'Select the requests again on the Requests screen.' });
        }
        return service.planAcrossVaults(input.parts.map((p) => ({ vaultId: p.vaultId, action: input.action, wallets: walletsOf(p.wallets), requestIds: p.requestIds ?? [], ...named })));
      }
      // A deposit or a withdrawal the operator chose in several vaults: each vault with its own amount.
      if (input.parts && (input.action === 'deposit' || input.action === 'withdraw' || input.action === 'redeem')) {
        const isWithdraw = input.action !== 'deposit';
        return service.planAcrossVaults(
          input.parts.map((p) => ({
            vaultId: p.vaultId,
            action: isWithdraw ? (p.action ?? input.action) : input.action,
            wallets: walletsOf(p.wallets),
            ...(p.amount !== undefined ? { amount: p.amount } : {}),
            ...(p.walletAmounts ? { walletAmounts: p.walletAmounts.map((a) => ({ vaultId: p.vaultId, ...a })) } : {}),
            ...(input.approval ? { approval: input.approval } : {}),
            ...named,
          })),
        );
      }
      if (input.parts) {
        throw new AppError({
          code: 'SIGNING_BAD_SELECTION',
          message: `${input.action === 'agreements' ? 'Lender agreements' : 'This operation'} cannot be planned across vaults.`,
          action: 'Plan it vault by vault.',
        });
      }
      return service.plan({
        vaultId: input.vaultId,
        action: input.action,
        wallets: walletsOf(input.wallets),
        ...(input.amount !== undefined ? { amount: input.amount } : {}),
        ...(input.requestIds ? { requestIds: input.requestIds } : {}),
        ...(input.approval ? { approval: input.approval } : {}),
        ...(input.depositRoute && input.action === 'deposit' ? { depositRoute: input.depositRoute } : {}),
        ...named,
      });
    },
    createBatch: ({ planId, acknowledgeBlindSigning }) => service.createBatch(planId, { acknowledgeBlindSigning }),
    listBatches: () => service.listBatches(),
    openBatch: ({ batchId }) => service.openBatch(batchId),
    run: ({ batchId }) => start(service.run(batchId)),
    pause: async ({ batchId }) => {
      await service.pause(batchId);
      return { paused: true as const };
    },
    retry: ({ batchId, itemId }) => start(service.retry(batchId, itemId)),
    skip: ({ batchId, itemId }) => service.skip(batchId, itemId),
    resign: ({ batchId, itemId }) => service.resign(batchId, itemId),
    replan: ({ batchId }) => {
      if (deps.keyless?.()) throw signingNeedsKey(null);
      return service.replan(batchId);
    },
    async report({ batchId }): Promise<ExportedFile> {
      const batch = await service.openBatch(batchId);
      return {
        fileName: exportFileName(`batch-${batch.selection.action}`, reportName(batch), 'csv', new Date()),
        mimeType: 'text/csv',
        content: await service.reportCsv(batchId),
      };
    },
    close: unsubscribe,
    pipeline: service,
    registry,
    chain: deps.readers.chain,
    dataDir,
    ...(ledgerService ? { certifiedCalls: ledgerService } : {}),
    ...(bundleCalls ? { bundleCalls } : {}),
  };
}

/**
 * A plan needs what only a key reads: the wallets' requests and agreements as the service records
 * them, and the agreements themselves are the service's signature records.
 */
function signingNeedsKey(action: Plan['selection']['action'] | null): AppError {
  return new AppError({
    code: 'SIGNING_NEEDS_KEY',
    message:
      action === 'agreements'
        ? 'Lender agreements need an API key: they are the service’s signature records, which it gives and records only with a key. The console reads its public data only.'
        : 'Signing needs an API key: a plan checks the wallets’ requests and lender agreements with the service, which it answers only with a key. The console reads its public data only.',
    action: ADD_KEY_ACTION,
  });
}

/** The demo's vaults are its own simulation's: they are pinned once their checks pass (the planner's and the Allowances screen's rule). */
export const DEMO_FIRST_SEEN = { kind: 'pin-after-checks', by: 'the demo (its own simulated vaults)' } as const;

/** An offline install pins nothing itself: its registry is the online install's, imported whole. */
const OFFLINE_PIN_ACTION =
  'On the online install export the vault registry (Settings → Vault registry), import it here in Settings and compare the fingerprints shown on both installs; then import the bundle again.';
