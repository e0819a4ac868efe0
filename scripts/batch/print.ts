import type { SigningService } from '../../electron/services/signing';
import { formatUnits } from 'viem';
import type { SendCheck } from '../../shared/bundles/ipc';
import type { BundleSimulation } from '../../shared/bundles/simulation';
import type { MessageReview, Plan, TransactionReview } from '../../shared/signing/schemas';
import { args, say } from './cli';
import { ROLE_NAMES } from '../../shared/registry/schemas';

/** What the runner prints line by line: each item's progress, the offline review, the send checks. */

export function printProgress(signing: SigningService): void {
  const crashAfter = args['crash-after'] !== undefined ? Number(args['crash-after']) : null;
  let signedNow = 0;
  signing.subscribe((event) => {
    if (event.type !== 'item') return;
    const { item } = event;
    say(
      `${item.label} ${item.step} ${item.state}${item.tx ? ` nonce ${item.tx.nonce}` : ''}${item.hash ? ` ${item.hash}` : ''}${item.reason ? ` (${item.reason})` : ''}`,
    );
    if (item.state === 'signed' && (item.signed || item.signature)) {
      signedNow++;
      // The journal already holds the signed bytes: leave like a killed process would.
      if (crashAfter !== null && signedNow >= crashAfter) process.exit(137);
    }
  });
}

export function reviewLines(plan: Plan): string[] {
  const lines: string[] = [];
  for (const [n, item] of plan.items.entries()) {
    const r = item.review;
    if (!r) {
      lines.push(`  skip ${item.label} ${item.wallet}: ${item.reason ?? ''}`);
      continue;
    }
    if (r.kind === 'message') {
      lines.push(...agreementLines(n, item.label, item.wallet, r));
      continue;
    }
    lines.push(
      `  #${n + 1} ${item.label} ${item.wallet} nonce ${r.nonce}: ${r.title} — ${r.functionName} on ${r.contract.name} ${r.contract.address}; max fee ${r.fees.maxFeeDisplay}; the device shows hash ${r.signingHash}`,
    );
    lines.push(...whereMoneyGoes(r));
  }
  return lines;
}

/**
 * An agreement as the wallet signs it: its whole text, line by line (each line printed as plain
 * text), with its length and where it comes from, so the operator reads exactly what is signed.
 */
function agreementLines(n: number, label: string, wallet: string, r: MessageReview): string[] {
  const text = r.text.split('\n');
  return [
    `  #${n + 1} ${label} ${wallet}: ${r.title} (personal_sign by this wallet of the text below, ${new TextEncoder().encode(r.text).length} bytes, ${text.length} line${text.length === 1 ? '' : 's'})`,
    ...(r.origin ? [`      origin: ${r.origin}`] : []),
    ...text.map((line) => `      | ${line}`),
  ];
}

/** The roles in the registry's words (the same as the review's). */
const ROLE_WORDS: Record<string, string> = ROLE_NAMES;

/** The call's contract and, for an approval, its spender, each with its pinned role and where the pin comes from. */
function whereMoneyGoes(r: TransactionReview): string[] {
  const vault = r.pinned?.vaultName ?? '(not in this install\'s registry)';
  const pin = r.pinned ? `pinned on ${r.pinned.pinnedAt.slice(0, 10)}${r.pinned.checkedAtBlock ? `, checked on chain at block ${r.pinned.checkedAtBlock}` : ''}` : 'not pinned here';
  const lines = [`      call: ${ROLE_WORDS[r.contract.role] ?? r.contract.role} of ${vault} ${r.contract.address}`];
  if (r.spender) {
    lines.push(`      spender: ${ROLE_WORDS[r.spender.role] ?? r.spender.role} of ${vault} ${r.spender.address} (${pin})${r.unlimitedApproval ? ' — UNLIMITED approval, chosen explicitly' : ''}`);
  } else lines.push(`      ${pin}`);
  return lines;
}

export function problemLine(check: SendCheck): string {
  return `  ${check.label} ${check.wallet} nonce ${check.nonce}: ${check.problem ? `${check.problem.code}: ${check.problem.message} ${check.problem.action ?? ''}` : 'ready to send'}`;
}

const signedUnits = (value: string, decimals: number, symbol: string) =>
  `${value.startsWith('-') ? '' : '+'}${formatUnits(BigInt(value), decimals)} ${symbol}`;

/**
 * The planner's simulation carried in a bundle, item by item. `where` says whose it is: the export
 * prints what it puts in the file; the offline review prints it marked as information it cannot check.
 */
export function bundleSimulationLines(
  sim: BundleSimulation | null,
  labels: ReadonlyMap<string, string>,
  chainName: (chainId: number) => string,
  where: 'export' | 'offline',
): string[] {
  if (!sim) return ['simulation: not simulated by the planner (the bundle carries no simulation)'];
  const lines: string[] = [];
  for (const c of sim.chains) {
    const how = c.method === 'fork' ? 'on a fork' : 'with the RPC\'s eth_simulateV1';
    if (c.method === 'none') lines.push(`simulation: ${chainName(c.chainId)} not simulated${where === 'offline' ? ' by the planner' : ''}: ${c.reason ?? 'no reason given'}`);
    else if (where === 'offline')
      lines.push(`simulation: simulated online at block ${c.block} of ${chainName(c.chainId)} (${how}) — information, not proof: this install cannot check it`);
    else lines.push(`simulation: simulated ${how} of ${chainName(c.chainId)} at block ${c.block}, carried in the bundle as information`);
  }
  for (const item of sim.items) {
    const who = labels.get(item.itemId) ?? item.wallet;
    if (!item.ok) {
      const reason = item.revert?.reason ?? item.revert?.error.message ?? 'no reason given';
      lines.push(
        where === 'offline'
          ? `  ${who} ${item.call}: REVERTED when simulated online: ${reason} (not held here: this install's own checks decide; read the call before signing)`
          : `  ${who} ${item.call}: reverts on the fork: ${reason}`,
      );
      continue;
    }
    lines.push(`  ${who} ${item.call}: ok${item.gasUsed ? `, gas ${item.gasUsed}` : ''}`);
    for (const e of item.events) lines.push(`    ${e.text}`);
    for (const d of item.deltas) lines.push(`    ${d.wallet} ${signedUnits(d.amount, d.decimals, d.symbol)}`);
    if (item.note) lines.push(`    note: ${item.note}`);
  }
  for (const t of sim.totals.perToken) lines.push(`  simulated total over the wallets: ${signedUnits(t.amount, t.decimals, t.symbol)}`);
  return lines;
}
