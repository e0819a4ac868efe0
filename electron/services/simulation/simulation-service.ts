import { AppError } from '../../../shared/errors';
import type { Batch, BatchItem, Plan } from '../../../shared/signing/schemas';
import type { PlanSimulation } from '../../../shared/simulation';
import type { ForkCheckRun } from '../signing/fork-check';
import { rpc } from './fork';
import { ForkSession, itemsToSimulate, simulatePlan, type PlanToSimulate, type SimulationDeps } from './simulate-plan';

/** At most this many plans keep forks at once: the oldest one's forks are stopped first. */
const MAX_SESSIONS = 3;
/** At most this many reviews' results are kept for the check before the device. */
const MAX_REVIEWS = 10;
/** A plan nobody looked at for this long has its forks stopped (they start again on demand). */
const IDLE_MS = 10 * 60_000;

/** What the review was shown: the result, the items it ran, and the block (number and hash) each chain was forked at. */
interface Reviewed {
  simulation: PlanSimulation;
  itemIds: string[];
  forks: Map<number, { block: bigint; hash: string }>;
}

/**
 * The simulations of the plans under review: the forks of a plan start in the background when it
 * is planned (`prepare`), are reused while it is reviewed (`simulate`), and are stopped when it is
 * started, dropped, replaced by a newer plan or left idle (`release`), or when the console closes
 * (`close`). The review's result is kept for the check before the device (`beforeDevice`), which
 * reuses it while the chains have not moved.
 */
export class SimulationService {
  private readonly sessions = new Map<string, { session: ForkSession; timer: NodeJS.Timeout }>();
  private readonly reviewed = new Map<string, Reviewed>();
  private readonly runs = new Map<string, Promise<PlanSimulation>>();

  constructor(
    private readonly deps: SimulationDeps & {
      /** The plan kept under this id (the signing pipeline's). */
      findPlan: (planId: string) => PlanToSimulate | Promise<PlanToSimulate>;
      /** An offline install has no network: it refuses, with this reason. */
      offline?: () => boolean;
    },
  ) {}

  /**
   * Starts the forks of a plan's chains in the background, while the operator reads the review. The
   * review shows one plan: the forks of the plans before it are stopped (asked again, they restart).
   */
  prepare(plan: PlanToSimulate): void {
    if (this.deps.offline?.()) return;
    for (const id of [...this.sessions.keys()]) if (id !== plan.id) void this.release(id);
    this.sessionOf(plan.id).warm([...new Set(itemsToSimulate(plan.items).map((i) => i.chainId))]);
  }

  /** Whether a plan's fork of this chain is up or starting (the review will not wait for its start). */
  forkStarted(planId: string, chainId: number): boolean {
    return this.sessions.get(planId)?.session.has(chainId) ?? false;
  }

  /**
   * What the plan will change, on its forks (started now if they are not up yet). Runs of one plan
   * go one after the other: they share its forks, and two runs interleaved on one fork (the review's
   * and the bundle export's) would each see the other's transactions.
   */
  simulate(planId: string, options: { fresh?: boolean } = {}): Promise<PlanSimulation> {
    const run = (this.runs.get(planId) ?? Promise.resolve()).catch(() => undefined).then(() => this.simulateNow(planId, options));
    this.runs.set(planId, run);
    void run
      .finally(() => {
        if (this.runs.get(planId) === run) this.runs.delete(planId);
      })
      .catch(() => undefined);
    return run;
  }

  private async simulateNow(planId: string, options: { fresh?: boolean }): Promise<PlanSimulation> {
    this.refuseOffline();
    const plan = await this.deps.findPlan(planId);
    // Asked again: the kept forks are at the block the plan was first simulated at.
    if (options.fresh) await this.release(planId);
    const session = this.sessionOf(planId);
    const simulation = await simulatePlan(plan, this.deps, { session });
    const forked = new Set(simulation.chains.filter((c) => c.method === 'fork').map((c) => c.chainId));
    const forks = new Map([...(await session.taken())].filter(([chainId, f]) => forked.has(chainId) && f.hash !== ''));
    this.reviewed.delete(planId);
    this.reviewed.set(planId, { simulation, itemIds: itemsToSimulate(plan.items).map((i) => i.id), forks });
    while (this.reviewed.size > MAX_REVIEWS) this.reviewed.delete(this.reviewed.keys().next().value!);
    return simulation;
  }

