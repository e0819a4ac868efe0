import { formatUnits } from 'viem';
import { SIGNING_ACTIONS, type SigningAction } from '../../shared/signing/schemas';
import { dryRunLine, type PlanSimulation } from '../../shared/simulation';
import { args, fail, say } from './cli';
import { planAction } from './modes';
import { onlineServices } from './services';

/**
 * --dry-run: plan, then run the plan on a local fork of each chain it touches (forked from the
 * operator's --rpc, or the simulation's own chain with --sim), print what each transaction will
 * change, and sign nothing. The fork is stopped before the run ends.
 */
export async function dryRun(): Promise<void> {
  const action = args.action as SigningAction | undefined;
  if (!action || !SIGNING_ACTIONS.includes(action)) fail(`--action must be one of ${SIGNING_ACTIONS.join(', ')}`);
  if (args['with-agreements'] || args.resume || args['export-unsigned'])
    fail('--dry-run signs and exports nothing: it takes no --with-agreements, --resume or --export-unsigned');
  const s = await onlineServices();
  try {
    const plan = await planAction(s.world, s.device, s.portfolio, s.signing, s.registry, action);
    // On the forks started in the background when the plan was kept, from the same RPCs the plan
    // was read through: the operator's --rpc, or the simulation's chain.
    const simulation = await s.simulations.simulate(plan.id);
    for (const line of simulationLines(simulation, new Map(plan.items.map((i) => [i.id, i.label])))) say(line);
    await s.stop();
    say(JSON.stringify(dryRunLine(simulation)));
    process.exit(0);
  } catch (err) {
    await s.stop().catch(() => undefined);
    throw err;
  }
}

const amount = (value: string, decimals: number, symbol: string) =>
  `${value.startsWith('-') ? '' : '+'}${formatUnits(BigInt(value), decimals)} ${symbol}`;

/** The simulation, item by item, as a person reads it. */
function simulationLines(sim: PlanSimulation, labels: Map<string, string>): string[] {
  const lines: string[] = [];
  for (const c of sim.chains) {
    if (c.method === 'none') lines.push(`chain ${c.chainId}: not simulated. ${c.reason ?? ''}`.trim());
    else
      lines.push(
        `chain ${c.chainId}: simulated ${c.method === 'fork' ? 'on a local fork' : 'with eth_simulateV1'} at block ${c.block}${c.reason ? ` (${c.reason})` : ''}`,
      );
    for (const f of c.fundedGas)
      lines.push(
        `  note: ${f.wallet} was given ${formatUnits(BigInt(f.addedWei), 18)} ETH on the fork to pay gas (it holds less on the chain)`,
      );
  }
  for (const item of sim.items) {
    const who = labels.get(item.itemId) ?? item.wallet;
    if (!item.ok) {
      lines.push(`  ${who} ${item.call}: will revert: ${item.revert?.reason ?? item.revert?.error.message ?? 'no reason given'}`);
      continue;
    }
    lines.push(`  ${who} ${item.call}: ok, gas ${item.gasUsed}`);
    for (const e of item.events) lines.push(`    ${e.text}`);
    for (const d of item.deltas) lines.push(`    ${d.wallet} ${amount(d.amount, d.decimals, d.symbol)}`);
    if (item.note) lines.push(`    note: ${item.note}`);
  }
  for (const t of sim.totals.perToken) lines.push(`total over the wallets: ${amount(t.amount, t.decimals, t.symbol)}`);
  return lines;
}
