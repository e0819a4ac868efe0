import { z } from 'zod';
import {
  AllowanceChangeSchema,
  BalanceDeltaSchema,
  ChainSimulationSchema,
  ItemSimulationSchema,
  PlanSimulationSchema,
  ProtocolEventSchema,
  SIMULATION_LIMITS,
  TokenTotalSchema,
  type ChainSimulation,
  type ItemSimulation,
  type PlanSimulation,
} from '../simulation/schemas';
import { bundleError, itemName } from './errors';
import { plainDeep } from './plain-text';
import type { BundleItem } from './schemas';

/**
 * What the online install computed when it ran the plan on a fork of each chain (or with the RPC's
 * `eth_simulateV1`), carried in the unsigned bundle (format version 3). The offline install cannot
 * check any of it: it shows it as the planner's information, never as proof, and signing is decided
 * by its own checks (registry, policy, planner signature). The shapes are those of the online
 * review's simulation (`shared/simulation/schemas.ts`) with their bounds, made strict: a hostile
 * bundle can neither grow a list beyond its bound nor add a field.
 */

const Text = z.string().max(SIMULATION_LIMITS.text);

/** A revert's error as it crossed the bundle: its code, message and what to do (no free-form details). */
const BundleRevertErrorSchema = z.strictObject({ code: z.string().max(100), message: Text, action: Text.optional() });

const BundleItemSimulationSchema = ItemSimulationSchema.extend({
  revert: z.strictObject({ reason: Text.nullable(), error: BundleRevertErrorSchema }).nullable(),
  deltas: z.array(BalanceDeltaSchema.strict()).max(SIMULATION_LIMITS.deltasPerItem),
  allowances: z.array(AllowanceChangeSchema.strict()).max(SIMULATION_LIMITS.allowancesPerItem),
  events: z.array(ProtocolEventSchema.strict()).max(SIMULATION_LIMITS.eventsPerItem),
}).strict();
type BundleItemSimulation = z.infer<typeof BundleItemSimulationSchema>;

const BundleChainSimulationSchema = ChainSimulationSchema.extend({
  fundedGas: ChainSimulationSchema.shape.fundedGas.element.strict().array().max(SIMULATION_LIMITS.items),
}).strict();

export const BundleSimulationSchema = PlanSimulationSchema.extend({
  simulatedAt: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'an ISO date'),
  chains: z.array(BundleChainSimulationSchema).max(16),
  items: z.array(BundleItemSimulationSchema).max(SIMULATION_LIMITS.items),
  totals: z.strictObject({
    perToken: z.array(TokenTotalSchema.strict()).max(SIMULATION_LIMITS.totals),
    perWallet: z.array(BalanceDeltaSchema.strict()).max(SIMULATION_LIMITS.totals),
  }),
  notes: z.array(Text).max(SIMULATION_LIMITS.notes),
}).strict();
/** The simulation as a bundle carries it: a `PlanSimulation` with no more than the fields listed here. */
export type BundleSimulation = z.infer<typeof BundleSimulationSchema>;

/** "Not simulated" for each chain of the plan, with the reason: what a bundle says when no simulation could run. */
export function notSimulated(planId: string, chainIds: readonly number[], reason: string, at: string): BundleSimulation {
  return {
    planId,
    simulatedAt: at,
    status: 'not-simulated',
    chains: chainIds.map((chainId) => ({
      chainId,
      method: 'none',
      block: null,
      reason: reason.slice(0, SIMULATION_LIMITS.text),
      fundedGas: [],
      startMs: null,
      runMs: null,
    })),
    items: [],
    totals: { perToken: [], perWallet: [] },
    notes: [],
  };
}

function itemOf(item: ItemSimulation): BundleItemSimulation {
  const error = item.revert?.error;
  return {
    itemId: item.itemId,
    wallet: item.wallet,
    chainId: item.chainId,
    call: item.call,
    ran: item.ran,
    ok: item.ok,
    revert:
      item.revert && error
        ? {
            reason: item.revert.reason,
            error: { code: error.code, message: error.message, ...(error.action !== undefined ? { action: error.action } : {}) },
          }
        : null,
    gasUsed: item.gasUsed,
    deltas: item.deltas.map((d) => ({ wallet: d.wallet, token: d.token, symbol: d.symbol, decimals: d.decimals, amount: d.amount })),
    allowances: item.allowances.map((a) => ({
      token: a.token,
      symbol: a.symbol,
      owner: a.owner,
      spender: a.spender,
      before: a.before,
      after: a.after,
    })),
    events: item.events.map((e) => ({ kind: e.kind, epoch: e.epoch, text: e.text })),
    truncated: item.truncated,
    note: item.note,
  };
}

