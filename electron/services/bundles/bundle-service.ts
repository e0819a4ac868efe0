import type { PublicClient } from 'viem';
import { bundleText, buildSignedBundle, summarize } from '../../../shared/bundles/build';
import { PLANNER_PATH } from '../../../shared/bundles/planner';
import type { TrustedPlanner } from '../../../shared/bundles/planner-trust';
import { derivationPath } from '../../../shared/device/paths';
import type { TrustedPlannerView } from '../../../shared/bundles/ipc';
import type { DevicePort } from '../device/device-port';
import type { CarrySource } from '../device/ledger-service/carried-call';
import { publicPlannerRefusal, type TrustedPlannerStore } from './trusted-planners';
import { bundleError } from '../../../shared/bundles/errors';
import type { BundleFile, BundleView, ImportedSigned, ImportedUnsigned, PlannerPreview, SendCheck } from '../../../shared/bundles/ipc';
import { SIGNED_BUNDLE_FORMAT, type BundleSource, type SignedItem, type UnsignedBundle } from '../../../shared/bundles/schemas';
import { readSignedBundle } from '../../../shared/bundles/verify-signed';
import { readUnsignedBundle } from '../../../shared/bundles/verify-unsigned';
import { bundleVaults, itemVault } from '../../../shared/bundles/vaults';
import type { BundleCalls } from './carried-calls';
import { plainSimulation, type BundleSimulation } from '../../../shared/bundles/simulation';
import type { PlanSimulation } from '../../../shared/simulation';
import { bundleScreens } from './device-screens';
import { plainText } from '../../../shared/bundles/plain-text';
import type { VaultRegistry } from '../registry';
import type { OfflinePolicyStore } from './offline-policy';
import { OfflineRecords } from './offline-records';
import { publicDevAccount } from '../../../shared/bundles/public-keys';
import { AppError } from '../../../shared/errors';
import type { EpochRow } from '../../../shared/ipc/schemas';
import type { Batch } from '../../../shared/signing/schemas';
import type { Logger } from '../log/logger';
import type { SigningService } from '../signing/signing-service';
import { sendableReport } from '../signing/sendable';
import { batchFromSignedBundle, broadcastBatchId } from './batch-from-signed';
import { batchIdOfPlan, planFromBundle } from './plan-from-bundle';
import { UnsignedExporter } from './export-unsigned';
import { BundleStore } from './store';
import { ExportedBundles } from './exported-list';

/**
 * Offline review, end to end. Online: a plan leaves as an unsigned bundle. Offline: the bundle is
 * checked, becomes a plan reviewed on the usual screens and a journaled batch signed on the device
 * with nothing sent, and its signatures leave as a signed bundle. Back online: the signed bundle is
 * checked, journaled as a batch of signed items, and sent through the same journal. Nothing on the
 * offline side touches a network: importing, signing and exporting read only the file, the
 * journal and the device.
 */

interface BundleServiceOptions {
  /** The folder of this mode's journals; imported bundles are kept under `<dataDir>/bundles/`. */
  dataDir: string;
  signing: SigningService;
  /** A client for a chain id (online only: sending, and the checks before it). */
  chain: (chainId: number) => PublicClient | Promise<PublicClient>;
  /** Where plans made here take their figures from, for the snapshot. */
  source: () => BundleSource | Promise<BundleSource>;
  /** The vault's epoch records, for the snapshot (online only; left out when they cannot be read). */
  epochHistory?: (vaultId: string) => Promise<EpochRow[]>;
  /**
   * This install's own vault registry: an unsigned bundle is reviewed and signed only on a vault
   * pinned there, at the pinned addresses (the offline install imports it from the online one).
   */
  registry: VaultRegistry;
  /**
   * The Ledger: online, the planner's device signs each unsigned bundle's plan hash (EIP-712, at
   * PLANNER_PATH); offline, it
   * shows a planner's address before it is trusted, and gives the reviewer's account.
   */
  device?: BundleDevice;
  /**
   * (online) What the plan will change, run on a fork of each chain (the review's simulation, on
   * the plan's kept forks): carried in the unsigned bundle as the planner's information. Absent,
   * null or failing, the bundle says "not simulated" with the reason; the export never waits on it.
   */
  simulationOf?: (planId: string) => Promise<PlanSimulation | null>;
  /**
   * (offline, a demo run only: headless --sim) Planners trusted in memory for this run, such as the
   * simulation's (a public key): never written to the data folder's trusted-planners.json.
   */
  demoPlanners?: readonly TrustedPlanner[];
  /** (online) Ledger's service as the planner asked it: each exported bundle carries the certified calls it accepted. */
  certifiedCalls?: CarrySource;
  /**
   * (offline) The calls accepted from the bundles reviewed here: the signing device this install's
   * batches go through carries them to the Ledger (see carried-calls.ts).
   */
  bundleCalls?: BundleCalls;
  /** This install's clock (a bundle's age is measured on it). */
  now?: () => Date;
  log?: Logger;
}

