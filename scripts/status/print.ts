import { formatAmount } from '../../shared/domain/units';
import type { StatusSummary, StatusVault } from './summary';

/** The human form of `npm run status`: vaults and their cycle, each wallet's requests and claims, sources, records set aside. */

const STATES: Record<string, string> = {
  WAITING: 'waiting',
  RUNNING: 'running',
  RUNNING_PAST_END: 'running past its end date',
  DEFAULTED: 'defaulted',
};

/** "in 2d 03h", "in 45m", "3h 10m ago": how far an event is from now. */
function countdown(atSeconds: number, nowSeconds: number): string {
  const delta = Math.round(atSeconds - nowSeconds);
  const abs = Math.abs(delta);
  const d = Math.floor(abs / 86_400);
  const h = Math.floor((abs % 86_400) / 3_600);
  const m = Math.floor((abs % 3_600) / 60);
  const text = d > 0 ? `${d}d ${String(h).padStart(2, '0')}h` : h > 0 ? `${h}h ${String(m).padStart(2, '0')}m` : `${m}m`;
  return delta >= 0 ? `in ${text}` : `${text} ago`;
}

const utc = (seconds: number) => `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;
const amount = (units: string | null, token: { symbol: string; decimals: number }) =>
  units === null ? `? ${token.symbol}` : `${formatAmount(units, token.decimals)} ${token.symbol}`;

function cycleLine(v: StatusVault, now: number): string {
  if (!v.state) return 'cycle unknown (neither the chain nor the service told it)';
  const state = `${STATES[v.state] ?? v.state}${v.epochNumber !== null ? `, ${v.epochNumber} epochs done` : ''}`;
  const from = v.cycleSource === 'service' ? ' (from the service: the chain did not answer)' : '';
  const next = v.nextEvent ? `; ${v.nextEvent.label.toLowerCase()} ${countdown(v.nextEvent.at, now)} (${utc(v.nextEvent.at)})` : '';
  return `${state}${next}${from}`;
}

export function statusLines(s: StatusSummary, nowSeconds = Date.now() / 1000): string[] {
  const lines: string[] = [];
  const vaultName = new Map(s.vaultList.map((v) => [v.id, v.name]));
  lines.push(`Vaultdesk status: ${s.service}, ${s.walletsFrom}, ${s.generatedAt.slice(0, 16).replace('T', ' ')} UTC`);

  lines.push('', `Vaults (${s.vaults})`);
  if (s.vaults === 0) lines.push('  none');
  for (const v of s.vaultList) lines.push(`  ${v.name} [${v.chain}]: ${cycleLine(v, nowSeconds)}`);

  lines.push('', `Wallets (${s.wallets}): ${s.requests} open request${s.requests === 1 ? '' : 's'}, ${s.claimable} of them claimable now`);
  if (s.wallets === 0) lines.push('  none: give --wallet ADDRESS, or add wallets to the wallet book');
  for (const w of s.walletList) {
    if (w.requests.length === 0 && w.claimable.length === 0) continue;
    lines.push(`  ${w.label ? `${w.label} ` : ''}${short(w.address)}`);
    // A request that can be claimed now is listed once, as claimable.
    for (const r of w.requests.filter((x) => x.phase !== 'claimable')) {
      const epoch = r.epochNumber !== null ? `, epoch ${r.epochNumber}` : r.isInstant ? ', instant' : '';
      const when = r.expectedAt !== null ? `, expected ${countdown(r.expectedAt, nowSeconds)}` : '';
      const now = r.action ? `: can ${r.action} now` : r.reason ? `: ${r.reason}` : '';
      lines.push(
        `    ${r.phase.padEnd(9)} ${r.type.toLowerCase()} ${amount(r.amount, r)}${r.type === 'WITHDRAW' && r.amountFrom === 'service' ? ' (value as recorded)' : ''} in ${vaultName.get(r.vaultId) ?? r.vaultId} (${r.status}${epoch}${when})${now}`,
      );
    }
    for (const c of w.claimable) {
      const epoch = c.epochNumber !== null ? `, epoch ${c.epochNumber}` : '';
      const pays = c.pays ? `, pays ${c.pays.estimate ? '≈ ' : ''}${amount(c.pays.amount, c.pays)}` : '';
      lines.push(`    claimable ${c.kind} ${amount(c.amount, c)} in ${vaultName.get(c.vaultId) ?? c.vaultId} (${c.functionName}${epoch}${pays})`);
    }
  }
  const quiet = s.walletList.filter((w) => w.requests.length === 0 && w.claimable.length === 0).length;
  if (quiet > 0 && quiet < s.wallets) lines.push(`  ${quiet} other wallet${quiet === 1 ? ' has' : 's have'} nothing pending or claimable`);
  else if (quiet > 0) lines.push('  nothing pending or claimable');

  const failing = s.sources.filter((x) => !x.ok);
  lines.push(
    '',
    failing.length === 0 ? `Sources: all ${s.sources.length} answered` : `Sources: ${failing.length} of ${s.sources.length} failing`,
  );
  for (const x of failing) lines.push(`  ${x.label} (${x.id}): ${x.message}${x.stale ? ' (figures shown are from before)' : ''}`);
  if (failing.some((x) => x.id.startsWith('chain:')))
    lines.push("  (a chain's own RPC address: --rpc CHAINID=URL; meanwhile cycles come from the service)");

  lines.push('', s.rejected === 0 ? 'Records set aside: none' : `Records set aside: ${s.rejected} (left out of their page, the rest kept)`);
  for (const r of s.setAside) lines.push(`  ${r.endpoint} #${r.index}${r.id ? ` ${r.id}` : ''}${r.path ? ` ${r.path}` : ''}: ${r.reason}`);
  if (s.rejected > s.setAside.length) lines.push(`  … and ${s.rejected - s.setAside.length} more (all in --json's count)`);
  return lines;
}
