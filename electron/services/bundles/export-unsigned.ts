import type { Hex } from 'viem';
import { bundleText, draftUnsignedBundle, signedByPlanner, summarize, type UnsignedDraft } from '../../../shared/bundles/build';
import type { BundleFile, PlannerPreview } from '../../../shared/bundles/ipc';
import { PLANNER_DOMAIN, PLANNER_PATH, PLANNER_PRIMARY_TYPE, PLANNER_TYPES, plannerHashes, verifyPlannerSignature } from '../../../shared/bundles/planner';
import type { BundleSource, BundleSummary } from '../../../shared/bundles/schemas';
import { bundleSimulationOf, notSimulated, type BundleSimulation } from '../../../shared/bundles/simulation';
import { toLowS } from '../../../shared/bundles/signature';
import { readUnsignedBundle } from '../../../shared/bundles/verify-unsigned';
import { typedDataHashScreens } from '../../../shared/device/screens';
import type { SignedMessage } from '../../../shared/device/state';
import { AppError } from '../../../shared/errors';
import type { EpochRow } from '../../../shared/ipc/schemas';
import type { PlanSimulation } from '../../../shared/simulation';
import type { Plan } from '../../../shared/signing/schemas';
import type { Logger } from '../log/logger';
import type { SigningService } from '../signing/signing-service';
import { bundleScreens } from './device-screens';
import { plannedClearSigning, reviewedOffline } from './offline-reviews';
import type { CarrySource } from '../device/ledger-service/carried-call';
import { snapshotFromBasis } from './snapshot';
import type { BundleStore } from './store';

/**
 * Online: a reviewed plan leaves as an unsigned bundle, in two steps. `prepare` drafts the bundle and
 * says what the planner's Ledger will be asked to sign (the plan hash, the EIP-712 domain, and the
 * domain hash and message hash the device shows), so the operator reads them before the device
 * asks; `export` has the planner's Ledger sign exactly that draft (typed data, hashed mode, at
 * PLANNER_PATH) and seals the file.
 */

interface ExportDeps {
  signing: SigningService;
  source: () => BundleSource | Promise<BundleSource>;
  epochHistory?: (vaultId: string) => Promise<EpochRow[]>;
  simulationOf?: (planId: string) => Promise<PlanSimulation | null>;
  /** The planner's Ledger: signs the two EIP-712 hashes at PLANNER_PATH. */
  signTypedDataHash: (path: string, hashes: { domainHash: string; messageHash: string }) => Promise<SignedMessage>;
  store: BundleStore;
  /** (online) Ledger's service as the planner asked it: the certified calls each bundle carries for the offline install. */
  certifiedCalls?: CarrySource;
  /** (online) Told of each bundle that leaves, to list it as awaited back. */
  onExported?: (summary: BundleSummary, name: string | null) => Promise<void>;
  log?: Logger;
}

const JSON_TYPE = 'application/json' as const;

export class UnsignedExporter {
  /** Drafts prepared by plan id, to sign as shown. */
  private readonly prepared = new Map<string, { draft: UnsignedDraft; preview: PlannerPreview }>();
  /** Unsigned bundles exported by plan id: exporting again gives the same file. */
  private readonly exported = new Map<string, BundleFile>();

  constructor(private readonly deps: ExportDeps) {}