type BundleDevice = Partial<Pick<DevicePort, 'signTypedDataHash' | 'verifyAddress' | 'discoverAccounts'>>;

/**
 * The account named as reviewer (offline): the first BIP-44 account of the desk's Ledger
 * (44'/60'/0'/0/0), stated, not signed. The planner signs at its own path (PLANNER_PATH).
 */
const REVIEWER_ACCOUNT_PATH = derivationPath('bip44', 0);

const JSON_TYPE = 'application/json' as const;

export class BundleService {
  private readonly store: BundleStore;
  private readonly exporter: UnsignedExporter;

  constructor(private readonly options: BundleServiceOptions) {
    this.store = new BundleStore(options.dataDir);
    this.exporter = new UnsignedExporter({
      signing: options.signing,
      source: options.source,
      ...(options.epochHistory ? { epochHistory: options.epochHistory } : {}),
      ...(options.simulationOf ? { simulationOf: options.simulationOf } : {}),
      ...(options.log ? { log: options.log } : {}),
      ...(options.certifiedCalls ? { certifiedCalls: options.certifiedCalls } : {}),
      signTypedDataHash: (path, hashes) => this.deviceFor('signTypedDataHash')(path, hashes),
      store: this.store,
      onExported: (summary, name) => this.exported.record(summary, name),
    });
    this.exported = new ExportedBundles({ dataDir: options.dataDir, batches: () => options.signing.listBatches(), ...(options.now ? { now: options.now } : {}) });
    this.records = new OfflineRecords({
      dataDir: options.dataDir,
      registry: options.registry,
      ...(options.demoPlanners ? { demoPlanners: options.demoPlanners } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
    this.policy = this.records.policy;
    this.planners = this.records.planners;
  }

  /** (online) The unsigned bundles exported from here, and what became of each (kept across restarts). */
  readonly exported: ExportedBundles;

  /** The offline install's own records: its trusted planners, registry and policy, read fail-closed for every review. */
  readonly records: OfflineRecords;

  /** The offline install's trusted planners (a file in its data folder). */
  readonly planners: TrustedPlannerStore;

  /** Where the planner's account is on its Ledger: it signs plan hashes (EIP-712) and nothing else. */
  readonly plannerPath = PLANNER_PATH;

  private deviceFor<K extends keyof BundleDevice>(what: K): NonNullable<BundleDevice[K]> {
    const fn = this.options.device?.[what];
    if (!fn) {
      throw new AppError({
        code: 'BUNDLE_NO_DEVICE',
        message: 'No Ledger is available to this install for bundles.',
        action: 'Connect the Ledger, open its Ethereum app, and try again.',
      });
    }
    return fn.bind(this.options.device) as NonNullable<BundleDevice[K]>;
  }

  /** The offline install's policy (a file in its data folder), applied to every unsigned bundle. */
  readonly policy: OfflinePolicyStore;

  // ---- online: plan → unsigned bundle ---------------------------------------------------------

  /** What the planner's Ledger will sign for this plan's bundle (plan hash, domain hash, message hash): shown before it asks. */
  prepareExport(planId: string): Promise<PlannerPreview> {
    return this.exporter.prepare(planId);
  }

  /** The plan's unsigned bundle, its prepared draft signed by the planner's Ledger (EIP-712 at PLANNER_PATH). */
  exportUnsigned(planId: string): Promise<BundleFile> {
    return this.exporter.export(planId);
  }

  // ---- offline: unsigned bundle → plan → batch → signed bundle --------------------------------

  async importUnsigned(content: string, fileName: string | null = null): Promise<ImportedUnsigned> {
    const { bundle: stated, checksum } = readUnsignedBundle(content, bundleScreens);
    // Its planner, then this install's registry and policy: each record read fail-closed.
    const { bundle, notes } = await this.records.review(stated);
    const plan = planFromBundle(bundle, checksum, fileName);
    plan.warnings.push(...notes);
    // The calls reviewed in clear go to the device with their certified structures.
    this.options.bundleCalls?.accept(bundle.items.flatMap((item) => (item.kind === 'transaction' ? [{ item, vault: itemVault(bundle, item).vault }] : [])));
    await this.store.save('unsigned', checksum, content);
    const batchId = batchIdOfPlan(plan.id);
    const existing = (await this.options.signing.hasBatch(batchId)) ? batchId : null;
    // A bundle imported again opens its batch: what was signed stays signed, nothing twice.
    const admitted = existing ? plan : await this.options.signing.registerPlan(plan);
    this.options.log?.info('bundles: unsigned bundle imported', { checksum, batchId: existing, items: bundle.items.length });
    return { bundle: summarize(bundle), plan: admitted, batchId: existing, snapshot: bundle.snapshot, simulation: simulationShown(bundle) };
  }

  async exportSigned(batchId: string): Promise<BundleFile> {
    const batch = await this.options.signing.openBatch(batchId);
    if (batch.origin?.kind !== 'offline-signing') {
      throw new AppError({
        code: 'BUNDLE_NOT_OFFLINE_BATCH',
        message: 'This batch was not imported from an unsigned bundle: its transactions are sent from this install, not saved.',
        action: 'Open the batch of the imported bundle.',
      });
    }
    const unsigned = await this.storedUnsigned(batch.origin.bundleChecksum);
    const open = batch.items.filter((i) => i.step !== 'none' && (i.state === 'waiting' || i.state === 'on-device'));
    if (open.length > 0) {
      throw new AppError({
        code: 'BUNDLE_NOT_ALL_SIGNED',
        message: `${open.length} of ${unsigned.items.length} items are not signed yet (first: ${open[0]!.label} ${open[0]!.step}).`,
        action: 'Sign them, or skip the ones to leave out, then save the signed bundle.',
      });
    }
    const items: SignedItem[] = unsigned.items.map((reviewed) => {
      const item = batch.items.find((i) => i.id === reviewed.id);
      if (!item) throw bundleError('BUNDLE_INCONSISTENT', `The batch has no item ${reviewed.id} of the bundle it was made from.`);
      const signed = item.state === 'signed';
      return {
        index: reviewed.index,
        id: reviewed.id,
        state: signed ? 'signed' : item.state === 'skipped' ? 'skipped' : 'failed',
        note: signed ? null : (item.reason ?? item.state),
        transaction: signed && item.signed ? { serialized: item.signed.serialized, hash: item.signed.hash, signingHash: item.signed.signingHash } : null,
        signature: signed && item.message ? item.signature : null,
        signedAt: signed ? (item.signed?.at ?? lastSigned(item.history)) : null,
      };
    });
    const bundle = buildSignedBundle(unsigned, items, new Date().toISOString(), await this.reviewer());
    const content = bundleText(bundle);
    // The online install refuses anything but the reviewed drafts signed by their wallets: so
    // does this one, before the file is written.
    await readSignedBundle(content, bundleScreens);
    const summary = summarize(bundle);
    this.options.log?.info('bundles: signed bundle exported', { batchId, checksum: bundle.checksum, signed: summary.signed });
    return { fileName: summary.fileName, mimeType: JSON_TYPE, content, checksum: bundle.checksum, summary };
  }

  /** The reviewer's account: this install's Ledger at the desk account's path (read, not shown). */
  private async reviewer(): Promise<{ address: string; path: string }> {
    const [account] = await this.deviceFor('discoverAccounts')({ scheme: 'bip44', start: 0, count: 1 });
    if (!account) throw new AppError({ code: 'BUNDLE_NO_DEVICE', message: 'The Ledger gave no account.', action: 'Reconnect the Ledger and save the signed bundle again.' });
    return { address: account.address, path: REVIEWER_ACCOUNT_PATH };
  }

  /**
   * Trusts a planner once its address was compared on its Ledger: the device, plugged in here,
   * shows its account at `path`, which must be the address typed in, and the operator confirms.
   */
  async addPlanner(address: string, label: string, path: string): Promise<TrustedPlannerView[]> {
    // Refused before the device is asked: a key anyone can sign with is never a planner here.
    if (publicDevAccount(address)) throw publicPlannerRefusal(address, ' by this install');
    await this.deviceFor('verifyAddress')(path, address);
    const planners = await this.planners.add({ address, label: plainText(label), checkedBy: 'device' });
    this.options.log?.info('bundles: planner trusted', { address, path });
    return planners;
  }

  // ---- back online: signed bundle → batch to send ---------------------------------------------

  async importSigned(content: string, fileName: string | null = null, options: { acceptForeign?: boolean } = {}): Promise<ImportedSigned> {
    const { bundle, checksum } = await readSignedBundle(content, bundleScreens);
    const u = bundle.unsigned;
    if (!options.acceptForeign && (await this.store.read('exported', u.checksum)) === null) {
      throw new AppError({
        code: 'BUNDLE_FOREIGN_PLAN',
        message: `This signed bundle answers a plan this install never exported (${u.checksum.slice(0, 15)}…, ${plainText(u.vault.name)}, planned ${u.createdAt.slice(0, 16).replace('T', ' ')}): it was planned elsewhere, or on this install's data folder before it was reset.`,
        action:
          'Send it only if you know where it was planned and why: import it again deliberately (Import anyway, or --accept-foreign-plan headless). Otherwise plan here, export, and have it signed offline.',
        details: { unsignedChecksum: u.checksum },
      });
    }
    // The operator gave this bundle up: it comes back only once they take it back (Resume).
    await this.exported.refuseIfAbandoned(u.checksum);
    // A signature is bound to its chain: an RPC for another chain would take none of them (each vault's chain, across vaults).
    for (const vault of bundleVaults(u)) {
      const client = await this.options.chain(vault.chainId);
      const rpcChainId = await client.getChainId();
      if (rpcChainId !== vault.chainId) {
        throw new AppError({
          code: 'SIGNING_WRONG_CHAIN',
          message: `The RPC address for ${vault.name} answers for chain ${rpcChainId}, not ${vault.chainId}.`,
          action: 'Correct the RPC addresses of this chain in Settings → Chains, then import the bundle again.',
        });
      }
    }
    const id = broadcastBatchId(u.checksum);
    if (await this.options.signing.hasBatch(id)) {
      const known = await this.options.signing.openBatch(id);
      if (known.origin?.kind === 'bundle-broadcast' && known.origin.bundleChecksum !== checksum) {
        throw new AppError({
          code: 'BUNDLE_ALREADY_IMPORTED',
          message: `Another signed bundle of the same plan was imported before (${known.origin.fileName ?? known.origin.bundleChecksum}), as batch ${id}.`,
          action: 'Open that batch. Two signed bundles of one plan carry the same nonces: only one of them can be sent.',
        });
      }
    }
    await this.store.save('signed', checksum, content);
    const { batch, created } = await this.options.signing.importBatch(batchFromSignedBundle(bundle, checksum, fileName));
    const checks = await this.sendChecks(batch);
    this.options.log?.info('bundles: signed bundle imported', {
      checksum,
      batchId: batch.id,
      created,
      problems: checks.filter((c) => c.problem).map((c) => c.problem!.code),
    });
    return { bundle: summarize(bundle), batch, created, checks, snapshot: u.snapshot };
  }

  /** What the chain says now about each signed transaction still to send (nonces, fees). */
  async sendChecks(batch: Batch): Promise<SendCheck[]> {
    const pending = batch.items.filter((i) => i.state === 'signed' && i.tx && i.signed);
    const report = await sendableReport(this.options.chain, pending);
    return pending.map((i) => ({ itemId: i.id, wallet: i.wallet, label: i.label, nonce: i.tx?.nonce ?? null, problem: report.get(i.id) ?? null }));
  }

  // ---- either side: look at a bundle ----------------------------------------------------------

  /**
   * Checks a bundle file of either kind without importing it, and shows what it holds. With
   * `checkPlanner` (an unsigned bundle on the offline install) it also states the planner check the
   * review makes, so a bundle from a planner not trusted here is never shown as ready to review.
   */
  async inspect(content: string, options: { checkPlanner?: boolean } = {}): Promise<BundleView> {
    if (looksSigned(content)) {
      const { bundle } = await readSignedBundle(content, bundleScreens);
      const u = bundle.unsigned;
      return { ...vaultsShown(u), bundle: summarize(bundle), simulation: simulationShown(u), planner: null };
    }
    const { bundle } = readUnsignedBundle(content, bundleScreens);
    const planner = options.checkPlanner ? await this.records.plannerCheck(bundle) : null;
    return { ...vaultsShown(bundle), bundle: summarize(bundle), simulation: simulationShown(bundle), planner };
  }

  /** The bundle a batch came from, and the state it was planned from. */
  async snapshot(batchId: string): Promise<BundleView> {
    const batch = await this.options.signing.openBatch(batchId);
    const origin = batch.origin;
    if (!origin) {
      throw new AppError({
        code: 'BUNDLE_NOT_OFFLINE_BATCH',
        message: 'This batch was planned on this install: it has no bundle or snapshot.',
        action: 'Open a batch imported from a bundle.',
      });
    }
    const kind = origin.kind === 'offline-signing' ? 'unsigned' : 'signed';
    const text = await this.store.read(kind, origin.bundleChecksum);
    if (!text) throw missingBundle(origin.bundleChecksum);
    return this.inspect(text);
  }

  private async storedUnsigned(checksum: string): Promise<UnsignedBundle> {
    const text = await this.store.read('unsigned', checksum);
    if (!text) throw missingBundle(checksum);
    return readUnsignedBundle(text, bundleScreens).bundle;
  }
}

/** The planner's simulation as a review shows it: information, its texts made plain. */
function simulationShown(bundle: UnsignedBundle): BundleSimulation | null {
  return bundle.simulation ? plainSimulation(bundle.simulation) : null;
}

/** The vault and snapshot a bundle view shows first, and every vault's with its snapshot across vaults. */
function vaultsShown(bundle: UnsignedBundle): Pick<BundleView, 'vault' | 'snapshot' | 'vaults' | 'snapshots'> {
  return {
    vault: bundle.vault,
    snapshot: bundle.snapshot,
    ...(bundle.vaults && bundle.snapshots ? { vaults: bundle.vaults, snapshots: bundle.snapshots } : {}),
  };
}

function looksSigned(content: string): boolean {
  try {
    return (JSON.parse(content) as { format?: unknown }).format === SIGNED_BUNDLE_FORMAT;
  } catch {
    return false;
  }
}

function lastSigned(history: Batch['items'][number]['history']): string | null {
  return [...history].reverse().find((h) => h.state === 'signed')?.at ?? null;
}

function missingBundle(checksum: string): AppError {
  return new AppError({
    code: 'BUNDLE_NOT_FOUND',
    message: `The bundle this batch was imported from (${checksum}) is no longer in the data folder.`,
    action: 'Import the same bundle file again: its batch and signatures are kept.',
  });
}

export function createBundleService(options: BundleServiceOptions): BundleService {
  return new BundleService(options);
}
