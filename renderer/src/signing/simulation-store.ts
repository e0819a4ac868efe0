import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/errors';
import type { PlanSimulation } from '../../../shared/simulation';
import { call, errorData, getBridge } from '../bridge';

/** What a plan under review will change: asked once per plan, while the operator reads it. */
export type PlanSimulationState =
  { status: 'running' } | { status: 'done'; result: PlanSimulation } | { status: 'failed'; error: AppErrorData };

interface SimulationState {
  byPlan: Record<string, PlanSimulationState>;
  /** Runs the plan on local forks of its chains, unless it already ran or runs. */
  simulate(planId: string, options?: { fresh?: boolean }): Promise<void>;
}

/** Only the last few plans are kept: a plan re-planned or discarded is not looked at again. */
const KEEP = 4;

export const useSimulationStore = create<SimulationState>((set, get) => ({
  byPlan: {},
  async simulate(planId, options = {}) {
    const known = get().byPlan[planId];
    if (known && (!options.fresh || known.status === 'running')) return;
    const put = (state: PlanSimulationState) =>
      set((s) => {
        const kept = Object.entries(s.byPlan)
          .filter(([id]) => id !== planId)
          .slice(-(KEEP - 1));
        return { byPlan: { ...Object.fromEntries(kept), [planId]: state } };
      });
    put({ status: 'running' });
    try {
      put({ status: 'done', result: await call(getBridge().simulation.run({ planId, ...(options.fresh ? { fresh: true } : {}) })) });
    } catch (err) {
      put({ status: 'failed', error: errorData(err) });
    }
  },
}));
