import { useEffect } from 'react';
import type { Plan } from '../../../shared/signing/schemas';
import type { AllowanceChange, BalanceDelta, ChainSimulation, ItemSimulation, PlanSimulation } from '../../../shared/simulation';
import { formatAmount, formatTokenAmount } from '../../../shared/domain/units';
import { usePortfolioStore } from '../batch';
import { useSimulationStore, type PlanSimulationState } from './simulation-store';
import { SimulationTotals } from './SimulationTotals';
import { totalsPerChainAndToken } from './simulation-totals';
import './what-will-change.css';

/**
 * "What will change": the plan's transactions run on a local fork of each chain while the operator
 * reads the review, shown beside each item (success or the decoded revert, gas, balance and
 * allowance changes, the protocol's events) and for the plan (totals per token and per wallet, the
 * fork's block). Information, not proof: a simulation that cannot run never holds signing.
 *
 * The same blocks show a simulation carried in an unsigned bundle on the offline install
 * (`carried`): the planner's, made online, which this install cannot check; an item that reverted
 * there stands out but is not held (the offline install's own checks decide).
 */

/** A simulation the planner made online and carried in a bundle: how to name its chains here. */
export interface CarriedSimulation {
  chainName: (chainId: number) => string;
}

/** Asks for the plan's simulation once it is shown (the forks may already be starting). */
export function usePlanSimulation(plan: Plan, enabled: boolean): PlanSimulationState | null {
  const simulate = useSimulationStore((s) => s.simulate);
  const state = useSimulationStore((s) => s.byPlan[plan.id] ?? null);
  const hasTransactions = plan.items.some((i) => i.state !== 'skipped' && i.review?.kind === 'transaction');
  useEffect(() => {
    if (enabled && hasTransactions) void simulate(plan.id);
  }, [enabled, hasTransactions, plan.id, simulate]);
  return enabled && hasTransactions ? state : null;
}

/** The vault's contracts in the review's words: "queue" where one contract serves both queues. */
function roleNames(v: Plan['vault']): [string | null | undefined, string][] {
  const oneQueue = (v.withdrawQueue === undefined ? v.queue : v.withdrawQueue)?.toLowerCase() === v.queue?.toLowerCase();
  return [
    [v.epochVault, 'epoch vault'],
    [oneQueue ? null : v.withdrawQueue, 'withdraw queue'],
    [v.queue, oneQueue ? 'queue' : 'deposit queue'],
    [v.strategy, 'strategy'],
  ];
}

