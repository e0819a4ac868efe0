import { AppError } from '../../../shared/errors';
import { PlanSchema, type Plan } from '../../../shared/signing/schemas';
import type { PlanBasis } from './planner';

const MAX_KEPT_PLANS = 20;

interface KeptPlan {
  plan: Plan;
  /** What it was made from, one per vault in the plan's vault order (plans made here only). */
  bases: PlanBasis[] | null;
  /** Set once the plan left as an unsigned bundle: its nonces will be signed on the offline install. */
  exportedAs: string | null;
}

/** Recent plans by id, so a batch can be created from an id alone (over IPC the drafts never come from the renderer). */
export class KeptPlans {
  private readonly plans = new Map<string, KeptPlan>();

  /** Keeps a plan; returns the ids of the oldest plans it pushed out. */
  keep(plan: Plan, bases: PlanBasis[] | null): string[] {
    this.plans.delete(plan.id);
    this.plans.set(plan.id, { plan, bases, exportedAs: null });
    const dropped: string[] = [];
    while (this.plans.size > MAX_KEPT_PLANS) {
      const oldest = this.plans.keys().next().value!;
      this.plans.delete(oldest);
      dropped.push(oldest);
    }
    return dropped;
  }

  /** A kept plan as it is, whatever made it (one vault or several, planned here or imported). */
  find(planId: string): Plan {
    const kept = this.plans.get(planId);
    if (!kept) throw new AppError({ code: 'SIGNING_PLAN_NOT_FOUND', message: 'This plan is no longer available.', action: 'Plan the batch again.' });
    return structuredClone(kept.plan);
  }

  /** A plan made here with what it was made from: `basis` its (first) vault's, `bases` one per vault. */
  forExport(planId: string): { plan: Plan; basis: PlanBasis; bases: PlanBasis[] } {
    const kept = this.plans.get(planId);
    if (!kept || !kept.bases || kept.bases.length === 0) {
      throw new AppError({
        code: 'SIGNING_PLAN_NOT_FOUND',
        message: 'This plan is no longer available (or was already started as a batch here).',
        action: 'Plan the batch again, then export it.',
      });
    }
    return structuredClone({ plan: kept.plan, basis: kept.bases[0]!, bases: kept.bases });
  }

  markExported(planId: string, fileName: string): void {
    const kept = this.plans.get(planId);
    if (kept) kept.exportedAs = fileName;
  }

  /** The plan to start as a batch: one kept by id, or one given whole; refused once exported. */
  toStart(planOrId: Plan | string): Plan {
    const kept = typeof planOrId === 'string' ? this.plans.get(planOrId) : undefined;
    const plan = typeof planOrId === 'string' ? kept?.plan : PlanSchema.parse(planOrId);
    if (!plan) throw new AppError({ code: 'SIGNING_PLAN_NOT_FOUND', message: 'This plan is no longer available.', action: 'Plan the batch again.' });
    if (kept?.exportedAs) {
      // Its nonces are being signed on the offline install: signing them here too would sign them twice.
      throw new AppError({
        code: 'SIGNING_PLAN_EXPORTED',
        message: `This plan was exported for offline signing as ${kept.exportedAs}; its transactions are signed there.`,
        action: 'Import the signed bundle when it comes back, or plan again to sign here instead.',
      });
    }
    return plan;
  }

  forget(planId: string): void {
    this.plans.delete(planId);
  }
}
