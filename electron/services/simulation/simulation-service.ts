import { AppError } from '../../../shared/errors';
import type { PlanSimulation } from '../../../shared/simulation';
import { ForkSession, simulatePlan, type PlanToSimulate, type SimulationDeps } from './simulate-plan';

/** At most this many plans keep forks at once: the oldest one's forks are stopped first. */
const MAX_SESSIONS = 3;
/** A plan nobody looked at for this long has its forks stopped (they start again on demand). */
const IDLE_MS = 10 * 60_000;

/**
 * The simulations of the plans under review: the forks of a plan start in the background when it
 * is planned (`prepare`), are reused while it is reviewed (`simulate`), and are stopped when it is
 * started, dropped or left idle (`release`), or when the console closes (`close`).
 */
export class SimulationService {
  private readonly sessions = new Map<string, { session: ForkSession; timer: NodeJS.Timeout }>();

  constructor(
    private readonly deps: SimulationDeps & {
      /** The plan kept under this id (the signing pipeline's). */
      findPlan: (planId: string) => PlanToSimulate | Promise<PlanToSimulate>;
      /** An offline install has no network: it refuses, with this reason. */
      offline?: () => boolean;
    },
  ) {}

  /** Starts the forks of a plan's chains in the background. */
  prepare(plan: PlanToSimulate): void {
    if (this.deps.offline?.()) return;
    this.sessionOf(plan.id).warm([...new Set(plan.items.filter((i) => i.tx).map((i) => i.chainId))]);
  }

  /** What the plan will change, on its forks (started now if they are not up yet). */
  async simulate(planId: string, options: { fresh?: boolean } = {}): Promise<PlanSimulation> {
    if (this.deps.offline?.()) {
      throw new AppError({
        code: 'SIMULATION_OFFLINE',
        message: 'This install is offline: no chain can be forked or asked to simulate the plan.',
        action: 'Simulate the plan on the online install before exporting it.',
      });
    }
    const plan = await this.deps.findPlan(planId);
    // Asked again: the kept forks are at the block the plan was first simulated at.
    if (options.fresh) await this.release(planId);
    return simulatePlan(plan, this.deps, { session: this.sessionOf(planId) });
  }

  /** Stops the forks of one plan. */
  async release(planId: string): Promise<void> {
    const kept = this.sessions.get(planId);
    if (!kept) return;
    this.sessions.delete(planId);
    clearTimeout(kept.timer);
    await kept.session.close();
  }

  /** Stops every fork. */
  async close(): Promise<void> {
    await Promise.all([...this.sessions.keys()].map((id) => this.release(id)));
  }

  private sessionOf(planId: string): ForkSession {
    let kept = this.sessions.get(planId);
    if (kept) {
      clearTimeout(kept.timer);
      this.sessions.delete(planId);
    } else {
      kept = { session: new ForkSession(this.deps), timer: undefined as unknown as NodeJS.Timeout };
    }
    kept.timer = setTimeout(() => void this.release(planId), IDLE_MS);
    kept.timer.unref();
    this.sessions.set(planId, kept);
    while (this.sessions.size > MAX_SESSIONS) void this.release(this.sessions.keys().next().value!);
    return kept.session;
  }
}