function chainOf(c: ChainSimulation): BundleSimulation['chains'][number] {
  return {
    chainId: c.chainId,
    method: c.method,
    block: c.block,
    reason: c.reason,
    fundedGas: c.fundedGas.map((f) => ({ wallet: f.wallet, addedWei: f.addedWei })),
    startMs: c.startMs,
    runMs: c.runMs,
  };
}

/**
 * The plan's simulation as the bundle carries it: only the listed fields (an error's free-form
 * details stay behind), checked against the bounds. A result that does not fit is "not simulated"
 * with the reason: the export never waits on the simulation.
 */
export function bundleSimulationOf(simulation: PlanSimulation, chainIds: readonly number[]): BundleSimulation {
  const copy = {
    planId: simulation.planId,
    simulatedAt: simulation.simulatedAt,
    status: simulation.status,
    chains: simulation.chains.map(chainOf),
    items: simulation.items.map(itemOf),
    totals: {
      perToken: simulation.totals.perToken.map((t) => ({ token: t.token, symbol: t.symbol, decimals: t.decimals, amount: t.amount })),
      perWallet: simulation.totals.perWallet.map((d) => ({
        wallet: d.wallet,
        token: d.token,
        symbol: d.symbol,
        decimals: d.decimals,
        amount: d.amount,
      })),
    },
    notes: [...simulation.notes],
  };
  const parsed = BundleSimulationSchema.safeParse(copy);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return notSimulated(
    simulation.planId,
    chainIds,
    `The simulation's result does not fit in a bundle (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'}).`,
    simulation.simulatedAt,
  );
}

/**
 * The simulation must be of this bundle's plan and name only its transactions, each once, with
 * their wallet and chain, on chains it lists. Anything else is a fault of the planner (it wrote
 * the simulation of another plan): `BUNDLE_SIMULATION_MISMATCH`.
 */
export function checkSimulation(bundle: { plan: { id: string }; items: readonly BundleItem[]; simulation?: BundleSimulation }): void {
  const sim = bundle.simulation;
  if (!sim) return;
  const refuse = (message: string, details?: Record<string, unknown>) =>
    bundleError(
      'BUNDLE_SIMULATION_MISMATCH',
      `The planner's simulation does not match this bundle: ${message} The planner wrote it wrongly.`,
      details,
      'Do not sign anything from this file. Export the bundle again on the online install (update it if this happens again) and carry the new file.',
    );
  if (sim.planId !== bundle.plan.id)
    throw refuse(`it is of plan ${sim.planId}, the bundle holds plan ${bundle.plan.id}.`, { planId: sim.planId });
  const chains = new Set<number>();
  for (const c of sim.chains) {
    if (chains.has(c.chainId)) throw refuse(`chain ${c.chainId} is listed twice.`, { chainId: c.chainId });
    chains.add(c.chainId);
  }
  const transactions = new Map(bundle.items.filter((i) => i.kind === 'transaction').map((i) => [i.id, i]));
  const seen = new Set<string>();
  for (const result of sim.items) {
    const item = transactions.get(result.itemId);
    if (!item || item.kind !== 'transaction') {
      throw refuse(`it gives a result for item ${result.itemId}, which is not a transaction of this bundle.`, { itemId: result.itemId });
    }
    if (seen.has(result.itemId)) throw refuse(`it gives two results for ${itemName(item)}.`, { itemId: result.itemId });
    seen.add(result.itemId);
    if (result.wallet.toLowerCase() !== item.wallet.address.toLowerCase()) {
      throw refuse(`its result for ${itemName(item)} is from wallet ${result.wallet}.`, { itemId: result.itemId, wallet: result.wallet });
    }
    if (result.chainId !== item.transaction.chainId || !chains.has(result.chainId)) {
      throw refuse(
        `its result for ${itemName(item)} is on chain ${result.chainId}, not on a chain it simulated as the transaction's ${item.transaction.chainId}.`,
        {
          itemId: result.itemId,
          chainId: result.chainId,
        },
      );
    }
  }
}

/** Every text of the simulation stripped of control characters, as every other text of a bundle shown offline. */
export function plainSimulation(sim: BundleSimulation): BundleSimulation {
  return plainDeep(sim);
}
