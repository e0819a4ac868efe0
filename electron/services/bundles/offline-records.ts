import type { PlannerCheck } from '../../../shared/bundles/ipc';
import { verifyPlannerSignature } from '../../../shared/bundles/planner';
import { checkPlannerTrusted, type TrustedPlanner } from '../../../shared/bundles/planner-trust';
import { plainText } from '../../../shared/bundles/plain-text';
import { checkPolicy, policyLines } from '../../../shared/bundles/policy';
import { checkVaultAgainstRegistry, pinnedPlanVault, vaultNotPinned } from '../../../shared/bundles/registry-check';
import type { UnsignedBundle } from '../../../shared/bundles/schemas';
import { bundleParts } from '../../../shared/bundles/vaults';
import { toAppErrorData } from '../../../shared/errors';
import type { VaultRegistry } from '../registry';
import { OfflinePolicyStore } from './offline-policy';
import { rebuildForReview } from './rebuild-review';
import { TrustedPlannerStore } from './trusted-planners';

/**
 * The offline install's own records, against which it reviews an unsigned bundle: the planners it
 * trusts, its vault registry and its policy. Each is read before anything else of a review, and a
 * record that cannot be read refuses the review naming its file (never replaced by a default, an
 * empty list or an empty registry). A demo run's planners (the simulation's, a public key) are
 * trusted in memory for that run only: nothing of them is written.
 */

interface OfflineRecordsOptions {
  dataDir: string;
  /** This install's registry (the offline one fails closed: see registry-record.ts). */
  registry: VaultRegistry;
  /** Trusted for this run only (headless `--sim`): never written to trusted-planners.json. */
  demoPlanners?: readonly TrustedPlanner[];
  /** This install's clock, for the bundle's age. */
  now?: () => Date;
}

export class OfflineRecords {
  readonly policy: OfflinePolicyStore;
  readonly planners: TrustedPlannerStore;

  constructor(private readonly options: OfflineRecordsOptions) {
    this.policy = new OfflinePolicyStore(options.dataDir);
    this.planners = new TrustedPlannerStore(options.dataDir);
  }

  /** The planners a signature is checked against: the file's (never a public key), then this run's. */
  async trusted(): Promise<TrustedPlanner[]> {
    const demo = (this.options.demoPlanners ?? []).map((p) => ({ ...p, demo: true }));
    return [...(await this.planners.trusted()), ...demo];
  }

  /**
   * The bundle as this install reviews it: signed by a planner it trusts, each of its vaults pinned
   * in its registry at the addresses the bundle states for it, its reviews rebuilt here on the pinned vault, and
   * within its policy (its age too). Throws the refusal naming what differs.
   */
  async review(stated: UnsignedBundle): Promise<{ bundle: UnsignedBundle; notes: string[] }> {
    // Every record first: a damaged one refuses the review whatever the bundle holds.
    const [trusted, vaults, policy] = await Promise.all([this.trusted(), this.options.registry.list(), this.policy.read()]);
    const planner = checkPlannerTrusted(await verifyPlannerSignature(stated), trusted);
    // Each vault's part against its own pinned entry: one vault this install does not pin refuses the whole bundle.
    const parts = bundleParts(stated);
    const entries = parts.map((part) => {
      const entry = vaults.find((v) => v.vaultId === part.vault.id);
      if (!entry) throw vaultNotPinned(part.vault, parts.length);
      return entry;
    });
    const pinned = parts.map((part, k) => {
      checkVaultAgainstRegistry(part, entries[k]!);
      return { entry: entries[k]!, vault: pinnedPlanVault(entries[k]!, part.vault.state) };
    });
    const reviewed = rebuildForReview(stated, pinned);
    checkPolicy(reviewed, policy, this.options.now?.() ?? new Date());
    // Shown with every review: who planned it, and what this install checked it against.
    const notes = [
      `Planned and signed by ${plainText(planner.label)} ${planner.address}, a planner this install trusts${
        planner.demo ? ' for this demo run only' : ''
      }; the signature covers the whole bundle.`,
      `Every address was checked against this install's registry: ${pinned
        .map(({ entry, vault }) => `${vault.name} on chain ${entry.chainId}, pinned ${entry.pinnedAt.slice(0, 10)}`)
        .join('; ')}; the texts of this review were written here from the calldata.`,
      `This install's policy, which the bundle keeps to: ${policyLines(policy).join('; ')}.`,
    ];
    return { bundle: reviewed, notes };
  }

  /** The planner check of a bundle as the review makes it, stated for a bundle only opened to look at. */
  async plannerCheck(bundle: UnsignedBundle): Promise<PlannerCheck> {
    try {
      const planner = checkPlannerTrusted(await verifyPlannerSignature(bundle), await this.trusted());
      return { status: 'trusted', address: planner.address, label: plainText(planner.label), refused: null };
    } catch (err) {
      return { status: 'refused', address: bundle.planner.address, label: null, refused: toAppErrorData(err) };
    }
  }
}
