import type { ReactNode } from 'react';
import { formatUsd } from '../../../shared/domain/units';
import type { Portfolio, PortfolioVault } from '../../../shared/portfolio/schemas';
import type { PositionRecords } from '../../../shared/positions/schemas';
import { batchValue } from '../../../shared/positions/batch-value';
import type { VaultEarnings } from '../../../shared/positions/totals';
import { isCounted } from '../../../shared/portfolio/request-phase';
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
  // No record loaded (a service without a key gives none): no sum to show, not "0.00 earned".
  if (earnings.records === 0) {
    return (
      <div className="record-cell vault-earnings" data-vault-earnings="unknown">
        <div className="record-note">
          earnings unknown: {earnings.missing} record{earnings.missing === 1 ? '' : 's'} not loaded
        </div>
      </div>
    );
  }
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
 * The batch's totals across vaults: exactly the rows above added up. Vaults hold different tokens,
 * so each figure is summed per token, and in USD at each vault's stated price where it has one;
 * what the rows leave out (records not loaded, vaults without a price) is said on the line. Given
 * as the cells of the Overview's totals line, one per column it sums (the first spans the vault
 * and cycle columns).
 */
export function groupTotalCells({
  portfolio,
  records,
  totals,
  earnings,
}: {
  portfolio: Portfolio;
  records: PositionRecords | null;
  totals: VaultTotals[];
  /** The rows' earnings, as each vault row shows them (null while the records load). */
  earnings: ReadonlyMap<string, VaultEarnings> | null;
}): Record<'batch' | 'value' | 'pending' | 'claimable', ReactNode> {
  const activeWallets = new Set(
    portfolio.positions
      .filter(
        (p) =>
          [p.trancheBalance, p.pendingDeposit, p.pendingWithdraw, p.pendingRedeem, p.pendingInstantRedeem].some(
            (v) => v !== null && v !== '0',
          ) || p.claimable.length > 0,
      )
      .map((p) => p.wallet.toLowerCase())
      .concat(portfolio.requests.filter((r) => isCounted(r.phase)).map((r) => r.wallet.toLowerCase())),
  ).size;
  const line = batchTotals(totals);
  const value = batchValue(totals, earnings);
  const at = records?.source.fetchedAtMs ? timeLabels(records.source.fetchedAtMs) : null;
  const usd = (v: bigint) => <span className="amount">{formatUsd(v)}</span>;
  return {
    batch: (
      <>
        <span className="cell-title">Batch total</span>
        <div className="cell-sub" data-wallets={activeWallets}>
          {activeWallets} distinct wallet{activeWallets === 1 ? '' : 's'}
        </div>
        <div className="cell-sub" title={at ? `Oldest record used: ${at.utc}` : undefined}>
          {earnings
            ? `the rows above added up, per token and in USD at each vault's price; earnings from ${value.records} position record${value.records === 1 ? '' : 's'}${at ? ` as of ${at.local}` : ''}`
            : "the rows above added up, per token and in USD at each vault's price; loading position records…"}
        </div>
        {value.missing > 0 ? (
          <div className="record-note">
            {value.missing} record{value.missing === 1 ? '' : 's'} could not be loaded: left out, as in the rows
          </div>
        ) : null}
        {value.notCurrent ? <div className="record-note">includes figures not current</div> : null}
      </>
    ),
    value: (
      <>
        <div data-total="value-tokens">
          <TokenSums sums={value.value} />
        </div>
        <UsdLine usd={value.usd.value} unpriced={value.unpriced} />
        {/* No record loaded (a service without a key gives none): no sum, rather than "$0.00 earned". */}
        {earnings && value.records > 0 ? (
          <>
            <div className="batch-earnings" data-total="earnings">
              <TokenSums sums={value.earnings} signed />
              <div
                className={value.usd.earnings > 0n ? 'earn-pos' : value.usd.earnings < 0n ? 'earn-neg' : undefined}
                data-total="earnings-usd"
              >
                ≈ {value.usd.earnings > 0n ? '+' : ''}
                {usd(value.usd.earnings)} earned
              </div>
            </div>
            <div className="cell-sub" data-total="deposits">
              {value.earningsPercent !== null ? `${pct(value.earningsPercent)} ` : ''}on ≈ {usd(value.usd.deposits)}
            </div>
          </>
        ) : null}
      </>
    ),
    pending: (
      <>
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
          {line.processedCount > 0 ? (
            <>
              <dt>processed</dt>
              <dd data-total="processed">
                <TokenSums sums={line.processed} />
              </dd>
            </>
          ) : null}
        </dl>
        <UsdLine usd={line.usd.pending + line.usd.processed} unpriced={line.unpriced} />
      </>
    ),
    claimable: (
      <>
        <strong>
          {line.claimableCount} claim{line.claimableCount === 1 ? '' : 's'}
        </strong>
        <div className="cell-sub">
          {line.claimableCount > 0 ? 'pays ' : null}
          <TokenSums sums={line.claimable} />
        </div>
        {line.claimableCount > 0 ? <UsdLine usd={line.usd.claimable} unpriced={line.unpriced} /> : null}
      </>
    ),
  };
}

/** Sums of several tokens, one per line: tokens are never added together. */
function TokenSums({ sums, signed }: { sums: TokenSum[]; signed?: boolean }) {
  if (sums.length === 0) return <span className="amount zero">0</span>;
  return (
    <>
      {sums.map((s) => (
        <div key={`${s.symbol}:${s.decimals}`}>
          {signed ? <SignedAmount value={s.amount.toString()} token={s} /> : <Amount value={s.amount.toString()} token={s} />}
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
