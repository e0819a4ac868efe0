import type { PortfolioVault } from '../../../shared/portfolio/schemas';
import type { PositionRecordRow } from '../../../shared/positions/schemas';
import { formatTokenAmount, formatUsd } from '../../../shared/domain/units';
import { Amount } from '../components/Amount';
import { timeLabels } from '../components/format';
import './positions.css';

const percent = (v: number | null, signed = false) => (v === null ? '—' : `${signed && v > 0 ? '+' : ''}${v.toFixed(2)} %`);

/** An amount with its sign, green for a gain and red for a loss. */
export function SignedAmount({ value, token }: { value: string | null; token: { symbol: string; decimals: number } }) {
  if (value === null) return <span className="cell-sub">—</span>;
  const n = BigInt(value);
  return (
    <span className={n > 0n ? 'earn-pos' : n < 0n ? 'earn-neg' : undefined}>
      {n > 0n ? '+' : ''}
      <Amount value={value} token={token} />
    </span>
  );
}

/** Everything the service's record says, for the cell's tooltip. */
export function recordTitle(row: PositionRecordRow, vault: PortfolioVault): string {
  const r = row.record;
  if (!r) return row.error ? `${row.error.message}${row.error.action ? `\n${row.error.action}` : ''}` : '';
  const line = (label: string, p: { token: string | null; usd: string | null }) =>
    `${label}: ${p.token !== null ? formatTokenAmount(p.token, vault.underlying) : '—'}${p.usd !== null ? ` (${formatUsd(p.usd)})` : ''}`;
  const at = row.fetchedAtMs ? timeLabels(row.fetchedAtMs) : null;
  return [
    line('Deposited', r.deposits),
    line('Redeemable', r.redeemable),
    line('Pending deposits', r.pendingDeposits),
    line('Pending withdrawals', r.pendingWithdraws),
    `${line('Earnings', r.earnings)}${r.earnings.percentage !== null ? `, ${percent(r.earnings.percentage, true)}` : ''}`,
    `Realized APY: ${percent(r.realizedApy)}`,
    `Pool share: ${percent(r.poolSharePercent)}`,
    at ? `Service record of ${at.local} (${at.utc})` : '',
    row.stale ? `Not current: the last request failed (${row.error?.message ?? 'no answer'}).` : '',
    row.behindChain ? 'Behind the chain: the service has not yet recorded the latest change of this position.' : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * Deposited, earnings and realized APY of one wallet in one vault, from the service's record; says
 * plainly when there is no record, when it failed, and when what is shown is not current.
 */
export function EarningsCell({ row, vault, ready }: { row: PositionRecordRow | undefined; vault: PortfolioVault; ready: boolean }) {
  if (!ready) return <span className="cell-sub">loading…</span>;
  if (!row) {
    return (
      <span className="cell-sub" title="Nothing held or requested in this vault: no record is asked for.">
        —
      </span>
    );
  }
  const r = row.record;
  if (!r) {
    return (
      <span className="record-note" title={recordTitle(row, vault)} data-record-state="failed">
        not loaded
      </span>
    );
  }
  const notCurrent = row.stale || row.behindChain;
  return (
    <div className={`stack right record-cell${notCurrent ? ' not-current' : ''}`} title={recordTitle(row, vault)} data-record-state={row.stale ? 'stale' : row.behindChain ? 'behind' : 'current'}>
      <Amount value={r.deposits.token} token={vault.underlying} />
      <SignedAmount value={r.earnings.token} token={vault.underlying} />
      {notCurrent ? (
        <span className="record-note">{row.stale ? 'not current' : 'behind the chain'}</span>
      ) : (
        <span className="cell-sub">
          {percent(r.earnings.percentage, true)} · APY {percent(r.realizedApy)}
        </span>
      )}
    </div>
  );
}
