import { depositRoute, withdrawRoute, type VaultRoutingFacts } from '../../../shared/domain/actions';
import { AppError } from '../../../shared/errors';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { PlanSchema, type Batch, type Plan, type Selection } from '../../../shared/signing/schemas';
import { identityOf, listedVaults } from '../registry';
import { gatePlan } from './batch-gate';
import { KeptPlans } from './kept-plans';
import { planWithBasis, type PlanBasis } from './planner';
import { mergeVaultPlans, nextNonces, spentUnderlying } from './planning/across-vaults';
import { replanParts, replanTargets } from './replan';
import type { SigningServiceOptions } from './service-options';
import { ChainFactsReader, type ChainMoment } from '../chain-facts/moment';

/**
 * The plans of the pipeline: made here (one vault or several), made again for a batch's held
 * items, or brought by an unsigned bundle; each passes the registry's gate and is kept by id until
 * it becomes a batch (over IPC a batch is created from an id: the drafts never come from the renderer).
 */
export class SigningPlans {
  private readonly kept = new KeptPlans();
  /** Plans made to carry on a batch's held items: the batch and its items, closed once the new batch is journaled. */
  private readonly replans = new Map<string, { batchId: string; itemIds: string[] }>();

  constructor(private readonly options: SigningServiceOptions) {}

  private plannerDeps() {
    const { registry, firstSeen } = this.options;
    // The registry's check of the plan's vault, with the install's first-seen policy and the service's
    // listing the plan was read with (a pinned vault it no longer lists is frozen first).
    return {
      ...this.options,
      verifyVault: (vault: Portfolio['vaults'][number], at: ChainMoment, portfolio: Pick<Portfolio, 'vaults' | 'sources'>) =>
        registry.verifyForPlan(identityOf(vault), at, firstSeen, listedVaults(portfolio)),
    };
  }

  /** Preflight and drafts for a selection (see planner.ts), gated and kept by id. */
  async plan(input: Selection): Promise<Plan> {
    const { plan, basis } = await planWithBasis(this.plannerDeps(), input);
    await gatePlan(this.options, plan);
    this.keep(plan, [basis]);
    return structuredClone(plan);
  }

  /**
   * One plan over several vaults (claims or cancels picked across vaults, or a deposit or
   * withdrawal the operator chose in several): each vault planned as for one, after the others so
   * that a wallet's nonces follow on and its underlying balance is what the vaults before left,
   * then merged into one review and one batch. A deposit or withdrawal into a vault whose state
   * refuses it (defaulted, paused) is refused whole, naming the vault. What each vault was planned
   * from is kept with it: exported, the bundle carries one snapshot per vault.
   */
  async planAcrossVaults(parts: readonly Selection[]): Promise<Plan> {
    if (parts.length === 1) return this.plan(parts[0]!);
    const deps = this.plannerDeps();
    const planned: Plan[] = [];
    const bases: PlanBasis[] = [];
    const floor = new Map<string, number>();
    const spent = new Map<string, bigint>();
    // Every vault's facts at one block of its chain.
    const reader = new ChainFactsReader(deps.chain);
    for (const part of parts) {
      const { plan, basis } = await planWithBasis(deps, part, { nonceFloor: floor, spent, reader });
      refuseClosedVault(part.action, plan.vault.name, basis.facts.vault);
      await gatePlan(this.options, plan);
      nextNonces(plan, floor);
      spentUnderlying(plan, spent);
      planned.push(plan);
      bases.push(basis);
    }
    const plan = mergeVaultPlans(planned);
    this.keep(plan, bases);
    return structuredClone(plan);
  }

  /**
   * A fresh plan for what a batch could not send as planned (its held items, and those not sent
   * yet): the same wallets, vaults, action and amounts, through the planner and its review.
   */
  async replan(batch: Batch): Promise<Plan> {
    const targets = replanTargets(batch);
    const parts = replanParts(batch, targets);
    const plan = parts.length === 1 ? await this.plan(parts[0]!) : await this.planAcrossVaults(parts);
    this.replans.set(plan.id, { batchId: batch.id, itemIds: targets.map((i) => i.id) });
    this.options.log?.info('signing: re-planned', { batchId: batch.id, planId: plan.id, items: targets.length });
    return plan;
  }

  /** The batch and items a plan carries on, once, when it becomes a batch (null for any other plan). */
  takeReplanned(planId: string): { batchId: string; itemIds: string[] } | null {
    const source = this.replans.get(planId) ?? null;
    this.replans.delete(planId);
    return source;
  }

  /**
   * A plan that did not come from this install's planner (an unsigned bundle, checked on import),
   * kept by id like the others so the same review and `createBatch` serve it.
   */
  async register(plan: Plan): Promise<Plan> {
    const parsed = PlanSchema.parse(plan);
    await gatePlan(this.options, parsed);
    this.keep(parsed, null);
    return structuredClone(parsed);
  }

  /** Keeps a plan by id and tells the plan events: its forks start, and those of plans pushed out stop. */
  private keep(plan: Plan, bases: PlanBasis[] | null): void {
    const dropped = this.kept.keep(plan, bases);
    for (const id of dropped) this.options.planEvents?.dropped(id);
    this.options.planEvents?.kept(plan);
  }

  /** A kept plan by id, whatever made it (one vault or several), for its simulation. */
  find(planId: string): Plan {
    return this.kept.find(planId);
  }

  forExport(planId: string): { plan: Plan; basis: PlanBasis; bases: PlanBasis[] } {
    return this.kept.forExport(planId);
  }

  markExported(planId: string, fileName: string): void {
    this.kept.markExported(planId, fileName);
  }

  /** The plan to start as a batch: one kept by id, or one given whole; refused once exported. */
  toStart(planOrId: Plan | string): Plan {
    return this.kept.toStart(planOrId);
  }

  /** The plan became a batch: it is no longer kept, and its forks stop. */
  started(planId: string): void {
    this.kept.forget(planId);
    this.options.planEvents?.started(planId);
  }
}

/**
 * A new deposit or withdrawal into a vault whose state refuses it (defaulted; paused between
 * epochs for deposits): across vaults the whole plan is refused with the vault named, rather than
 * every wallet skipped there.
 */
function refuseClosedVault(action: Selection['action'], vaultName: string, facts: VaultRoutingFacts): void {
  const routed = action === 'deposit' ? depositRoute(facts) : action === 'withdraw' || action === 'redeem' ? withdrawRoute(facts) : null;
  if (!routed || routed.ok) return;
  throw new AppError({
    code: 'SIGNING_VAULT_CLOSED',
    message: `${vaultName}: ${routed.reason} Nothing was planned.`,
    action: `Remove ${vaultName} from the operation and review again.`,
    details: { vaultName, state: facts.state, paused: facts.paused },
  });
}
