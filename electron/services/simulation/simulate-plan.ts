import { createPublicClient, http } from 'viem';
import { toAppErrorData } from '../../../shared/errors';
import type { BatchItem, Plan, PlanVault } from '../../../shared/signing/schemas';
import {
  SIMULATION_LIMITS,
  simulationTotals,
  type ChainSimulation,
  type ItemSimulation,
  type PlanSimulation,
} from '../../../shared/simulation';
import { rpc, startFork, type Fork } from './fork';
import { runOnFork } from './on-fork';
import { isMethodMissing, runWithSimulateV1 } from './simulate-v1';

/**
 * What a plan will change, chain by chain: on a local fork of the chain (anvil `--fork-url` on the
 * operator's first RPC, at its latest block), else with the RPC's `eth_simulateV1`, else a clear
 * "not simulated" with the reason. Never throws for a chain that cannot be simulated: the result
 * says so, and signing is never held by a simulation that could not run.
 */

export interface SimulationDeps {
  /** The operator's RPCs of a chain, in order (the chain pool's: never the service's). */
  rpcUrls: (chainId: number) => readonly string[] | Promise<readonly string[]>;
  /** The anvil binary (found on its own when absent; null: no fork can start). */
  anvil?: string | null;
  /** How long a fork may take to answer (default 30 s: a remote RPC is read for the first block). */
  forkTimeoutMs?: number;
}

/** The part of a plan a simulation needs. */
export type PlanToSimulate = Pick<Plan, 'id' | 'vault' | 'vaults' | 'wallets' | 'items'>;

/**
 * The forks of one plan, started lazily (or in the background with `warm` while the operator
 * reviews), reused for every run of the plan (each run starts from the fork's first state again),
 * and stopped by `close`.
 */
export class ForkSession {
  private readonly forks = new Map<number, Promise<{ fork: Fork; snapshot: string; used: boolean }>>();
  private closed = false;

  constructor(private readonly deps: SimulationDeps) {}

  /** Starts the forks of these chains now, without waiting (a failure shows when the plan is simulated). */
  warm(chainIds: readonly number[]): void {
    for (const id of chainIds) void this.forkOf(id).catch(() => undefined);
  }

  /** The fork of a chain, started on first use. */
  forkOf(chainId: number): Promise<{ fork: Fork; snapshot: string; used: boolean }> {
    if (this.closed) return Promise.reject(new Error('This simulation was closed.'));
    let known = this.forks.get(chainId);
    if (!known) {
      known = (async () => {
        const urls = await this.deps.rpcUrls(chainId);
        if (urls.length === 0) throw new Error(`No RPC of yours is set for chain ${chainId}.`);
        const fork = await startFork({ chainId, forkUrl: urls[0]!, timeoutMs: this.deps.forkTimeoutMs, anvil: this.deps.anvil });
        if (this.closed) {
          await fork.stop();
          throw new Error('This simulation was closed.');
        }
        return { fork, snapshot: await snapshot(fork.rpcUrl), used: false };
      })();
      this.forks.set(chainId, known);
      // A fork that failed to start is tried again next time rather than kept failed.
      known.catch(() => this.forks.delete(chainId));
    }
    return known;
  }

  /** The fork, set back to the state it was taken at (a previous run of the plan leaves nothing behind). */
  async freshFork(chainId: number): Promise<Fork> {
    const kept = await this.forkOf(chainId);
    if (kept.used) {
      await rpc(kept.fork.rpcUrl, 'evm_revert', [kept.snapshot]);
      kept.snapshot = await snapshot(kept.fork.rpcUrl);
    }
    kept.used = true;
    return kept.fork;
  }

  /** Whether this chain's fork has started (or is starting): started in the background, it is up before the review asks. */
  has(chainId: number): boolean {
    return this.forks.has(chainId);
  }

  /** The block and hash each fork that is up was taken at, by chain id. */
  async taken(): Promise<Map<number, { block: bigint; hash: string }>> {
    const up = await Promise.all([...this.forks.values()].map((p) => p.then((k) => k.fork).catch(() => null)));
    return new Map(up.flatMap((f) => (f ? [[f.chainId, { block: f.block, hash: f.blockHash }] as const] : [])));
  }

  /** Stops every fork of the plan (and any still starting). Safe to call twice. */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.forks.values()];
    this.forks.clear();
    await Promise.all(all.map((p) => p.then((k) => k.fork.stop()).catch(() => undefined)));
  }
}

const snapshot = (url: string) => rpc<string>(url, 'evm_snapshot', []);

const vaultsOf = (plan: PlanToSimulate): Map<string, PlanVault> => new Map((plan.vaults ?? [plan.vault]).map((v) => [v.id, v]));

