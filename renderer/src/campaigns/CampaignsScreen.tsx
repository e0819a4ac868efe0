import { useEffect } from 'react';
import { useNavigationStore } from '../navigation/navigation-store';
import { ErrorNotice } from '../components/ErrorNotice';
import { timeLabels } from '../components/format';
import { pickText } from '../components/text';
import '../components/insights.css';
import { CampaignDates, CampaignStatePill } from './CampaignState';
import { useCampaignsStore } from './campaigns-store';

/** Every campaign the service lists: running ones first, then upcoming, then finished. */
export function CampaignsScreen() {
  const { list, listLoading, listError, loadList, open } = useCampaignsStore();
  const sourceVersion = useNavigationStore((s) => s.sourceVersion);
  useEffect(() => {
    void loadList();
  }, [loadList, sourceVersion]);
  const updated = list ? timeLabels(list.fetchedAtMs) : null;

  return (
    <section className="screen" aria-labelledby="campaigns-title">
      <header className="screen-header">
        <div>
          <h1 id="campaigns-title">Campaigns</h1>
          <p className="screen-sub">
            {list ? `${list.campaigns.length} points campaign${list.campaigns.length === 1 ? '' : 's'} · open one for its rules and your batch's points` : 'Loading the campaigns…'}
          </p>
        </div>
        <div className="screen-actions">
          {updated ? (
            <span className="freshness" title={updated.utc}>
              Updated {updated.local}
            </span>
          ) : null}
          <button type="button" className="button" onClick={() => void loadList(true)} disabled={listLoading} aria-busy={listLoading}>
            {listLoading ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
      </header>
      {listError ? <ErrorNotice error={listError} title={list ? 'Could not refresh: the list below is from the last successful load.' : 'Could not load the campaigns.'} /> : null}
      {list && list.campaigns.length === 0 ? <p className="empty">The service lists no campaigns.</p> : null}
      {list && list.campaigns.length > 0 ? (
        <div className={`table-wrap${listError ? ' stale' : ''}`}>
          <table className="table" aria-label="Campaigns">
            <thead>
              <tr>
                <th scope="col">Campaign</th>
                <th scope="col">State</th>
                <th scope="col">Dates</th>
                <th scope="col" className="num">
                  Vaults
                </th>
              </tr>
            </thead>
            <tbody>
              {list.campaigns.map((c) => (
                <tr key={c.id} data-campaign-id={c.id}>
                  <td>
                    <button type="button" className="link-button cell-title vault-link" onClick={() => open(c.id)}>
                      {pickText(c.name, c.code ?? c.id)}
                    </button>
                    {c.description ? <div className="cell-sub">{pickText(c.description)}</div> : null}
                  </td>
                  <td>
                    <CampaignStatePill state={c.state} />
                  </td>
                  <td>
                    <CampaignDates campaign={c} />
                  </td>
                  <td className="num">{c.vaultCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
