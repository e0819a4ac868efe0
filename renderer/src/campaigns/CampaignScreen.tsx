import { useEffect } from 'react';
import { useNavigationStore } from '../navigation/navigation-store';
import { useSourceLoad } from '../navigation/use-source-load';
import { Screen } from '../components/ScreenHeader';
import { ErrorNotice } from '../components/ErrorNotice';
import { FlatEntries } from '../components/FlatEntries';
import { count, multiplier, points } from '../components/figures';
import { timeLabels } from '../components/format';
import { SimpleTable } from '../components/SimpleTable';
import { pickText } from '../components/text';
import { Countdown } from '../components/time';
import { GroupPicker, useChainAhead, usePortfolioStore } from '../batch';
import { VaultRefTable } from '../operators';
import '../components/insights.css';
import { CampaignDates, CampaignStatePill, useCampaignStateNow } from './CampaignState';
import { useCampaignsStore } from './campaigns-store';
import { pointsColumns } from './points-columns';

/** One campaign: its rules, dates and vaults, and the points of every wallet of the batch with the batch's totals. */
export function CampaignScreen() {
  const { campaignId, detail, detailError, points: view, pointsLoading, pointsError, exporting, loadDetail, loadPoints, exportPoints } = useCampaignsStore();
  const groupId = usePortfolioStore((s) => s.groupId);
  const go = useNavigationStore((s) => s.go);
  const openVault = useNavigationStore((s) => s.openVault);
  const sourceVersion = useNavigationStore((s) => s.sourceVersion);

  useSourceLoad(loadDetail, campaignId);
  const stateOf = useCampaignStateNow();
  // Campaign dates are chain dates: the countdown runs on the chains' clock (ahead of today in the demo).
  const ahead = useChainAhead();
  const state = detail ? stateOf(detail) : null;
  useEffect(() => {
    void loadPoints(groupId);
  }, [loadPoints, campaignId, groupId, sourceVersion]);

  const refresh = () => {
    void loadDetail(true);
    void loadPoints(groupId, true);
  };
  const name = detail ? pickText(detail.name, detail.code ?? detail.id) : 'Campaign';
  const totals = view?.totals;
  const failed = view?.rows.filter((r) => r.error !== null) ?? [];
  const updated = view ? timeLabels(view.oldestMs ?? view.fetchedAtMs) : null;

  return (
    <Screen
      name="campaign"
      title={name}
      subtitle={
        detail ? (
          <>
            {detail.code ? <code>{detail.code}</code> : null} <CampaignStatePill state={stateOf(detail)} /> <CampaignDates campaign={detail} />
          </>
        ) : null
      }
      back={{ label: 'Campaigns', onClick: () => go('campaigns') }}
      batch={<GroupPicker />}
      updated={updated && { label: `Points as of ${updated.local}`, title: `Points read ${updated.utc}; kept a few minutes, Refresh reads them again.` }}
      refresh={{ run: refresh, busy: pointsLoading }}
      bar={
        <button type="button" className="button button-primary" onClick={() => void exportPoints(groupId)} disabled={exporting || !view || view.rows.length === 0}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
      }
      progress={{ busy: pointsLoading, label: 'Reading points' }}
    >
      {!campaignId ? <p className="empty">Open a campaign from the Campaigns screen.</p> : null}
      {detailError ? <ErrorNotice error={detailError} title="Could not load the campaign." /> : null}
      {detail?.description ? <p className="lead">{pickText(detail.description)}</p> : null}

      {detail ? (
        <div className="facts-grid">
          <div className="fact">
            <span className="fact-label">{state === 'upcoming' ? 'Starts' : state === 'finished' ? 'Ended' : 'Ends'}</span>
            {state === 'upcoming' && detail.startDate !== null ? (
              <strong>
                <Countdown at={detail.startDate} offset={ahead} />
              </strong>
            ) : detail.endDate !== null ? (
              <strong>
                <Countdown at={detail.endDate} offset={ahead} />
              </strong>
            ) : (
              <strong>—</strong>
            )}
            <span className="fact-sub">
              <CampaignDates campaign={detail} />
            </span>
          </div>
          <div className="fact">
            <span className="fact-label">Vaults</span>
            <strong>{detail.vaults.length}</strong>
            <span className="fact-sub">{detail.hiddenVaultCount > 0 ? `${detail.hiddenVaultCount} not public, not shown` : 'all public'}</span>
          </div>
          <div className="fact" data-testid="batch-points-total">
            <span className="fact-label">Batch points</span>
            <strong>{totals ? points(totals.points) : '—'}</strong>
            <span className="fact-sub">{totals ? `${count(totals.wallets)} wallets, ${count(totals.earning)} earning` : 'reading…'}</span>
          </div>
          <div className="fact">
            <span className="fact-label">Batch points per day</span>
            <strong>{totals ? points(totals.perDay) : '—'}</strong>
            <span className="fact-sub">{totals?.multiplier !== null && totals ? `average multiplier ${multiplier(totals.multiplier)}` : 'nothing earned now'}</span>
          </div>
        </div>
      ) : null}

      {pointsError ? <ErrorNotice error={pointsError} title={view ? 'Could not refresh the points: the figures below are from before.' : 'Could not read the points.'} /> : null}
      {failed.length > 0 ? (
        <div className="notice notice-warn" role="status">
          <strong className="notice-title">
            {failed.length} wallet{failed.length === 1 ? '' : 's'} could not be read: the totals leave {failed.length === 1 ? 'it' : 'them'} out.
          </strong>
          <p>{failed[0]!.error}</p>
          <p className="notice-action">Refresh to read them again.</p>
        </div>
      ) : null}

      {view ? (
        <div className="card wide">
          <div className="card-head">
            <h2>Points of this batch</h2>
            <span className="cell-sub">highest first</span>
          </div>
          {view.rows.length === 0 ? (
            <p className="cell-sub">This batch has no wallets. Add some in Wallets, or pick another batch.</p>
          ) : (
            <div className={`table-wrap scroll-y${pointsError ? ' stale' : ''}`} tabIndex={0} role="region" aria-label="Campaign points, scrollable">
              <SimpleTable
                compact
                label="Campaign points"
                columns={pointsColumns(totals)}
                rows={view.rows}
                rowKey={(r) => r.wallet}
                rowProps={(r) => ({ 'data-wallet': r.wallet })}
                footerRowProps={{ 'data-testid': 'points-totals' }}
              />
            </div>
          )}
        </div>
      ) : null}

      {detail ? (
        <div className="insight-grid">
          <div className="card">
            <h2>Rules</h2>
            {detail.rules.length === 0 ? <p className="cell-sub">The service gives no rules for this campaign.</p> : null}
            {detail.rules.map((rule, i) => (
              <div className="rule" key={i}>
                <h3>
                  {rule.vaultId ? (
                    <button type="button" className="link-button vault-link" onClick={() => openVault(rule.vaultId!)}>
                      {rule.title}
                    </button>
                  ) : (
                    rule.title
                  )}
                </h3>
                {rule.entries.length > 0 ? <FlatEntries entries={rule.entries} label={`Rule: ${rule.title}`} /> : null}
              </div>
            ))}
          </div>
          <div className="card">
            <h2>Vaults concerned</h2>
            {detail.vaults.length === 0 ? <p className="cell-sub">No public vault.</p> : <VaultRefTable vaults={detail.vaults} label="Campaign vaults" compact />}
          </div>
        </div>
      ) : null}
    </Screen>
  );
}
