import { useMemo } from 'react';
import { failedSources, staleFigures } from '../../../shared/portfolio/freshness';
import type { PortfolioVault, SourceStatus } from '../../../shared/portfolio/schemas';
import { vaultTotals, type ByToken, type VaultTotals } from '../../../shared/portfolio/totals';
import { Amount } from '../components/Amount';
import { VaultStateFlag } from '../components/VaultStateFlag';
import { chainClockOffset, CycleBadge, usePortfolioStore, StaleMark } from '../batch';
import { vaultEarnings } from '../../../shared/positions/totals';
import { usePositionRecords, groupTotalCells, PortfolioRecordsHeader, VaultEarningsCell } from '../positions';
import { SimpleTable } from '../components/SimpleTable';
import { vaultColumn } from '../components/VaultColumn';

/** Amounts of a vault's two tokens, one per line; nothing when both are zero. */
function ByTokenAmounts({ sum, vault }: { sum: ByToken; vault: PortfolioVault }) {
  if (sum.underlying === 0n && sum.tranche === 0n) return <Amount value="0" token={vault.underlying} />;
  return (
    <>
      {sum.tranche > 0n ? <Amount value={sum.tranche.toString()} token={vault.tranche} /> : null}
      {sum.tranche > 0n && sum.underlying > 0n ? <br /> : null}
      {sum.underlying > 0n ? <Amount value={sum.underlying.toString()} token={vault.underlying} /> : null}
    </>
  );
}

