import { formatUsd } from '../../../shared/domain/units';
import type { Portfolio, PortfolioVault } from '../../../shared/portfolio/schemas';
import type { PositionRecords } from '../../../shared/positions/schemas';
import { groupEarnings, type VaultEarnings } from '../../../shared/positions/totals';
import type { VaultTotals } from '../../../shared/portfolio/totals';
import { Amount } from '../components/Amount';
import { timeLabels } from '../components/format';
import { SignedAmount } from './RecordCells';
import './positions.css';

const pct = (v: number | null) => (v === null ? '' : `${v > 0 ? '+' : ''}${v.toFixed(2)} %`);

/** A vault's deposited and earned sums over the batch's records, in the vault's underlying. */
export function VaultEarningsCell({ earnings, vault, ready }: { earnings: VaultEarnings | undefined; vault: PortfolioVault; ready: boolean }) {
  if (!ready) return <span className="cell-sub">loading…</span>;
  if (!earnings || earnings.records + earnings.missing === 0) return <span className="cell-sub">none</span>;
  const percent = earnings.token.deposits > 0n ? Number((earnings.token.earnings * 1_000_000n) / earnings.token.deposits) / 10_000 : null;
  return (
    <div className={`record-cell${earnings.notCurrent ? ' not-current' : ''}`} data-vault-earnings={earnings.token.earnings.toString()}>
      <Amount value={earnings.token.deposits.toString()} token={vault.underlying} />
      <div>
        <SignedAmount value={earnings.token.earnings.toString()} token={vault.underlying} />
      </div>
      <div className="cell-sub">{pct(percent)}</div>
      {earnings.missing > 0 ? <div className="record-note">{earnings.missing} record{earnings.missing === 1 ? '' : 's'} not loaded</div> : null}
      {earnings.notCurrent ? <div className="record-note">includes figures not current</div> : null}
    </div>
  );
}

/**
 * The batch's totals across vaults. Vaults hold different tokens, so only USD adds up: the USD
 * figures of the service's position records, with what they leave out said on the row.
 */
export function GroupTotalRow({ portfolio, records, totals }: { portfolio: Portfolio; records: PositionRecords | null; totals: VaultTotals[] }) {
  const activeWallets = new Set(
    portfolio.positions
      .filter((p) => [p.trancheBalance, p.pendingDeposit, p.pendingWithdraw, p.pendingRedeem, p.pendingInstantRedeem].some((v) => v !== null && v !== '0') || p.claimable.length > 0)
      .map((p) => p.wallet.toLowerCase()),
  ).size;
  const claims = totals.reduce((n, t) => n + t.claimableCount, 0);
  const g = records ? groupEarnings(portfolio, records) : null;
  const at = records?.source.fetchedAtMs ? timeLabels(records.source.fetchedAtMs) : null;
  const usd = (v: bigint) => <span className="amount">{formatUsd(v)}</span>;
  return (
    <tr className="group-total" data-testid="group-total">
      <td>
        <span className="cell-title">Batch total</span>
        <div className="cell-sub" title={at ? `Oldest record used: ${at.utc}` : undefined}>
          {g ? `in USD, from ${g.records} position record${g.records === 1 ? '' : 's'}${at ? ` as of ${at.local}` : ''}` : 'loading position records…'}
        </div>
        {g && g.missing > 0 ? <div className="record-note">{g.missing} record{g.missing === 1 ? '' : 's'} could not be loaded: left out</div> : null}
        {g && g.unpriced > 0 ? <div className="record-note">{g.unpriced} without a USD figure: left out</div> : null}
        {g?.notCurrent ? <div className="record-note">includes figures not current</div> : null}
      </td>
      <td />
      <td className="num">{activeWallets}</td>
      <td className="num" data-total="redeemable">
        {g ? usd(g.usd.redeemable) : null}
        <div className="cell-sub">redeemable</div>
      </td>
      <td className="num" data-total="earnings">
        {g ? (
          <>
            {usd(g.usd.deposits)}
            <div className={g.usd.earnings > 0n ? 'earn-pos' : g.usd.earnings < 0n ? 'earn-neg' : undefined}>
              {g.usd.earnings > 0n ? '+' : ''}
              {usd(g.usd.earnings)}
            </div>
            <div className="cell-sub">{pct(g.earningsPercent)}</div>
          </>
        ) : null}
      </td>
      <td className="num" data-total="pending">
        {g ? (
          <dl className="mini">
            <dt>deposits</dt>
            <dd>{usd(g.usd.pendingDeposits)}</dd>
            <dt>withdrawals</dt>
            <dd>{usd(g.usd.pendingWithdraws)}</dd>
          </dl>
        ) : null}
      </td>
      <td className="num">
        <strong>
          {claims} claim{claims === 1 ? '' : 's'}
        </strong>
      </td>
    </tr>
  );
}