  /**
   * The check before the device: a batch's remaining transactions on forks. The review's result is
   * reused when it ran exactly these items and every chain is still at the block (number and hash)
   * its fork was taken at; otherwise they run again on a new fork of each chain, at its latest block.
   */
  async beforeDevice(batch: Batch, items: readonly BatchItem[]): Promise<ForkCheckRun> {
    this.refuseOffline();
    const rerun = async (basis: ForkCheckRun['basis'], reviewBlocks?: Record<number, string>): Promise<ForkCheckRun> => ({
      simulation: await simulatePlan(batch, this.deps, { items }),
      basis,
      ...(reviewBlocks ? { reviewBlocks } : {}),
    });
    const review = this.reviewed.get(planIdOf(batch));
    const ids = itemsToSimulate(items).map((i) => i.id);
    if (!review || ids.length !== review.itemIds.length || ids.some((id, i) => id !== review.itemIds[i])) return rerun('new');
    const chainIds = [...new Set(itemsToSimulate(items).map((i) => i.chainId))];
    // A chain the review could not fork has no block to compare with.
    if (chainIds.some((id) => !review.forks.has(id))) return rerun('new');
    const heads = await Promise.all(chainIds.map((id) => this.head(id)));
    const moved = chainIds.filter((id, i) => {
      const fork = review.forks.get(id)!;
      return heads[i] === null || heads[i]!.block !== fork.block || heads[i]!.hash.toLowerCase() !== fork.hash.toLowerCase();
    });
    if (moved.length > 0) return rerun('moved', Object.fromEntries(chainIds.map((id) => [id, review.forks.get(id)!.block.toString()])));
    return { simulation: review.simulation, basis: 'review' };
  }

  /** Stops the forks of one plan (its review's result stays for the check before the device). */
  async release(planId: string): Promise<void> {
    const kept = this.sessions.get(planId);
    if (!kept) return;
    this.sessions.delete(planId);
    clearTimeout(kept.timer);
    await kept.session.close();
  }

  /** A plan dropped: its forks are stopped and its review's result forgotten. */
  async drop(planId: string): Promise<void> {
    this.reviewed.delete(planId);
    await this.release(planId);
  }

  /** Stops every fork. */
  async close(): Promise<void> {
    this.reviewed.clear();
    await Promise.all([...this.sessions.keys()].map((id) => this.release(id)));
  }

  private refuseOffline(): void {
    if (!this.deps.offline?.()) return;
    throw new AppError({
      code: 'SIMULATION_OFFLINE',
      message: 'This install is offline: no chain can be forked or asked to simulate the plan.',
      action: 'Simulate the plan on the online install before exporting it.',
    });
  }

  /** The chain's latest block through the operator's first RPC (null: it did not answer). */
  private async head(chainId: number): Promise<{ block: bigint; hash: string } | null> {
    const [url] = await Promise.resolve(this.deps.rpcUrls(chainId)).catch(() => [] as readonly string[]);
    if (!url) return null;
    const header = await rpc<{ number: string; hash: string } | null>(url, 'eth_getBlockByNumber', ['latest', false]).catch(() => null);
    return header ? { block: BigInt(header.number), hash: header.hash } : null;
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

/** A batch started from a kept plan bears the plan's id. */
const planIdOf = (batch: Pick<Batch, 'id'>) => batch.id.replace(/^batch-/, 'plan-');

/**
 * The signing pipeline's side of the simulations, the same for the console, the headless runner and
 * the test worlds: a kept plan's forks start in the background, a started or dropped plan's forks
 * stop, and the check before the device runs through the service.
 */
export function signingSimulations(service: SimulationService): {
  simulateBeforeDevice: (batch: Batch, items: readonly BatchItem[]) => Promise<ForkCheckRun>;
  planEvents: { kept(plan: Plan): void; started(planId: string): void; dropped(planId: string): void };
} {
  return {
    simulateBeforeDevice: (batch, items) => service.beforeDevice(batch, items),
    planEvents: {
      kept: (plan) => service.prepare(plan),
      started: (planId) => void service.release(planId),
      dropped: (planId) => void service.drop(planId),
    },
  };
}
