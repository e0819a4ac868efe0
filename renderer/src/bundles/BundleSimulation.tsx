import type { Plan } from '../../../shared/signing/schemas';
import { ItemWhatWillChange, PlanWhatWillChange, type CarriedSimulation, type PlanSimulationState } from '../signing';
import { useBundlesStore } from './bundles-store';

/**
 * The planner's simulation carried in an unsigned bundle, on the offline review: what the online
 * install computed on a fork of each chain, shown as information this install cannot check (it has
 * no chain). It never holds signing: the registry, the policy and the planner's signature decide.
 */

/** The bundle's simulation of a plan imported here, as the review's blocks take it; null when it carries none. */
function useCarried(plan: Plan): { state: PlanSimulationState | null; carried: CarriedSimulation; known: boolean } {
  const view = useBundlesStore((s) => s.planViews[plan.id]);
  const chain = view?.snapshot.vault;
  const carried: CarriedSimulation = {
    chainName: (chainId) => (chain && chain.chainId === chainId ? chain.chainName : `chain ${chainId}`),
  };
  return { state: view?.simulation ? { status: 'done', result: view.simulation } : null, carried, known: Boolean(view) };
}

/** Above the items: where and at which block the planner simulated, the totals, or that it did not. */
export function PlanSimulatedOnline({ plan }: { plan: Plan }) {
  const { state, carried, known } = useCarried(plan);
  if (!known) return null;
  if (!state) {
    return (
      <div className="notice notice-info sim-plan" data-testid="plan-simulation" data-state="none" data-origin="bundle">
        <p>
          <strong>Not simulated by the planner:</strong> the bundle says nothing of what these transactions will change. Check the decoded
          calls below.
        </p>
      </div>
    );
  }
  return <PlanWhatWillChange plan={plan} state={state} carried={carried} />;
}

/** Beside one item: its result when the planner simulated it online. */
export function ItemSimulatedOnline({ plan, itemId }: { plan: Plan; itemId: string }) {
  const { state, carried } = useCarried(plan);
  return <ItemWhatWillChange plan={plan} state={state} itemId={itemId} carried={carried} />;
}