/** The items a simulation runs: transactions still to sign, in device order. */
export const itemsToSimulate = (items: readonly BatchItem[]) =>
  items.filter((i) => i.tx && i.state !== 'skipped' && i.state !== 'failed' && !i.signed);

/**
 * Simulates the plan's transactions (or `options.items`, the remaining ones of a batch). With a
 * session the forks are kept for the next run; without one they are started and stopped here.
 */
export async function simulatePlan(
  plan: PlanToSimulate,
  deps: SimulationDeps,
  options: { session?: ForkSession; items?: readonly BatchItem[] } = {},
): Promise<PlanSimulation> {
  const session = options.session ?? new ForkSession(deps);
  const items = itemsToSimulate(options.items ?? plan.items).slice(0, SIMULATION_LIMITS.items);
  const vaults = vaultsOf(plan);
  const chainIds = [...new Set(items.map((i) => i.chainId))];
  session.warm(chainIds);
  const notes: string[] = [];
  if (itemsToSimulate(options.items ?? plan.items).length > items.length)
    notes.push(`Only the first ${SIMULATION_LIMITS.items} transactions were simulated.`);
  try {
    const perChain = await Promise.all(
      chainIds.map((chainId) =>
        simulateChain(
          chainId,
          items.filter((i) => i.chainId === chainId),
          vaults,
          deps,
          session,
        ),
      ),
    );
    const byId = new Map(perChain.flatMap((c) => c.items.map((i) => [i.itemId, i] as const)));
    const ordered = items.flatMap((i) => (byId.has(i.id) ? [byId.get(i.id)!] : []));
    const chains = perChain.map((c) => c.chain);
    const ran = chains.filter((c) => c.method !== 'none').length;
    const totals = simulationTotals(
      ordered,
      plan.wallets.map((w) => w.address),
    );
    return {
      planId: plan.id,
      simulatedAt: new Date().toISOString(),
      status: chains.length === 0 ? 'simulated' : ran === chains.length ? 'simulated' : ran === 0 ? 'not-simulated' : 'partial',
      chains,
      items: ordered,
      totals: {
        perToken: totals.perToken.slice(0, SIMULATION_LIMITS.totals),
        perWallet: totals.perWallet.slice(0, SIMULATION_LIMITS.totals),
      },
      notes,
    };
  } finally {
    if (!options.session) await session.close();
  }
}

async function simulateChain(
  chainId: number,
  items: BatchItem[],
  vaults: Map<string, PlanVault>,
  deps: SimulationDeps,
  session: ForkSession,
): Promise<{ chain: ChainSimulation; items: ItemSimulation[] }> {
  const chain = (patch: Partial<ChainSimulation>): ChainSimulation => ({
    chainId,
    method: 'none',
    block: null,
    reason: null,
    fundedGas: [],
    startMs: null,
    runMs: null,
    ...patch,
  });
  let forkFailure: string;
  try {
    const started = Date.now();
    let fork;
    try {
      fork = await session.freshFork(chainId);
    } catch (err) {
      throw new Error(`the local fork could not start: ${toAppErrorData(err).message}`, { cause: err });
    }
    const waited = Date.now() - started;
    const runStart = Date.now();
    const run = await runOnFork(fork.rpcUrl, items, vaults).catch((err: unknown) => {
      throw new Error(`the run on the local fork failed: ${toAppErrorData(err).message.split('\n')[0]}`, { cause: err });
    });
    return {
      chain: chain({
        method: 'fork',
        block: fork.block.toString(),
        fundedGas: run.fundedGas,
        startMs: waited,
        runMs: Date.now() - runStart,
      }),
      items: run.items,
    };
  } catch (err) {
    forkFailure = toAppErrorData(err).message;
  }
  const urls = await Promise.resolve(deps.rpcUrls(chainId)).catch(() => [] as readonly string[]);
  if (urls.length === 0) return { chain: chain({ reason: `Not simulated: ${forkFailure}.` }), items: [] };
  try {
    const runStart = Date.now();
    const client = createPublicClient({ transport: http(urls[0]!, { retryCount: 0, timeout: 60_000 }) });
    const run = await runWithSimulateV1(client, items, vaults);
    return {
      chain: chain({
        method: 'eth_simulateV1',
        block: run.block.toString(),
        reason: `Simulated with the RPC's eth_simulateV1: ${forkFailure}.`,
        runMs: Date.now() - runStart,
      }),
      items: run.items,
    };
  } catch (err) {
    const why = isMethodMissing(err)
      ? 'the RPC does not offer eth_simulateV1'
      : `eth_simulateV1 failed: ${toAppErrorData(err).message.split('\n')[0]}`;
    return {
      chain: chain({
        reason: `Not simulated: ${forkFailure}, and ${why}. Review the decoded calls without it.`.slice(0, SIMULATION_LIMITS.text),
      }),
      items: [],
    };
  }
}