/** Who an address is, in the review's words: a wallet of the plan by its label, a vault's contract by its role. */
function namesOf(plan: Plan): (address: string) => string {
  const names = new Map<string, string>();
  for (const w of plan.wallets) names.set(w.address.toLowerCase(), w.label || short(w.address));
  for (const v of plan.vaults ?? [plan.vault]) {
    for (const [address, role] of roleNames(v)) {
      if (address) names.set(address.toLowerCase(), `${v.name} ${role}`);
    }
    names.set(v.tranche.address.toLowerCase(), `${v.name} tranche token`);
    names.set(v.underlying.address.toLowerCase(), `${v.underlying.symbol} token`);
  }
  return (address) => names.get(address.toLowerCase()) ?? short(address);
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** A signed change in the token's units: "+250 USDC", "−250 USDC". */
function signed(delta: Pick<BalanceDelta, 'amount' | 'decimals' | 'symbol'>): string {
  const amount = BigInt(delta.amount);
  const shown = formatTokenAmount(amount < 0n ? -amount : amount, delta);
  return `${amount < 0n ? '−' : '+'}${shown}`;
}

/** The decimals of a token the plan or the simulation knows, for an allowance (which carries only the symbol). */
function decimalsOf(plan: Plan, result: PlanSimulation, token: string): number | null {
  const t = token.toLowerCase();
  for (const v of plan.vaults ?? [plan.vault]) {
    if (v.underlying.address.toLowerCase() === t) return v.underlying.decimals;
    if (v.tranche.address.toLowerCase() === t) return v.tranche.decimals;
  }
  return result.items.flatMap((i) => i.deltas).find((d) => d.token.toLowerCase() === t)?.decimals ?? null;
}

function allowanceText(plan: Plan, result: PlanSimulation, a: AllowanceChange, name: (address: string) => string): string {
  const decimals = decimalsOf(plan, result, a.token);
  const amount = (units: string) => (decimals === null ? `${units} base units` : `${formatAmount(units, decimals)} ${a.symbol}`);
  const from = a.before === null ? '' : `${amount(a.before)} → `;
  return `${a.symbol} allowance of the ${name(a.spender)}: ${from}${amount(a.after)}`;
}

/** Balance changes grouped by the address whose balance changes, in the order they first appear. */
function byAddress(deltas: readonly BalanceDelta[]): [string, BalanceDelta[]][] {
  const groups = new Map<string, BalanceDelta[]>();
  for (const d of deltas) {
    if (BigInt(d.amount) === 0n) continue;
    const key = d.wallet.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  return [...groups];
}

function Changes({ deltas, name }: { deltas: readonly BalanceDelta[]; name: (address: string) => string }) {
  const groups = byAddress(deltas);
  if (groups.length === 0) return <p className="cell-sub">No token balance changes.</p>;
  return (
    <dl className="sim-changes">
      {groups.map(([address, list]) => (
        <div key={address}>
          <dt title={list[0]!.wallet}>{name(address)}</dt>
          <dd>
            {list.map((d) => (
              <span key={d.token} className={BigInt(d.amount) < 0n ? 'sim-out' : 'sim-in'} data-testid="sim-delta">
                {signed(d)}
              </span>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One item's block, beside its review card. */
export function ItemWhatWillChange({
  plan,
  state,
  itemId,
  carried,
}: {
  plan: Plan;
  state: PlanSimulationState | null;
  itemId: string;
  carried?: CarriedSimulation;
}) {
  if (!state) return null;
  if (state.status === 'running') {
    return (
      <aside className="what-will-change pending" data-testid="what-will-change" data-state="running">
        <strong>What will change</strong>
        <p className="cell-sub">Simulating…</p>
      </aside>
    );
  }
  if (state.status === 'failed') return null;
  const result = state.result;
  const item = result.items.find((i) => i.itemId === itemId);
  if (!item) return null;
  const name = namesOf(plan);
  return (
    <aside
      className={`what-will-change ${item.ok ? 'ok' : 'reverts'}`}
      data-testid="what-will-change"
      data-state={item.ok ? 'ok' : 'reverts'}
      data-origin={carried ? 'bundle' : 'here'}
    >
      <strong>{carried ? 'What will change, as simulated online' : 'What will change'}</strong>
      <Outcome item={item} carried={!!carried} />
      {item.ok ? (
        <>
          {item.gasUsed ? <p className="cell-sub">Gas used {formatAmount(item.gasUsed, 0)}</p> : null}
          <Changes deltas={item.deltas} name={name} />
          {item.allowances.map((a, k) => (
            <p key={k} className="cell-sub" data-testid="sim-allowance">
              {allowanceText(plan, result, a, name)}
            </p>
          ))}
          {item.events.map((e, k) => (
            <p key={k} className="sim-event" data-testid="sim-event">
              {e.text}
            </p>
          ))}
        </>
      ) : null}
      {item.truncated ? <p className="cell-sub">Some changes are left out (too many to show).</p> : null}
      {item.note ? <p className="cell-sub">{item.note}</p> : null}
    </aside>
  );
}

function Outcome({ item, carried }: { item: ItemSimulation; carried: boolean }) {
  if (item.ok) return <p className="sim-outcome sim-in">{carried ? 'Succeeded online' : 'Succeeds'}</p>;
  const reason = item.revert?.reason ?? item.revert?.error.message ?? 'no reason given';
  if (carried) {
    // Not held here: nothing on this install can run it again; its own checks decide what is signed.
    return (
      <>
        <p className="sim-outcome sim-out" data-testid="sim-revert" role="note">
          {item.ran ? `Reverted when simulated online: ${reason}` : `Not run online: ${reason}`}
        </p>
        <p className="cell-sub">Not held here: this install cannot run it again. Read its call before you sign it.</p>
      </>
    );
  }
  return (
    <>
      <p className="sim-outcome sim-out" data-testid="sim-revert" role="note">
        {item.ran ? `Will revert: ${reason}` : `Not run: ${reason}`}
      </p>
      {item.revert?.error.action ? <p className="cell-sub">{item.revert.error.action}</p> : null}
      <p className="cell-sub">Held before the Ledger when you start signing.</p>
    </>
  );
}

/** The chains' names as the portfolio knows them ("chain 31337" when it does not). */
function useChainName(): (chainId: number) => string {
  const vaults = usePortfolioStore((s) => s.data?.vaults);
  return (chainId) => vaults?.find((v) => v.chain.chainId === chainId)?.chain.name ?? `chain ${chainId}`;
}

/** Where the planner's simulation ran, said as information this install cannot check. */
function whereSimulatedOnline(chain: ChainSimulation, chainName: (id: number) => string): string {
  if (chain.method === 'none') return `${chainName(chain.chainId)} was not simulated by the planner: ${chain.reason ?? 'no reason given.'}`;
  const how = chain.method === 'fork' ? 'on a fork' : "with the RPC's eth_simulateV1";
  return `Simulated online at block ${chain.block} of ${chainName(chain.chainId)} (${how}) — information, not proof: this install cannot check it.`;
}

function whereSimulated(chain: ChainSimulation, chainName: (id: number) => string): string {
  if (chain.method === 'fork')
    return `Simulated on a fork of ${chainName(chain.chainId)} at block ${chain.block} (information, not proof).`;
  if (chain.method === 'eth_simulateV1')
    return `Simulated with the RPC's eth_simulateV1 on ${chainName(chain.chainId)} at block ${chain.block} (information, not proof).`;
  return `${chainName(chain.chainId)}: ${chain.reason ?? 'not simulated.'}`;
}

/** The plan's block: the fork starting, the totals, or why it could not be simulated (never blocking). */
export function PlanWhatWillChange({
  plan,
  state,
  carried,
}: {
  plan: Plan;
  state: PlanSimulationState | null;
  carried?: CarriedSimulation;
}) {
  const knownChainName = useChainName();
  const chainName = carried?.chainName ?? knownChainName;
  const simulate = useSimulationStore((s) => s.simulate);
  // The chain may move while the operator reads: a new fork at its latest block.
  const again = (
    <button type="button" className="link-button" onClick={() => void simulate(plan.id, { fresh: true })}>
      Simulate again at the latest block
    </button>
  );
  if (!state) return null;
  const chains = [...new Set(plan.items.filter((i) => i.state !== 'skipped' && i.tx).map((i) => i.chainId))];
  if (state.status === 'running') {
    return (
      <div className="notice notice-info sim-plan" data-testid="plan-simulation" data-state="running" aria-live="polite">
        <p>Simulating on a fork of {chains.map(chainName).join(', ') || 'the chain'} … You can read the review meanwhile.</p>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="notice notice-warn sim-plan" data-testid="plan-simulation" data-state="failed">
        <p>
          <strong>Not simulated:</strong> {state.error.message} {state.error.action ?? ''} Signing is not held by this: check the decoded
          calls below.
        </p>
        {again}
      </div>
    );
  }
  const result = state.result;
  const name = namesOf(plan);
  const reverts = result.items.filter((i) => !i.ok).length;
  const perWallet = result.totals.perWallet.filter((d) => BigInt(d.amount) !== 0n);
  return (
    <section
      className={`sim-plan sim-totals ${result.status}`}
      data-testid="plan-simulation"
      data-state={result.status}
      data-origin={carried ? 'bundle' : 'here'}
    >
      <h3>{carried ? 'What will change, as simulated online by the planner' : 'What will change'}</h3>
      {result.chains.map((c) => (
        <p
          key={c.chainId}
          className={c.method === 'none' ? 'notice notice-warn' : carried ? 'notice notice-info' : 'cell-sub'}
          data-testid="sim-block"
        >
          {carried ? whereSimulatedOnline(c, chainName) : whereSimulated(c, chainName)}
          {c.method === 'none' ? ' Signing is not held by this: check the decoded calls below.' : null}
        </p>
      ))}
      {carried && reverts > 0 ? (
        <p className="notice notice-warn" data-testid="sim-reverts">
          {reverts} item{reverts === 1 ? '' : 's'} reverted when the planner simulated {reverts === 1 ? 'it' : 'them'} online. This install
          does not hold {reverts === 1 ? 'it' : 'them'}: its own checks decide. Read {reverts === 1 ? 'its call' : 'their calls'} below
          before you sign.
        </p>
      ) : null}
      {!carried && reverts > 0 ? (
        <p className="notice notice-warn" data-testid="sim-reverts">
          {reverts} item{reverts === 1 ? '' : 's'} will revert on the fork: {reverts === 1 ? 'it is' : 'they are'} held before the device
          when you start signing, with the approvals that go with {reverts === 1 ? 'it' : 'them'}. Nothing of them is signed.
        </p>
      ) : null}
      <SimulationTotals totals={totalsPerChainAndToken(result, plan.wallets.map((w) => w.address))} chainName={chainName} />
      {perWallet.length ? (
        <details className="sim-per-wallet" open={perWallet.length <= 12}>
          <summary>Per wallet and contract</summary>
          <Changes deltas={perWallet} name={name} />
        </details>
      ) : null}
      {result.notes.map((n) => (
        <p key={n} className="cell-sub">
          {n}
        </p>
      ))}
      {carried ? null : again}
    </section>
  );
}
