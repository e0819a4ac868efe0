import type { PortfolioVault } from '../../../shared/portfolio/schemas';
import type { PositionRecordRow } from '../../../shared/positions/schemas';
import { formatAmount, formatUsd } from '../../../shared/domain/units';
import { Amount } from '../components/Amount';
import { fixed } from '../components/figures';
import { fixedAmount, timeLabels } from '../components/format';
import './positions.css';

const percent = (v: number | null, signed = false) => (v === null ? '—' : `${signed && v > 0 ? '+' : ''}${fixed(v, 2)} %`);
/** The same without the space, for the narrow earnings cell. */
const tight = (v: number | null, signed = false) => percent(v, signed).replace(' %', '%');

type Token = { symbol: string; decimals: number };
const exact = (value: string, token: Token) => `${formatAmount(value, token.decimals, { maxFraction: token.decimals })} ${token.symbol}`;

/**
 * An amount with at most two decimals (cut, never rounded up, and marked "…" when cut) and its
 * symbol; the exact amount on hover. For cells that sit beside the exact figures of the chain.
 */
export function CompactAmount({ value, token }: { value: string | null; token: Token }) {
  if (value === null) return <span className="cell-sub">—</span>;
  return (
    <span className={`amount${value === '0' ? ' zero' : ''}`} title={exact(value, token)}>
      {fixedAmount(value, token.decimals)} <span className="symbol">{token.symbol}</span>
    </span>
  );
}

/** An amount with its sign, green for a gain and red for a loss. */
export function SignedAmount({ value, token, compact }: { value: string | null; token: Token; compact?: boolean }) {
  if (value === null) return <span className="cell-sub">—</span>;
  const n = BigInt(value);
  return (
    <span className={n > 0n ? 'earn-pos' : n < 0n ? 'earn-neg' : undefined}>
      {n > 0n ? '+' : ''}
      {compact ? <CompactAmount value={value} token={token} /> : <Amount value={value} token={token} />}
    </span>
  );
}

/** Everything the service's record says, for the cell's tooltip. */
function recordTitle(row: PositionRecordRow, vault: PortfolioVault): string {
  const r = row.record;
  if (!r) return row.error ? `${row.error.message}${row.error.action ? `\n${row.error.action}` : ''}` : '';
  const line = (label: string, p: { token: string | null; usd: string | null }) =>
    `${label}: ${p.token !== null ? exact(p.token, vault.underlying) : '—'}${p.usd !== null ? ` (${formatUsd(p.usd)})` : ''}`;
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
 * Earnings (amount, percentage), realized APY and what was deposited, of one wallet in one vault,
 * from the service's record; says
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
    <div
      className={`stack right record-cell${notCurrent ? ' not-current' : ''}`}
      title={recordTitle(row, vault)}
      data-record-state={row.stale ? 'stale' : row.behindChain ? 'behind' : 'current'}
    >
      <SignedAmount value={r.earnings.token} token={vault.underlying} compact />
      {notCurrent ? (
        <span className="record-note">{row.stale ? 'not current' : 'behind the chain'}</span>
      ) : (
        <span className="cell-sub">
          {tight(r.earnings.percentage, true)} · APY {tight(r.realizedApy)}
        </span>
      )}
      <span className="cell-sub">
        on <CompactAmount value={r.deposits.token} token={vault.underlying} />
      </span>
    </div>
  );
}