  async prepare(planId: string): Promise<PlannerPreview> {
    const known = this.prepared.get(planId);
    if (known) return structuredClone(known.preview);
    const { plan, bases } = this.deps.signing.planForExport(planId);
    if (!plan.items.some((i) => i.step !== 'none')) {
      throw new AppError({
        code: 'BUNDLE_NOTHING_TO_SIGN',
        message: 'This plan has nothing to sign: every wallet was skipped.',
        action: 'Read the reasons in the review, change the selection and plan again.',
      });
    }
    // One snapshot per vault (across vaults, in the plan's vault order), each with that vault's epochs.
    const source = await this.deps.source();
    const snapshots = [];
    for (const basis of bases) snapshots.push(snapshotFromBasis(plan, basis, source, await this.epochsOf(basis.vault.id)));
    const carried = (item: Plan['items'][number]) => plannedClearSigning(item, this.deps.certifiedCalls);
    const draft = draftUnsignedBundle(reviewedOffline(plan, carried), snapshots, new Date().toISOString(), await this.simulationFor(plan), carried);
    const hashes = plannerHashes(draft);
    const preview: PlannerPreview = {
      planId,
      path: PLANNER_PATH,
      planHash: hashes.planHash,
      domain: { ...PLANNER_DOMAIN },
      type: `${PLANNER_PRIMARY_TYPE}(${PLANNER_TYPES.UnsignedBundle.map((f) => `${f.type} ${f.name}`).join(',')})`,
      domainHash: hashes.domainHash,
      messageHash: hashes.messageHash,
      screens: typedDataHashScreens(hashes.domainHash, hashes.messageHash),
    };
    this.prepared.set(planId, { draft, preview });
    return structuredClone(preview);
  }

  async export(planId: string): Promise<BundleFile> {
    const already = this.exported.get(planId);
    if (already) return structuredClone(already);
    await this.prepare(planId);
    const { draft, preview } = this.prepared.get(planId)!;
    // The planner's Ledger signs the plan hash as typed data: the offline install reviews only
    // bundles its trusted planners signed, so a bundle changed on the way cannot pass for this one.
    const signed = await this.deps.signTypedDataHash(PLANNER_PATH, { domainHash: preview.domainHash, messageHash: preview.messageHash });
    const bundle = signedByPlanner(draft, { address: signed.address, signature: toLowS(signed.signature as Hex) });
    const content = bundleText(bundle);
    // The file must pass the offline install's checks: check it here before it leaves.
    readUnsignedBundle(content, bundleScreens);
    await verifyPlannerSignature(bundle);
    const summary = summarize(bundle);
    const file: BundleFile = { fileName: summary.fileName, mimeType: JSON_TYPE, content, checksum: bundle.checksum, summary };
    this.deps.signing.markExported(planId, file.fileName);
    this.exported.set(planId, file);
    this.prepared.delete(planId);
    // Kept: a signed bundle coming back must answer a plan exported from here.
    await this.deps.store.save('exported', bundle.checksum, content);
    await this.deps.onExported?.(summary, bundle.plan.name ?? null);
    this.deps.log?.info('bundles: unsigned bundle exported', {
      planId,
      planner: bundle.planner.address,
      planHash: preview.planHash,
      checksum: bundle.checksum,
      transactions: bundle.counts.transactions,
      messages: bundle.counts.messages,
    });
    return structuredClone(file);
  }

  /** A vault's epoch records for its snapshot, or null when they cannot be read. */
  private async epochsOf(vaultId: string): Promise<{ readAt: string; rows: EpochRow[] } | null> {
    if (!this.deps.epochHistory) return null;
    try {
      return { readAt: new Date().toISOString(), rows: await this.deps.epochHistory(vaultId) };
    } catch (err) {
      // The epoch records only inform the snapshot: the plan itself is complete without them.
      this.deps.log?.warn('bundles: epoch history not read for the snapshot', { vaultId, message: (err as Error).message });
      return null;
    }
  }

  /** The plan's simulation as the bundle carries it, or "not simulated" with the reason. */
  private async simulationFor(plan: Plan): Promise<BundleSimulation> {
    const chainIds = [...new Set(plan.items.filter((i) => i.tx).map((i) => i.chainId))];
    const none = (reason: string) => notSimulated(plan.id, chainIds, reason, new Date().toISOString());
    if (!this.deps.simulationOf) return none('This install does not simulate plans.');
    try {
      const simulation = await this.deps.simulationOf(plan.id);
      return simulation ? bundleSimulationOf(simulation, chainIds) : none('This install does not simulate plans.');
    } catch (err) {
      // Information only: a simulation that cannot run never keeps the plan from leaving.
      this.deps.log?.warn('bundles: plan not simulated for the bundle', { planId: plan.id, message: (err as Error).message });
      return none(`The simulation could not run: ${(err as Error).message}`);
    }
  }
}