/** Per vault, the batch's totals: balances and value, pending requests, what is claimable now, and the next cycle event. */
export function OverviewScreen() {
  const data = usePortfolioStore((s) => s.data);
  const totals = useMemo(() => (data ? vaultTotals(data) : []), [data]);
  const failed = useMemo(() => (data ? failedSources(data) : new Map<string, SourceStatus>()), [data]);
  const figures = useMemo(() => new Map((data?.vaults ?? []).map((v) => [v.id, staleFigures(data!, v)])), [data]);
  // The service's position records add what was deposited and earned, per vault and for the batch.
  // Their sums wait for every vault; how far they have come is said under the title.
  const { records } = usePositionRecords();
  const earnings = useMemo(() => (data && records ? vaultEarnings(data, records) : null), [data, records]);
  // The batch's line under the rows, once it has wallets.
  const total = data && data.wallets.length > 0 ? groupTotalCells({ portfolio: data, records, totals, earnings }) : null;

  return (
    <section className="screen" aria-labelledby="overview-title">
      <PortfolioRecordsHeader
        title="Overview"
        subtitle={data ? `${data.wallets.length} wallets · ${data.vaults.length} epoch vaults` : undefined}
      />
      {data && data.wallets.length === 0 ? <p className="empty">This batch has no wallets yet: add some on the Wallets screen.</p> : null}
      {data ? (
        <div className="table-wrap">
          <SimpleTable<VaultTotals>
            label="Vault totals"
            rows={totals}
            rowKey={(t) => t.vault.id}
            rowProps={(t) => ({ 'data-vault-id': t.vault.id, className: t.stale ? 'stale-row' : undefined })}
            footerRowProps={{ className: 'group-total', 'data-testid': 'group-total' }}
            columns={[
              {
                ...vaultColumn(
                  (t: VaultTotals) => t.vault,
                  (t: VaultTotals) => (
                    <>
                      {' '}
                      {/* The cycle column says defaulted or paused already; the service's own status is said here. */}
                      <VaultStateFlag cycle={null} serviceStatus={t.vault.status} />
                      <div className="cell-sub">
                        {t.vault.chain.name} · {t.vault.underlying.symbol}
                        {t.stale ? ' · not current' : ''}
                      </div>
                      <div className="cell-sub" data-wallets={t.activeWallets}>
                        {t.activeWallets} wallet{t.activeWallets === 1 ? '' : 's'}
                        {t.needsKyc > 0 ? <span className="warn-text"> · {t.needsKyc} need KYC</span> : null}
                      </div>
                    </>
                  ),
                ),
                header: (
                  <>
                    Vault
                    <span className="th-def">wallets with a balance, request or claim</span>
                  </>
                ),
                footer: total?.batch,
                footerProps: { colSpan: 2 },
              },
              {
                key: 'cycle',
                header: 'Cycle',
                cell: (t) => (
                  <>
                    <CycleBadge cycle={t.vault.cycle} clockOffset={chainClockOffset(t.vault.cycle, data.generatedAtMs)} />
                    {!t.stale && figures.get(t.vault.id)?.has('cycle') ? (
                      <div className="cell-sub">
                        <StaleMark source={figures.get(t.vault.id)?.get('cycle')} />
                      </div>
                    ) : null}
                  </>
                ),
              },
              {
                key: 'value',
                header: (
                  <>
                    Balance · value · earnings
                    <span className="th-def">earnings from the service’s records</span>
                  </>
                ),
                numeric: true,
                cell: (t) => (
                  <>
                    <Amount value={t.trancheBalance.toString()} token={t.vault.tranche} />
                    <div className="cell-sub">
                      <Amount value={t.value.toString()} token={t.vault.underlying} />
                    </div>
                    <VaultEarningsCell earnings={earnings?.get(t.vault.id)} vault={t.vault} ready={earnings !== null} />
                  </>
                ),
                footer: total?.value,
                footerProps: { 'data-total': 'value' },
              },
              {
                key: 'pending',
                header: (
                  <>
                    Pending requests
                    <span className="th-def">what was put in, not claimable yet</span>
                  </>
                ),
                numeric: true,
                cellProps: () => ({ 'data-pending': 'true' }),
                cell: (t) => (
                  <dl className="mini">
                    <dt>deposits</dt>
                    <dd>
                      <Amount value={t.pendingDeposits.toString()} token={t.vault.underlying} />
                    </dd>
                    <dt>withdrawals</dt>
                    <dd>
                      <ByTokenAmounts sum={t.pendingWithdraws} vault={t.vault} />
                    </dd>
                    <dt>redeems</dt>
                    <dd>
                      <Amount value={t.pendingRedeems.toString()} token={t.vault.underlying} />
                    </dd>
                    {t.processedCount > 0 ? (
                      <>
                        <dt title="Processed by the manager; claimable once the epoch's claims are funded">processed</dt>
                        <dd data-processed={t.processedCount}>
                          <ByTokenAmounts sum={t.processed} vault={t.vault} />
                        </dd>
                      </>
                    ) : null}
                  </dl>
                ),
                footer: total?.pending,
                footerProps: { 'data-total': 'pending' },
              },
              {
                key: 'claimable',
                header: (
                  <>
                    Claimable now
                    <span className="th-def">what the claims pay</span>
                  </>
                ),
                numeric: true,
                cellProps: (t) => ({
                  'data-claimable': t.claimableCount,
                  className: t.requestsStale && !t.stale ? 'stale-figure' : undefined,
                }),
                cell: (t) => (
                  <>
                    {t.claimableCount > 0 ? (
                      <>
                        <strong>
                          {t.claimableCount} claim{t.claimableCount === 1 ? '' : 's'}
                        </strong>
                        <div
                          className="cell-sub"
                          data-receive
                          title={
                            t.claimableEstimate
                              ? 'Estimated at the vault’s price now: the epoch’s price is not fixed yet'
                              : 'What the claims pay'
                          }
                        >
                          {t.claimableEstimate ? '≈ ' : ''}pays <ByTokenAmounts sum={t.claimable} vault={t.vault} />
                        </div>
                      </>
                    ) : (
                      <span className="cell-sub">none</span>
                    )}
                    {/* The requests come from the service's records: when it did not answer, the claims counted are from its last answer. */}
                    {t.requestsStale && !t.stale ? (
                      <div className="cell-sub">
                        <StaleMark source={failed.get('service')} />
                      </div>
                    ) : null}
                  </>
                ),
                footer: total?.claimable,
                footerProps: { 'data-total': 'claimable' },
              },
            ]}
          />
        </div>
      ) : null}
    </section>
  );
}
