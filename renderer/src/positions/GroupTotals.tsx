import { formatUsd } from '../../../shared/domain/units';
import type { Portfolio, PortfolioVault } from '../../../shared/portfolio/schemas';
import type { PositionRecords } from '../../../shared/positions/schemas';
import { groupEarnings, type VaultEarnings } from '../../../shared/positions/totals';
import { batchTotals, type TokenSum, type VaultTotals } from '../../../shared/portfolio/totals';
import { Amount } from '../components/Amount';
import { fixed } from '../components/figures';
import { timeLabels } from '../components/format';
import { CompactAmount, SignedAmount } from './RecordCells';
import './positions.css';

const pct = (v: number | null) => (v === null ? '' : `${v > 0 ? '+' : ''}${fixed(v, 2)} %`);

/**
 * Under a vault's balance and value: what the batch earned there and on what deposits, summed over
 * the service's records, in the vault's underlying.
 */
export function VaultEarningsCell({
  earnings,
  vault,
  ready,
}: {
  earnings: VaultEarnings | undefined;
  vault: PortfolioVault;
  ready: boolean;
}) {
  if (!ready) return <div className="cell-sub">earnings loading…</div>;
  if (!earnings || earnings.records + earnings.missing === 0) return null;
  const percent = earnings.token.deposits > 0n ? Number((earnings.token.earnings * 1_000_000n) / earnings.token.deposits) / 10_000 : null;
  return (
    <div
      className={`record-cell vault-earnings${earnings.notCurrent ? ' not-current' : ''}`}
      data-vault-earnings={earnings.token.earnings.toString()}
      title={`Sums of ${earnings.records} position record${earnings.records === 1 ? '' : 's'} of the service`}
    >
      <div>
        <SignedAmount value={earnings.token.earnings.toString()} token={vault.underlying} compact /> earned
      </div>
      <div className="cell-sub">
        {percent !== null ? `${pct(percent)} ` : ''}on <CompactAmount value={earnings.token.deposits.toString()} token={vault.underlying} />
      </div>
      {earnings.missing > 0 ? (
        <div className="record-note">
          {earnings.missing} record{earnings.missing === 1 ? '' : 's'} not loaded
        </div>
      ) : null}
      {earnings.notCurrent ? <div className="record-note">includes figures not current</div> : null}
    </div>
  );
}

/**
 * The batch's totals across vaults. Vaults hold different tokens, so only USD adds up: the USD
 * figures of the service's position records, with what they leave out said on the row.
 */
export function GroupTotalRow({
  portfolio,
  records,
  totals,
}: {
  portfolio: Portfolio;
  records: PositionRecords | null;
  totals: VaultTotals[];
}) {
  const activeWallets = new Set(
    portfolio.positions
      .filter(
        (p) =>
          [p.trancheBalance, p.pendingDeposit, p.pendingWithdraw, p.pendingRedeem, p.pendingInstantRedeem].some(
            (v) => v !== null && v !== '0',
          ) || p.claimable.length > 0,
      )
      .map((p) => p.wallet.toLowerCase()),
  ).size;
  const line = batchTotals(totals);
  const g = records ? groupEarnings(portfolio, records) : null;
  const at = records?.source.fetchedAtMs ? timeLabels(records.source.fetchedAtMs) : null;
  const usd = (v: bigint) => <span className="amount">{formatUsd(v)}</span>;
  return (
    <tr className="group-total" data-testid="group-total">
      <td colSpan={2}>
        <span className="cell-title">Batch total</span>
        <div className="cell-sub" data-wallets={activeWallets}>
          {activeWallets} distinct wallet{activeWallets === 1 ? '' : 's'}
        </div>
        <div className="cell-sub" title={at ? `Oldest record used: ${at.utc}` : undefined}>
          {g
            ? `the rows above added up; value and earnings in USD from ${g.records} position record${g.records === 1 ? '' : 's'}${at ? ` as of ${at.local}` : ''}`
            : 'loading position records…'}
        </div>
        {g && g.missing > 0 ? (
          <div className="record-note">
            {g.missing} record{g.missing === 1 ? '' : 's'} could not be loaded: left out
          </div>
        ) : null}
        {g && g.unpriced > 0 ? <div className="record-note">{g.unpriced} without a USD figure: left out</div> : null}
        {g?.notCurrent ? <div className="record-note">includes figures not current</div> : null}
      </td>
      <td className="num" data-total="value">
        {g ? (
          <>
            {usd(g.usd.redeemable)}
            <div className="cell-sub">redeemable</div>
            <div className={g.usd.earnings > 0n ? 'earn-pos' : g.usd.earnings < 0n ? 'earn-neg' : undefined} data-total="earnings">
              {g.usd.earnings > 0n ? '+' : ''}
              {usd(g.usd.earnings)} earned
            </div>
            <div className="cell-sub" data-total="deposits">
              {g.earningsPercent !== null ? `${pct(g.earningsPercent)} ` : ''}on {usd(g.usd.deposits)}
            </div>
          </>
        ) : null}
      </td>
      <td className="num" data-total="pending">
        <dl className="mini">
          <dt>deposits</dt>
          <dd>
            <TokenSums sums={line.pendingDeposits} />
          </dd>
          <dt>withdrawals</dt>
          <dd>
            <TokenSums sums={line.pendingWithdraws} />
          </dd>
          <dt>redeems</dt>
          <dd>
            <TokenSums sums={line.pendingRedeems} />
          </dd>
        </dl>
        <UsdLine usd={line.usd.pending} unpriced={line.unpriced} />
      </td>
      <td className="num" data-total="claimable">
        <strong>
          {line.claimableCount} claim{line.claimableCount === 1 ? '' : 's'}
        </strong>
        <div className="cell-sub">
          <TokenSums sums={line.claimable} />
        </div>
        {line.claimableCount > 0 ? <UsdLine usd={line.usd.claimable} unpriced={line.unpriced} /> : null}
      </td>
    </tr>
  );
}

/** Sums of several tokens, one per line: tokens are never added together. */
function TokenSums({ sums }: { sums: TokenSum[] }) {
  if (sums.length === 0) return <span className="amount zero">0</span>;
  return (
    <>
      {sums.map((s) => (
        <div key={`${s.symbol}:${s.decimals}`}>
          <Amount value={s.amount.toString()} token={s} />
        </div>
      ))}
    </>
  );
}

/** The same sums in USD, saying which vaults have no price and are left out. */
function UsdLine({ usd, unpriced }: { usd: bigint; unpriced: string[] }) {
  return (
    <div className="cell-sub" title={unpriced.length > 0 ? `No USD price for ${unpriced.join(', ')}: left out of the USD sum` : undefined}>
      ≈ {formatUsd(usd)}
      {unpriced.length > 0 ? ` (${unpriced.length} vault${unpriced.length === 1 ? '' : 's'} without a price left out)` : ''}
    </div>
  );
}
